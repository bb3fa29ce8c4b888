// The workbench's language: the system locale by default, or the override stored in QSettings
// ("language": "en", "de", "zh_CN"; empty = system). Translations are embedded (:/i18n).
#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace cc::ui {

/// Language codes with a translation, plus "en" (the source language).
QStringList availableLanguages();
/// A language's own name ("Deutsch", "简体中文", "English").
QString languageName(const QString& code);

QString languageOverride();
void setLanguageOverride(const QString& code);

/// Installs the translators for override (or, when empty, the system locale) into app.
/// Returns the code in effect ("en" when no translation matched).
QString installTranslations(QCoreApplication& app, const QString& override);

} // namespace cc::ui
