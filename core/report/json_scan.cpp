#include "core/report/json_scan.h"

#include "core/util/json/reader.h"
#include "core/util/errors.h"
#include "core/util/limits.h"

namespace cc::json_scan {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isScalarChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || (c >= 'a' && c <= 'z');
}

class Scanner {
public:
    Scanner(std::string_view text, const std::string& source) : text_(text), source_(source) {}

    [[noreturn]] void fail(std::size_t at, const std::string& rule) const
    {
        throw InputError(source_, "not well-formed JSON at byte " + std::to_string(at) + ": " + rule);
    }

    std::size_t skipSpace(std::size_t pos) const
    {
        while (pos < text_.size() && isSpace(text_[pos])) {
            ++pos;
        }
        return pos;
    }

    /// pos at the opening quote; returns one past the closing quote; fills key when asked.
    std::size_t string(std::size_t pos, std::string* out) const
    {
        ++pos;
        while (pos < text_.size()) {
            char c = text_[pos];
            if (c == '"') {
                return pos + 1;
            }
            if (c == '\\') {
                if (pos + 1 >= text_.size()) {
                    break;
                }
                if (out != nullptr) {
                    char e = text_[pos + 1];
                    switch (e) {
                    case 'n':
                        *out += '\n';
                        break;
                    case 't':
                        *out += '\t';
                        break;
                    case 'r':
                        *out += '\r';
                        break;
                    case 'b':
                        *out += '\b';
                        break;
                    case 'f':
                        *out += '\f';
                        break;
                    case 'u':
                        *out += "\\u"; // kept escaped: keys of our formats are plain ASCII
                        break;
                    default:
                        *out += e;
                    }
                }
                pos += 2;
                continue;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail(pos, "control character inside a string");
            }
            if (out != nullptr) {
                *out += c;
            }
            ++pos;
        }
        fail(pos, "unterminated string");
    }

    /// Skips one value starting at pos (after whitespace); returns one past it.
    std::size_t value(std::size_t pos) const
    {
        pos = skipSpace(pos);
        if (pos >= text_.size()) {
            fail(pos, "a value is missing");
        }
        const std::uint64_t maxDepth = resourceLimits().maxJsonDepth;
        std::vector<char> stack;
        // Iterative walk: containers push their closer; scalars are consumed whole.
        while (true) {
            pos = skipSpace(pos);
            if (pos >= text_.size()) {
                fail(pos, "unexpected end of text");
            }
            char c = text_[pos];
            if (c == '{' || c == '[') {
                if (stack.size() >= maxDepth) {
                    fail(pos, "nesting deeper than " + std::to_string(maxDepth) + " levels");
                }
                stack.push_back(c == '{' ? '}' : ']');
                pos = skipSpace(pos + 1);
                if (pos < text_.size() && text_[pos] == stack.back()) {
                    stack.pop_back();
                    ++pos;
                } else if (c == '{') {
                    pos = memberKey(pos);
                    continue;
                } else {
                    continue;
                }
            } else if (c == '"') {
                pos = string(pos, nullptr);
            } else if (isScalarChar(c)) {
                std::size_t begin = pos;
                while (pos < text_.size() && isScalarChar(text_[pos])) {
                    ++pos;
                }
                std::string_view token = text_.substr(begin, pos - begin);
                bool literal = token == "true" || token == "false" || token == "null";
                bool number = !token.empty() && (token[0] == '-' || (token[0] >= '0' && token[0] <= '9'));
                if (!literal && !number) {
                    fail(begin, "unexpected token \"" + std::string(token.substr(0, 20)) + "\"");
                }
            } else {
                fail(pos, std::string("unexpected character '") + c + "'");
            }
            // After a complete value: close containers or continue with the next element.
            while (true) {
                if (stack.empty()) {
                    return pos;
                }
                pos = skipSpace(pos);
                if (pos >= text_.size()) {
                    fail(pos, "unexpected end of text");
                }
                char d = text_[pos];
                if (d == stack.back()) {
                    stack.pop_back();
                    ++pos;
                    continue;
                }
                if (d == ',') {
                    pos = skipSpace(pos + 1);
                    if (stack.back() == '}') {
                        pos = memberKey(pos);
                    }
                    break;
                }
                fail(pos, std::string("expected ',' or '") + stack.back() + "'");
            }
        }
    }

    /// pos at a member's key; returns the position of its value.
    std::size_t memberKey(std::size_t pos, std::string* key = nullptr) const
    {
        pos = skipSpace(pos);
        if (pos >= text_.size() || text_[pos] != '"') {
            fail(pos, "expected a member name");
        }
        pos = skipSpace(string(pos, key));
        if (pos >= text_.size() || text_[pos] != ':') {
            fail(pos, "expected ':' after a member name");
        }
        return pos + 1;
    }

private:
    std::string_view text_;
    const std::string& source_;
};

} // namespace

std::vector<MemberSpan> topLevelMembers(std::string_view text, const std::string& sourceName)
{
    Scanner scanner(text, sourceName);
    std::vector<MemberSpan> members;
    std::size_t pos = scanner.skipSpace(0);
    if (pos >= text.size() || text[pos] != '{') {
        scanner.fail(pos, "the document must be a JSON object");
    }
    pos = scanner.skipSpace(pos + 1);
    if (pos < text.size() && text[pos] == '}') {
        pos = scanner.skipSpace(pos + 1);
    } else {
        while (true) {
            MemberSpan member;
            pos = scanner.memberKey(pos, &member.key);
            member.begin = scanner.skipSpace(pos);
            member.end = scanner.value(member.begin);
            for (const auto& m : members) {
                if (m.key == member.key) {
                    throw InputError(Diagnostic{sourceName,
                                                kNoEvent,
                                                {},
                                                json::childPath("$", member.key),
                                                "duplicate key \"" + member.key + "\" in one object"});
                }
            }
            members.push_back(std::move(member));
            pos = scanner.skipSpace(members.back().end);
            if (pos < text.size() && text[pos] == ',') {
                ++pos;
                continue;
            }
            if (pos < text.size() && text[pos] == '}') {
                pos = scanner.skipSpace(pos + 1);
                break;
            }
            scanner.fail(pos, "expected ',' or '}' after a top-level member");
        }
    }
    if (pos != text.size()) {
        scanner.fail(pos, "text after the end of the document");
    }
    return members;
}

std::string pathAt(std::string_view text, std::size_t offset)
{
    struct Frame {
        bool isArray;
        long long index;
        std::string key;
    };
    std::vector<Frame> frames;
    auto pathOf = [&]() {
        std::string path = "$";
        for (const auto& f : frames) {
            if (f.isArray) {
                if (f.index >= 0) {
                    path = json::childPath(path, static_cast<std::size_t>(f.index));
                }
            } else if (!f.key.empty()) {
                path = json::childPath(path, f.key);
            }
        }
        return path;
    };
    std::size_t pos = 0;
    bool expectKey = false;
    while (pos < text.size()) {
        char c = text[pos];
        if (isSpace(c) || c == ':') {
            ++pos;
            continue;
        }
        if (c == ',') {
            if (!frames.empty() && !frames.back().isArray) {
                expectKey = true;
            }
            ++pos;
            continue;
        }
        if (c == '}' || c == ']') {
            if (pos >= offset) {
                return pathOf();
            }
            if (!frames.empty()) {
                frames.pop_back();
            }
            ++pos;
            continue;
        }
        // A key or a value begins here.
        if (expectKey && c == '"') {
            std::size_t end = pos + 1;
            std::string key;
            while (end < text.size() && text[end] != '"') {
                if (text[end] == '\\' && end + 1 < text.size()) {
                    key += text[end + 1];
                    end += 2;
                    continue;
                }
                key += text[end++];
            }
            frames.back().key = key;
            if (offset <= end) {
                return pathOf();
            }
            expectKey = false;
            pos = end + 1;
            continue;
        }
        if (!frames.empty() && frames.back().isArray) {
            ++frames.back().index;
        }
        if (c == '{' || c == '[') {
            if (pos >= offset) {
                return pathOf();
            }
            frames.push_back(Frame{c == '[', -1, {}});
            expectKey = c == '{';
            ++pos;
            continue;
        }
        std::size_t end = pos;
        if (c == '"') {
            ++end;
            while (end < text.size() && text[end] != '"') {
                end += text[end] == '\\' ? 2 : 1;
            }
            ++end;
        } else {
            while (end < text.size() && isScalarChar(text[end])) {
                ++end;
            }
            if (end == pos) {
                ++end;
            }
        }
        if (offset < end) {
            return pathOf();
        }
        pos = end;
    }
    return pathOf();
}

std::string tokenAt(std::string_view text, std::size_t offset)
{
    if (offset >= text.size()) {
        return "(end of document)";
    }
    auto isToken = [](char c) { return isScalarChar(c) || c == '"'; };
    if (!isToken(text[offset]) && text[offset] != ' ') {
        return std::string(text.substr(offset, 40));
    }
    std::size_t begin = offset;
    while (begin > 0 && isScalarChar(text[begin - 1])) {
        --begin;
    }
    std::size_t end = offset;
    while (end < text.size() && isScalarChar(text[end])) {
        ++end;
    }
    if (end == begin) {
        return std::string(text.substr(offset, 40));
    }
    return std::string(text.substr(begin, end - begin));
}

} // namespace cc::json_scan
