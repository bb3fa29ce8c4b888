// commcanary-workbench [FILE...]: the desktop workbench. Opens every file given on the command
// line (traces, canaries, replay reports, verifications, configuration sets) as if chosen in File ▸ Open.
#include "core/util/processor_check.h"
#include "ui/shell/language.h"
#include "ui/shell/main_window.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>

#include <cstdio>
#include <string>

int main(int argc, char** argv)
{
    if (const std::string reason = cc::unsupportedProcessorReason(); !reason.empty()) {
        std::fprintf(stderr, "commcanary-workbench: %s\n", reason.c_str());
        return 3;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("CommCanary"));
    QApplication::setOrganizationDomain(QStringLiteral("commcanary.dev"));
    QApplication::setApplicationName(QStringLiteral("CommCanary Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(COMMCANARY_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/workbench.svg")));

    // A first pass reads only the language, before the translators are installed, so that --help
    // itself is printed in the chosen language.
    QString chosen;
    {
        QCommandLineParser early;
        const QCommandLineOption language(QStringList{QStringLiteral("l"), QStringLiteral("language")}, QString(),
                                          QStringLiteral("code"));
        early.addOption(language);
        early.parse(QApplication::arguments());
        chosen = early.isSet(language) ? early.value(language) : cc::ui::languageOverride();
    }
    cc::ui::installTranslations(app, chosen);

    QCommandLineParser parser;
    const QCommandLineOption language(
        QStringList{QStringLiteral("l"), QStringLiteral("language")},
        QApplication::translate("main", "Language: en, de or zh_CN (default: the settings, else the system)."),
        QStringLiteral("code"));
    const QCommandLineOption resetLayout(
        QStringLiteral("reset-layout"),
        QApplication::translate("main", "Forget the saved window layout before starting."));
    parser.addOption(language);
    parser.addOption(resetLayout);
    parser.setApplicationDescription(QApplication::translate(
        "main", "CommCanary Workbench: inspect communication traces, their replays under backend configurations, and "
                "what a ranking depends on."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QApplication::translate("main", "Traces, replay reports or configuration sets to open."),
        QStringLiteral("[FILE...]"));
    parser.process(app);

    if (parser.isSet(resetLayout)) {
        QSettings settings;
        settings.remove(QStringLiteral("window"));
    }

    cc::ui::MainWindow window;
    window.show();
    window.openFiles(parser.positionalArguments());
    return QApplication::exec();
}
