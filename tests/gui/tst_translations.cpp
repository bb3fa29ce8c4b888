// German and Simplified Chinese are complete (no unfinished or empty translation, every
// placeholder kept) and embedded: the workbench's own strings and Qt's load for each language.
#include "gui_support.h"

#include "ui/shell/language.h"

#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

class TestTranslations : public QObject {
    Q_OBJECT
private:
    static QString tsFile(const QString& language)
    {
        return QStringLiteral(COMMCANARY_TRANSLATIONS_DIR "/commcanary_%1.ts").arg(language);
    }

    static QStringList placeholders(const QString& text)
    {
        static const QRegularExpression placeholder(QStringLiteral("%\\d"));
        QStringList found;
        auto it = placeholder.globalMatch(text);
        while (it.hasNext()) {
            found << it.next().captured();
        }
        found.sort();
        return found;
    }

private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_translations")); }

    void complete_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("German") << QStringLiteral("de");
        QTest::newRow("Simplified Chinese") << QStringLiteral("zh_CN");
    }

    // Every incomplete message is listed, not only the first, so one run names all the work left.
    void complete()
    {
        QFETCH(QString, language);
        QFile file(tsFile(language));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QXmlStreamReader xml(&file);
        int messages = 0;
        QString context;
        QString source;
        QStringList problems;
        auto report = [&](const QString& what) {
            problems << QStringLiteral("  [%1] \"%2\": %3").arg(context, source, what);
        };
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) {
                continue;
            }
            if (xml.name() == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                const QString type = xml.attributes().value(QStringLiteral("type")).toString();
                // A plural message holds one <numerusform> per grammatical form; each is checked.
                QString direct;
                QStringList forms;
                while (!xml.atEnd()) {
                    xml.readNext();
                    if (xml.isEndElement() && xml.name() == QLatin1String("translation")) {
                        break;
                    }
                    if (xml.isCharacters()) {
                        direct += xml.text();
                    } else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) {
                        forms << xml.readElementText();
                    }
                }
                if (forms.isEmpty()) {
                    forms << direct;
                }
                ++messages;
                if (type == QLatin1String("unfinished") || type == QLatin1String("vanished") ||
                    type == QLatin1String("obsolete")) {
                    report(type);
                    continue;
                }
                for (const QString& text : std::as_const(forms)) {
                    if (text.isEmpty()) {
                        report(QStringLiteral("empty translation"));
                    } else if (placeholders(text) != placeholders(source)) {
                        report(QStringLiteral("placeholders %1 in \"%2\"")
                                   .arg(placeholders(text).join(QLatin1Char(',')), text));
                    }
                }
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(messages > 300, "the .ts file lost its messages");
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 of %2 messages are unfinished, empty or change a placeholder in %3:\n%4")
                                .arg(problems.size())
                                .arg(messages)
                                .arg(file.fileName(), problems.join(QLatin1Char('\n')))));
    }

    void embeddedAndLoadable()
    {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/commcanary_de.qm")));
        QCOMPARE(german.translate("cc::ui::MainWindow", "&File"), QStringLiteral("&Datei"));
        QTranslator chinese;
        QVERIFY(chinese.load(QStringLiteral(":/i18n/commcanary_zh_CN.qm")));
        QCOMPARE(chinese.translate("cc::ui::MainWindow", "&File"), QString::fromUtf8("文件(&F)"));
        QCOMPARE(chinese.translate("cc::ui::TimelinePanel", "&Next Tail Window"),
                 QString::fromUtf8("下一个尾部窗口(&N)"));
        // The verification stepper's evidence rows translate under their own context.
        QCOMPARE(german.translate("VerificationText", "Segment %1 (events %2 to %3)"),
                 QStringLiteral("Segment %1 (Ereignisse %2 bis %3)"));
        QCOMPARE(cc::ui::availableLanguages(),
                 (QStringList{QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")}));
        cc::ui::setLanguageOverride(QStringLiteral("de"));
        QCOMPARE(cc::ui::languageOverride(), QStringLiteral("de"));
        cc::ui::setLanguageOverride(QString());
    }

    void overrideInstallsTheTranslation()
    {
        QCOMPARE(cc::ui::installTranslations(*QCoreApplication::instance(), QStringLiteral("zh_CN")),
                 QStringLiteral("zh_CN"));
        QCOMPARE(QCoreApplication::translate("cc::ui::ReplayController", "default (built in)"),
                 QString::fromUtf8("默认（内置）"));
        QCOMPARE(cc::ui::installTranslations(*QCoreApplication::instance(), QStringLiteral("en")),
                 QStringLiteral("en"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
