// The one strict JSON toolkit (core/util/json): exact integers, numbers that never throw,
// a nesting limit without recursion, duplicate keys refused, error positions, and a writer whose
// bytes are fixed.
#include "core/util/errors.h"
#include "core/util/json/parser.h"
#include "core/util/json/reader.h"
#include "core/util/json/writer.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace cc;

namespace {

QString refusal(const std::string& text, const json::ParseLimits& limits = json::ParseLimits{})
{
    try {
        json::parse(text, "doc.json", limits);
    } catch (const InputError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestJson : public QObject {
    Q_OBJECT
private slots:
    void integersAreExact()
    {
        auto v = json::parse(R"({"a":9223372036854775807,"b":-9223372036854775808,"c":18446744073709551615})", "x");
        QCOMPARE(*v.find("a")->toInt64(), std::numeric_limits<std::int64_t>::max());
        QCOMPARE(*v.find("b")->toInt64(), std::numeric_limits<std::int64_t>::min());
        QVERIFY(!v.find("c")->toInt64());
        QCOMPARE(*v.find("c")->toUInt64(), std::numeric_limits<std::uint64_t>::max());
    }

    void numbersBeyondRangeNeverThrow_data()
    {
        QTest::addColumn<QString>("literal");
        QTest::newRow("double overflow") << QStringLiteral("1e309");
        QTest::newRow("huge integer") << QStringLiteral("18446744073709551616");
        QTest::newRow("below int64") << QStringLiteral("-9223372036854775809");
        QTest::newRow("fraction") << QStringLiteral("1.5");
        QTest::newRow("tiny") << QStringLiteral("1e-400");
    }
    void numbersBeyondRangeNeverThrow()
    {
        QFETCH(QString, literal);
        const std::string text = "{\"n\":" + literal.toStdString() + "}";
        json::Value v = json::parse(text, "doc.json");
        QVERIFY(v.find("n")->isNumber());
        QCOMPARE(QString::fromStdString(v.find("n")->numberLiteral()), literal);
        // The typed reader refuses it with its path and the literal, as an InputError.
        json::Reader r("doc.json");
        try {
            r.integer(*v.find("n"), "$.n", 0, 100);
            QFAIL("a non-integer was accepted");
        } catch (const InputError& e) {
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.contains(QStringLiteral("doc.json")) && what.contains(QStringLiteral("$.n")) &&
                         what.contains(literal.left(20)),
                     qPrintable(what));
        }
    }

    void nestingLimitWithoutRecursion()
    {
        // A million brackets: refused at the limit, no stack overflow.
        const QString what = refusal(std::string(1'000'000, '['));
        QVERIFY2(what.contains(QStringLiteral("deeper than the limit of 64")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("byte 64")), qPrintable(what));
        json::ParseLimits shallow;
        shallow.maxDepth = 2;
        QVERIFY(refusal("[[1]]", shallow).isEmpty());
        QVERIFY(!refusal("[[[1]]]", shallow).isEmpty());
    }

    void duplicateKeysAreRefused_data()
    {
        QTest::addColumn<int>("members");
        QTest::newRow("small object") << 3;
        QTest::newRow("large object (set lookup)") << 200;
    }
    void duplicateKeysAreRefused()
    {
        QFETCH(int, members);
        std::string text = "{";
        for (int i = 0; i < members; ++i) {
            text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
        }
        text += "\"k1\":0}";
        const QString what = refusal(text);
        QVERIFY2(what.contains(QStringLiteral("duplicate key \"k1\"")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("$.k1")), qPrintable(what));
    }

    void errorsNamePositions()
    {
        std::string text = "{\n  \"a\": [1, 2,\n";
        text += std::string(9000, ' ');
        const QString what = refusal(text);
        QVERIFY2(what.contains(QStringLiteral("truncated")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("line 3")), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("byte ") + QString::number(text.size())), qPrintable(what));
        QVERIFY2(what.contains(QStringLiteral("$.a[1]")), qPrintable(what));
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("png") << QByteArray("\x89PNG\r\n\x1a\n", 8) << QStringLiteral("looks like a PNG image");
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00", 4) << QStringLiteral("gzip-compressed");
        QTest::newRow("bom") << QByteArray("\xef\xbb\xbf{}") << QStringLiteral("byte-order mark");
        QTest::newRow("trailing comma") << QByteArray("[1,]") << QStringLiteral("trailing comma");
        QTest::newRow("leading zero") << QByteArray("[01]") << QStringLiteral("leading zero");
        QTest::newRow("control char") << QByteArray("[\"a\tb\"]") << QStringLiteral("control character");
        QTest::newRow("bad utf8") << QByteArray("[\"\xc3\x28\"]") << QStringLiteral("not valid UTF-8");
        QTest::newRow("lone surrogate") << QByteArray("[\"\\ud800\"]") << QStringLiteral("surrogate");
        QTest::newRow("bad escape") << QByteArray("[\"\\x\"]") << QStringLiteral("unknown escape");
        QTest::newRow("after document") << QByteArray("{} {}") << QStringLiteral("after the end");
        QTest::newRow("single quotes") << QByteArray("{'a':1}") << QStringLiteral("object key in double quotes");
        QTest::newRow("nan") << QByteArray("[NaN]") << QStringLiteral("expects a JSON value");
        QTest::newRow("truncated literal") << QByteArray("[tru") << QStringLiteral("truncated");
    }
    void refusals()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const QString what = refusal(text.toStdString());
        QVERIFY2(what.contains(expected), qPrintable(what));
        QVERIFY2(what.startsWith(QStringLiteral("doc.json")), qPrintable(what));
    }

    void stringLimitNeverEchoesTheValue()
    {
        json::ParseLimits limits;
        limits.maxStringBytes = 1000;
        const std::string text = "[\"" + std::string(5'000'000, 'x') + "\"]";
        const QString what = refusal(text, limits);
        QVERIFY2(what.contains(QStringLiteral("longer than the limit of 1000 bytes")), qPrintable(what));
        QVERIFY(what.size() < 300);
    }

    void escapesAndUnicodeRoundTrip()
    {
        const std::string text = "[\"\\u00e9\\ud83d\\ude00\\n\\\"\\\\\\/\\b\\f\\r\\t\\u0001\"]";
        json::Value v = json::parse(text, "x");
        QCOMPARE(v[0].string(), std::string("\xc3\xa9\xf0\x9f\x98\x80\n\"\\/\b\f\r\t\x01"));
        QCOMPARE(json::toText(v), std::string("[\"\xc3\xa9\xf0\x9f\x98\x80\\n\\\"\\\\/\\b\\f\\r\\t\\u0001\"]"));
    }

    void membersKeepDeclaredOrder()
    {
        json::Value v = json::parse(R"({"z":1,"a":2,"m":{"y":[],"b":{}}})", "x");
        QCOMPARE(json::toText(v), std::string(R"({"z":1,"a":2,"m":{"y":[],"b":{}}})"));
        QCOMPARE(json::toText(json::sortedByKey(v)), std::string(R"({"a":2,"m":{"b":{},"y":[]},"z":1})"));
    }

    void writerPlacesSeparators()
    {
        std::string out;
        json::Writer w(out);
        w.beginObject().field("a", std::int64_t{-5}).key("b").beginArray().integer(1).string("x").null().boolean(true);
        w.beginObject().endObject().endArray().field("c", std::uint64_t{18446744073709551615ULL}).endObject();
        QCOMPARE(out, std::string(R"({"a":-5,"b":[1,"x",null,true,{}],"c":18446744073709551615})"));
    }

    void indentedLayout()
    {
        json::Value v = json::parse(R"({"a":[1,{"b":null}],"c":{},"d":[]})", "x");
        QCOMPARE(
            json::toIndentedText(v, 2),
            std::string("{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"c\": {},\n  \"d\": []\n}"));
    }

    void readerRefusesWrongKinds()
    {
        json::Value v = json::parse(R"({"list":[1],"obj":{"k":true}})", "cfg.json");
        json::Reader r("cfg.json");
        auto refusedWith = [&](auto&& call) {
            try {
                call();
            } catch (const InputError& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        QVERIFY(refusedWith([&] { r.object(*v.find("list"), "$.list"); }).contains(QStringLiteral("not an array")));
        QVERIFY(refusedWith([&] { r.member(v, "$", "missing"); }).contains(QStringLiteral("$.missing")));
        QVERIFY(refusedWith([&] { r.member(*v.find("list"), "$.list", "x"); }).contains(QStringLiteral("object")));
        QVERIFY(refusedWith([&] { r.onlyKeys(v, "$", {"list"}); }).contains(QStringLiteral("$.obj")));
        QVERIFY(refusedWith([&] {
                    r.string(*v.find("obj")->find("k"), "$.obj.k");
                }).contains(QStringLiteral("not a boolean")));
    }

    void writeIntSpellsEveryWidth()
    {
        // Each width from one digit to nineteen, both signs, on both sides of every power of ten,
        // and the extremes: what std::to_string spells.
        std::vector<std::int64_t> values{0, std::numeric_limits<std::int64_t>::max(),
                                         std::numeric_limits<std::int64_t>::min()};
        for (std::int64_t power = 1; power <= std::numeric_limits<std::int64_t>::max() / 10; power *= 10) {
            for (const std::int64_t value : {power - 1, power, power + 1, 10 * power - 1}) {
                values.push_back(value);
                values.push_back(-value);
            }
        }
        for (std::int64_t value = -1000; value <= 1000; ++value) {
            values.push_back(value);
        }
        for (const std::int64_t value : values) {
            char buffer[json::kMaxIntBytes + 1];
            const char* end = json::writeInt(buffer, value);
            QCOMPARE(std::string(static_cast<const char*>(buffer), end), std::to_string(value));
            QCOMPARE(json::intBytes(value), std::to_string(value).size());
        }
    }

    void stringLengthsAreWhatIsWritten()
    {
        // Every byte alone, and a mix: the counted length is the appended one, and a byte is
        // escaped exactly when needsEscape says so.
        std::vector<std::string> strings{{}, "plain", "a\"b\\c\n\t\x01\x1f\x7f \xc3\xa9"};
        for (int byte = 0; byte < 256; ++byte) {
            strings.emplace_back(1, static_cast<char>(byte));
        }
        for (const std::string& s : strings) {
            std::string out;
            json::appendString(out, s);
            QCOMPARE(json::stringLiteralBytes(s), out.size());
            if (s.size() == 1) {
                QCOMPARE(out.size() > 3, json::needsEscape(s[0]));
            }
        }
    }

    void nestingDepthScan()
    {
        QCOMPARE(json::nestingDepth("{\"a\":\"[[[[\",\"b\":[[1]]}"), std::size_t(3));
        QCOMPARE(json::nestingDepth(std::string(100000, '[')), std::size_t(100000));
    }
};

QTEST_APPLESS_MAIN(TestJson)
#include "tst_json.moc"
