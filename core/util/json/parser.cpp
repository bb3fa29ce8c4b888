#include "core/util/json/parser.h"

#include "core/util/errors.h"
#include "core/util/json/reader.h"
#include "core/util/limits.h"

#include <unordered_set>

namespace cc::json {

namespace {

/// An object that has more members than this checks duplicates with a set, not by scanning.
constexpr std::size_t kLinearKeyCheck = 16;

struct Frame {
    Value* container = nullptr;
    bool isArray = false;
    std::size_t count = 0;                ///< elements / members so far
    std::unordered_set<std::string> keys; ///< only for large objects
};

class Parser {
public:
    Parser(std::string_view text, const std::string& source, const ParseLimits& limits, std::size_t begin = 0,
           std::string basePath = "$")
        : text_(text), source_(source), limits_(limits), pos_(begin), basePath_(std::move(basePath))
    {
    }

    Value run()
    {
        std::size_t begin = pos_;
        skipSpace();
        if (pos_ >= text_.size()) {
            failAt(pos_, text_.size() == begin ? "is empty, not JSON" : "holds only white space, not JSON");
        }
        std::string looks = sniffNonJson(text_.substr(pos_, 64));
        if (!looks.empty()) {
            failAt(pos_, "is not JSON (looks like " + looks + ")");
        }
        Value root;
        parseValueInto(root);
        while (!stack_.empty()) {
            step();
        }
        skipSpace();
        if (pos_ < text_.size()) {
            failSyntax(pos_, "has more text after the end of the JSON document");
        }
        return root;
    }

private:
    /// A break of JSON's grammar (as opposed to a limit or a rule of the product).
    [[noreturn]] void failSyntax(std::size_t offset, const std::string& rule) const
    {
        failAt(offset, "is not valid JSON: it " + rule);
    }

    [[noreturn]] void failAt(std::size_t offset, const std::string& rule) const
    {
        TextPosition where = positionOf(text_, offset);
        throw InputError(Diagnostic{source_, kNoEvent, {}, path(), rule + " at " + describePosition(where)});
    }

    [[noreturn]] void failEnd(std::string_view inside) const
    {
        failSyntax(text_.size(), "ends inside " + std::string(inside) + " (the text is truncated)");
    }

    std::string path() const
    {
        std::string p = basePath_;
        for (const Frame& f : stack_) {
            if (f.count == 0) {
                break;
            }
            if (f.isArray) {
                p = childPath(p, f.count - 1);
            } else {
                p = childPath(p, f.container->members()[f.count - 1].key);
            }
        }
        return p;
    }

    void skipSpace()
    {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            ++pos_;
        }
    }

    /// One step of the container on top of the stack: a separator, a closing bracket, or the
    /// next element (which may open a new container).
    void step()
    {
        Frame& f = stack_.back();
        skipSpace();
        if (pos_ >= text_.size()) {
            failEnd(f.isArray ? "an array" : "an object");
        }
        char c = text_[pos_];
        char close = f.isArray ? ']' : '}';
        if (c == close) {
            ++pos_;
            stack_.pop_back();
            return;
        }
        if (f.count > 0) {
            if (c != ',') {
                failSyntax(pos_, std::string("expects ',' or '") + close + "' here, not " + describeChar(c));
            }
            ++pos_;
            skipSpace();
            if (pos_ >= text_.size()) {
                failEnd(f.isArray ? "an array" : "an object");
            }
            c = text_[pos_];
            if (c == close) {
                failSyntax(pos_, "has a trailing comma, which JSON does not allow");
            }
        }
        if (f.isArray) {
            ++f.count;
            // Pointer into the parent's vector: stays valid while this child is open, because
            // the parent grows only after the child is closed.
            auto& items = f.container->items();
            items.emplace_back();
            parseValueInto(items.back());
            return;
        }
        if (c != '"') {
            failSyntax(pos_, "expects an object key in double quotes here, not " + describeChar(c));
        }
        std::string key = parseString();
        auto& members = f.container->members();
        if (members.size() < kLinearKeyCheck) {
            for (const Member& m : members) {
                if (m.key == key) {
                    failDuplicate(key);
                }
            }
            if (members.size() + 1 == kLinearKeyCheck) {
                for (const Member& m : members) {
                    f.keys.insert(m.key);
                }
                f.keys.insert(key);
            }
        } else if (!f.keys.insert(key).second) {
            failDuplicate(key);
        }
        skipSpace();
        if (pos_ >= text_.size()) {
            failEnd("an object");
        }
        if (text_[pos_] != ':') {
            failSyntax(pos_, "expects ':' after the key here, not " + describeChar(text_[pos_]));
        }
        ++pos_;
        members.push_back(Member{std::move(key), Value()});
        ++f.count;
        skipSpace();
        parseValueInto(members.back().value);
    }

    [[noreturn]] void failDuplicate(const std::string& key)
    {
        std::size_t at = pos_;
        // Name the duplicate in the path: count it as the current member.
        Frame& f = stack_.back();
        f.container->members().push_back(Member{key, Value()});
        ++f.count;
        failAt(at, "has a duplicate key \"" + printable(key) + "\" in one object (duplicate keys are refused)");
    }

    static std::string printable(const std::string& s)
    {
        std::string out;
        for (char c : s.substr(0, 64)) {
            auto u = static_cast<unsigned char>(c);
            out += (u < 0x20 || c == '"' || c == '\\') ? '?' : c;
        }
        if (s.size() > 64) {
            out += "...";
        }
        return out;
    }

    static std::string describeChar(char c)
    {
        auto u = static_cast<unsigned char>(c);
        if (u >= 0x21 && u < 0x7f) {
            return std::string("'") + c + "'";
        }
        static constexpr char kHex[] = "0123456789abcdef";
        return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
    }

    /// Parses a value at pos_ into out; a container is opened and pushed, to be filled by step().
    void parseValueInto(Value& out)
    {
        skipSpace();
        if (pos_ >= text_.size()) {
            failSyntax(pos_, stack_.empty() ? "ends before any value"
                                            : "ends where a value was expected (the text is truncated)");
        }
        char c = text_[pos_];
        switch (c) {
        case '{':
        case '[': {
            if (stack_.size() >= limits_.maxDepth) {
                failAt(pos_, "JSON nesting is deeper than the limit of " + std::to_string(limits_.maxDepth) +
                                 " levels of arrays and objects");
            }
            ++pos_;
            out = c == '{' ? Value::object() : Value::array();
            stack_.push_back(Frame{&out, c == '[', 0, {}});
            return;
        }
        case '"':
            out = Value(parseString());
            return;
        case 't':
            literal("true");
            out = Value(true);
            return;
        case 'f':
            literal("false");
            out = Value(false);
            return;
        case 'n':
            literal("null");
            out = Value();
            return;
        default:
            if (c == '-' || (c >= '0' && c <= '9')) {
                out = parseNumber();
                return;
            }
            failSyntax(pos_, "expects a JSON value here, not " + describeChar(c));
        }
    }

    void literal(std::string_view word)
    {
        if (text_.substr(pos_, word.size()) != word) {
            if (text_.size() - pos_ < word.size() && word.substr(0, text_.size() - pos_) == text_.substr(pos_)) {
                failEnd("the literal " + std::string(word));
            }
            failSyntax(pos_, "expects a JSON value here (true, false, null, a number, a string, [ or {)");
        }
        pos_ += word.size();
    }

    Value parseNumber()
    {
        std::size_t start = pos_;
        bool negative = false;
        if (text_[pos_] == '-') {
            negative = true;
            ++pos_;
        }
        auto digit = [&] { return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9'; };
        if (!digit()) {
            if (pos_ >= text_.size()) {
                failEnd("a number");
            }
            failSyntax(pos_, "expects a digit in the number here");
        }
        bool exact = true;
        std::uint64_t magnitude = 0;
        if (text_[pos_] == '0') {
            ++pos_;
            if (digit()) {
                failSyntax(pos_, "has a number with a leading zero, which JSON does not allow");
            }
        } else {
            while (digit()) {
                auto d = static_cast<std::uint64_t>(text_[pos_] - '0');
                if (magnitude > (UINT64_MAX - d) / 10) {
                    exact = false;
                } else if (exact) {
                    magnitude = magnitude * 10 + d;
                }
                ++pos_;
            }
        }
        if (pos_ < text_.size() && text_[pos_] == '.') {
            exact = false;
            ++pos_;
            if (!digit()) {
                if (pos_ >= text_.size()) {
                    failEnd("a number");
                }
                failSyntax(pos_, "expects a digit after the decimal point");
            }
            while (digit()) {
                ++pos_;
            }
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            exact = false;
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) {
                ++pos_;
            }
            if (!digit()) {
                if (pos_ >= text_.size()) {
                    failEnd("a number");
                }
                failSyntax(pos_, "expects a digit in the exponent");
            }
            while (digit()) {
                ++pos_;
            }
        }
        if (pos_ - start > limits_.maxNumberChars) {
            failAt(start, "has a number literal longer than the limit of " + std::to_string(limits_.maxNumberChars) +
                              " characters");
        }
        constexpr std::uint64_t kMinMagnitude = static_cast<std::uint64_t>(INT64_MAX) + 1;
        if (exact && negative && magnitude > kMinMagnitude) {
            exact = false;
        }
        if (!exact) {
            return Value::number(std::string(text_.substr(start, pos_ - start)));
        }
        return Value::integer(Integer{magnitude, negative});
    }

    static int hexValue(char c)
    {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    unsigned readHex4()
    {
        if (text_.size() - pos_ < 4) {
            failEnd("a \\u escape");
        }
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            int h = hexValue(text_[pos_ + static_cast<std::size_t>(i)]);
            if (h < 0) {
                failSyntax(pos_ + static_cast<std::size_t>(i), "has a \\u escape that is not four hex digits");
            }
            v = v * 16 + static_cast<unsigned>(h);
        }
        pos_ += 4;
        return v;
    }

    static void appendUtf8(std::string& out, unsigned cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xc0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xe0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        } else {
            out += static_cast<char>(0xf0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
            out += static_cast<char>(0x80 | (cp & 0x3f));
        }
    }

    std::string parseString()
    {
        std::size_t start = pos_;
        ++pos_; // opening quote
        std::string out;
        for (;;) {
            // Copy the run of plain bytes in one go.
            std::size_t run = pos_;
            while (run < text_.size()) {
                auto u = static_cast<unsigned char>(text_[run]);
                if (u == '"' || u == '\\' || u < 0x20 || u >= 0x80) {
                    break;
                }
                ++run;
            }
            out.append(text_.data() + pos_, run - pos_);
            pos_ = run;
            if (out.size() > limits_.maxStringBytes) {
                failAt(start,
                       "has a string longer than the limit of " + std::to_string(limits_.maxStringBytes) + " bytes");
            }
            if (pos_ >= text_.size()) {
                pos_ = start;
                failEnd("a string");
            }
            auto u = static_cast<unsigned char>(text_[pos_]);
            if (u == '"') {
                ++pos_;
                return out;
            }
            if (u < 0x20) {
                failSyntax(pos_, "has a control character (" + describeChar(text_[pos_]) +
                                     ") inside a string; JSON requires it escaped");
            }
            if (u >= 0x80) {
                std::size_t n = utf8SequenceLength(text_, pos_);
                if (n == 0) {
                    failSyntax(pos_, "has a string that is not valid UTF-8");
                }
                out.append(text_.data() + pos_, n);
                pos_ += n;
                continue;
            }
            // Backslash.
            ++pos_;
            if (pos_ >= text_.size()) {
                failEnd("a string");
            }
            char e = text_[pos_++];
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                std::size_t escapeAt = pos_ - 2;
                unsigned cp = readHex4();
                if (cp >= 0xd800 && cp <= 0xdbff) {
                    if (text_.substr(pos_, 2) != "\\u") {
                        failSyntax(escapeAt, "has an unpaired UTF-16 surrogate in a \\u escape");
                    }
                    pos_ += 2;
                    unsigned low = readHex4();
                    if (low < 0xdc00 || low > 0xdfff) {
                        failSyntax(escapeAt, "has an unpaired UTF-16 surrogate in a \\u escape");
                    }
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
                } else if (cp >= 0xdc00 && cp <= 0xdfff) {
                    failSyntax(escapeAt, "has an unpaired UTF-16 surrogate in a \\u escape");
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                failSyntax(pos_ - 2, "has an unknown escape \\" + describeChar(e) + " in a string");
            }
        }
    }

    std::string_view text_;
    const std::string& source_;
    const ParseLimits& limits_;
    std::size_t pos_ = 0;
    std::string basePath_;
    std::vector<Frame> stack_;
};

} // namespace

ParseLimits defaultParseLimits()
{
    const ResourceLimits& limits = resourceLimits();
    ParseLimits p;
    p.maxDepth = limits.maxJsonDepth;
    p.maxStringBytes = limits.maxStringBytes;
    return p;
}

Value parse(std::string_view text, const std::string& source)
{
    return parse(text, source, defaultParseLimits());
}

Value parse(std::string_view text, const std::string& source, const ParseLimits& limits)
{
    Parser parser(text, source, limits);
    return parser.run();
}

Value parseSpan(std::string_view whole, std::size_t begin, std::size_t end, const std::string& source,
                const std::string& basePath)
{
    ParseLimits limits = defaultParseLimits();
    Parser parser(whole.substr(0, std::min(end, whole.size())), source, limits, begin, basePath);
    return parser.run();
}

TextPosition positionOf(std::string_view text, std::size_t offset)
{
    TextPosition p;
    p.offset = std::min(offset, text.size());
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < p.offset; ++i) {
        if (text[i] == '\n') {
            ++p.line;
            lineStart = i + 1;
        }
    }
    p.column = p.offset - lineStart + 1;
    return p;
}

std::string describePosition(const TextPosition& position)
{
    return "byte " + std::to_string(position.offset) + " (line " + std::to_string(position.line) + ", column " +
           std::to_string(position.column) + ")";
}

std::size_t utf8SequenceLength(std::string_view text, std::size_t at)
{
    auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    std::size_t n = 0;
    unsigned min = 0;
    if (lead >= 0xc2 && lead <= 0xdf) {
        n = 2;
        min = 0x80;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        n = 3;
        min = 0x800;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        n = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (text.size() - at < n) {
        return 0;
    }
    unsigned cp = lead & (0x7fU >> n);
    for (std::size_t i = 1; i < n; ++i) {
        if ((byte(i) & 0xc0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (byte(i) & 0x3fU);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        return 0;
    }
    return n;
}

std::size_t nestingDepth(std::string_view json)
{
    std::size_t depth = 0;
    std::size_t deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        char c = json[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

std::string sniffNonJson(std::string_view head)
{
    auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
    if (starts("\x89PNG")) {
        return "a PNG image";
    }
    if (starts("\x1f\x8b")) {
        return "gzip-compressed data";
    }
    if (starts("\xff\xd8\xff")) {
        return "a JPEG image";
    }
    if (starts("GIF8")) {
        return "a GIF image";
    }
    if (starts("%PDF")) {
        return "a PDF document";
    }
    if (starts(std::string_view("PK\x03\x04", 4))) {
        return "a ZIP archive";
    }
    if (starts("\x7f"
               "ELF")) {
        return "an ELF executable";
    }
    if (starts(std::string_view("\x28\xb5\x2f\xfd", 4))) {
        return "zstd-compressed data";
    }
    if (starts("BZh")) {
        return "bzip2-compressed data";
    }
    if (starts(std::string_view("\xfd"
                                "7zXZ",
                                5))) {
        return "xz-compressed data";
    }
    if (starts("\xef\xbb\xbf")) {
        return "UTF-8 text with a byte-order mark, which JSON does not allow; remove the first three bytes";
    }
    if (starts("\xff\xfe") || starts("\xfe\xff") || (head.size() >= 2 && (head[0] == 0 || head[1] == 0))) {
        return "UTF-16 text; JSON files must be UTF-8";
    }
    if (starts("<")) {
        return "XML or HTML";
    }
    if (head.empty()) {
        return {};
    }
    char c = head[0];
    bool jsonStart =
        c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n';
    if (jsonStart) {
        return {};
    }
    std::size_t binary = 0;
    for (char b : head) {
        auto u = static_cast<unsigned char>(b);
        if (u < 0x09 || (u > 0x0d && u < 0x20)) {
            ++binary;
        }
    }
    if (binary > 0) {
        return "binary data";
    }
    return "plain text";
}

} // namespace cc::json
