#include "ui/shell/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace cc::ui {

namespace {
const QString kKey = QStringLiteral("language");
}

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};
}

QString languageName(const QString& code)
{
    if (code == QLatin1String("de")) {
        return QStringLiteral("Deutsch");
    }
    if (code == QLatin1String("zh_CN")) {
        return QString::fromUtf8("简体中文");
    }
    return QStringLiteral("English");
}

QString languageOverride()
{
    return QSettings().value(kKey).toString();
}

void setLanguageOverride(const QString& code)
{
    QSettings().setValue(kKey, code);
}

QString installTranslations(QCoreApplication& app, const QString& override)
{
    const QLocale locale = override.isEmpty() ? QLocale::system() : QLocale(override);
    if (override == QLatin1String("en") || locale.language() == QLocale::English || locale.language() == QLocale::C) {
        return QStringLiteral("en");
    }
    auto* ours = new QTranslator(&app);
    if (!ours->load(locale, QStringLiteral("commcanary"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete ours;
        return QStringLiteral("en");
    }
    app.installTranslator(ours);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt);
    } else {
        delete qt;
    }
    return locale.language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("de");
}

} // namespace cc::ui
