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
        return cctest::examplesDir() + QStringLiteral("/../../translations/commcanary_%1.ts").arg(language);
    }

private slots:
    void initTestCase() { cctest::isolateSettings(QStringLiteral("tst_translations")); }

    void complete_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("German") << QStringLiteral("de");
        QTest::newRow("Simplified Chinese") << QStringLiteral("zh_CN");
    }

    void complete()
    {
        QFETCH(QString, language);
        QFile file(tsFile(language));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QXmlStreamReader xml(&file);
        int messages = 0;
        QString source;
        static const QRegularExpression placeholder(QStringLiteral("%\\d"));
        auto placeholders = [](const QString& text) {
            QStringList found;
            auto it = placeholder.globalMatch(text);
            while (it.hasNext()) {
                found << it.next().captured();
            }
            found.sort();
            return found;
        };
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) {
                continue;
            }
            if (xml.name() == QLatin1String("source")) {
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
                QVERIFY2(type != QLatin1String("unfinished") && type != QLatin1String("vanished"), qPrintable(source));
                for (const QString& text : std::as_const(forms)) {
                    QVERIFY2(!text.isEmpty(), qPrintable(source));
                    QCOMPARE(placeholders(text), placeholders(source));
                }
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY2(messages > 300, "the .ts file lost its messages");
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
