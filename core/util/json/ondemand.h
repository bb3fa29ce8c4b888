// On-demand iteration over JSON text for the bulk readers of the product's formats: a document is
// indexed in one fast first pass, then walked once, object by object and field by field, with
// values converted only where the reader asks. This is the one place that names the engine
// (simdjson's on-demand API); a reader includes this header instead, so the engine can change here
// alone.
//
// The face is thin on purpose: every type holds the engine's own value and every call is inline,
// so a reader that walks millions of events through it compiles to the same code as one written
// against the engine directly (tests/bench/bench_trace measures the trace reader through it).
// Calls report failure through Error, never by throwing. The rules of the engine hold: values are
// visited once, in document order; a buffer handed to iterate() has kPadding readable bytes after
// its text; everything a document hands out lives as long as the parser and the buffer.
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <string_view>

/// Every call of this face is forced inline, as the engine's own calls are: a call left out of
/// line per value would cost what the face must not.
#define CC_ONDEMAND_INLINE [[gnu::always_inline]] inline

namespace cc::json::ondemand {

namespace engine = simdjson::ondemand;

/// Readable bytes (of any value) that must follow the text in a buffer given to Parser::iterate.
inline constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;

/// What went wrong, or nothing (false).
class Error {
public:
    Error() = default;
    CC_ONDEMAND_INLINE Error(simdjson::error_code code) : code_(code) {} // NOLINT: converts the engine's results

    CC_ONDEMAND_INLINE explicit operator bool() const { return code_ != simdjson::SUCCESS; }
    /// The value is of another JSON type than the one asked for (the text itself is fine).
    CC_ONDEMAND_INLINE bool incorrectType() const { return code_ == simdjson::INCORRECT_TYPE; }
    /// The text is not valid UTF-8.
    CC_ONDEMAND_INLINE bool badUtf8() const { return code_ == simdjson::UTF8_ERROR; }
    /// The engine's one-line description.
    CC_ONDEMAND_INLINE const char* message() const { return simdjson::error_message(code_); }

private:
    simdjson::error_code code_ = simdjson::SUCCESS;
};

enum class Type { Array = 1, Object, Number, String, Boolean, Null };
static_assert(static_cast<int>(Type::Array) == static_cast<int>(engine::json_type::array) &&
                  static_cast<int>(Type::Object) == static_cast<int>(engine::json_type::object) &&
                  static_cast<int>(Type::Number) == static_cast<int>(engine::json_type::number) &&
                  static_cast<int>(Type::String) == static_cast<int>(engine::json_type::string) &&
                  static_cast<int>(Type::Boolean) == static_cast<int>(engine::json_type::boolean) &&
                  static_cast<int>(Type::Null) == static_cast<int>(engine::json_type::null),
              "Type mirrors the engine's json_type");

class Object;
class Array;

/// Selects the constructors that build a result from what an iterator stands on.
struct AtIterator {};

/// One value, read once.
class Value {
public:
    Value() = default;

    CC_ONDEMAND_INLINE Error type(Type& out)
    {
        engine::json_type type{};
        const Error error = value_.type().get(type);
        out = static_cast<Type>(type);
        return error;
    }
    /// The value's text as written, up to the next structural character (for a number: its digits,
    /// possibly with trailing white space). Not for objects or arrays.
    CC_ONDEMAND_INLINE std::string_view rawToken() { return value_.raw_json_token(); }
    /// The string, unescaped (valid until the next string is read).
    CC_ONDEMAND_INLINE Error getString(std::string_view& out) { return value_.get_string().get(out); }
    CC_ONDEMAND_INLINE Error getBool(bool& out) { return value_.get_bool().get(out); }
    CC_ONDEMAND_INLINE Error getObject(Object& out);
    CC_ONDEMAND_INLINE Error getArray(Array& out);

private:
    friend class ValueResult;
    friend class FieldResult;
    friend class Field;
    explicit Value(engine::value value) : value_(value) {}
    engine::value value_;
};

/// A value that may have failed to arrive (an element of an array, a member looked up).
class ValueResult {
public:
    CC_ONDEMAND_INLINE explicit ValueResult(simdjson::simdjson_result<engine::value>&& result)
        : result_(std::move(result))
    {
    }
    /// The element an array iterator stands on, built in place (no move of the engine's result).
    template <class Iterator> CC_ONDEMAND_INLINE ValueResult(AtIterator, Iterator& iterator) : result_(*iterator) {}

    CC_ONDEMAND_INLINE Error get(Value& out)
    {
        engine::value value;
        const Error error = std::move(result_).get(value);
        out = Value(value);
        return error;
    }
    CC_ONDEMAND_INLINE Error getObject(Object& out);
    CC_ONDEMAND_INLINE Error getArray(Array& out);

private:
    simdjson::simdjson_result<engine::value> result_;
};

/// An object's key as written (between its quotes, escapes not undone), compared in place.
class RawKey {
public:
    /// Whether the key is exactly `literal`. The literal must hold no quote or backslash; a key
    /// written with an escape never matches.
    template <std::size_t N> CC_ONDEMAND_INLINE bool is(const char (&literal)[N]) const
    {
        return key_.unsafe_is_equal(static_cast<const char*>(literal));
    }

private:
    friend class Field;
    CC_ONDEMAND_INLINE explicit RawKey(engine::raw_json_string key) : key_(key) {}
    engine::raw_json_string key_;
};

/// A member of an object: its key, then its value.
class Field {
public:
    Field() = default;

    /// The key's text as written, from just after its opening quote; it ends at the first
    /// unescaped quote, which the first pass has found.
    CC_ONDEMAND_INLINE const char* rawKey() { return field_.key().raw(); }
    /// The key as written, to compare against literals without unescaping it.
    CC_ONDEMAND_INLINE RawKey key() const { return RawKey(field_.key()); }
    CC_ONDEMAND_INLINE Error unescapedKey(std::string_view& out) { return field_.unescaped_key().get(out); }
    /// The member's value (the key is read first, if at all).
    CC_ONDEMAND_INLINE Value value() { return Value(std::move(field_).value()); }

private:
    friend class FieldResult;
    engine::field field_;
};

/// A member that may have failed to arrive.
class FieldResult {
public:
    CC_ONDEMAND_INLINE explicit FieldResult(simdjson::simdjson_result<engine::field>&& result)
        : result_(std::move(result))
    {
    }
    /// The member an object iterator stands on, built in place (no move of the engine's result).
    template <class Iterator> CC_ONDEMAND_INLINE FieldResult(AtIterator, Iterator& iterator) : result_(*iterator) {}

    CC_ONDEMAND_INLINE Error get(Field& out) { return std::move(result_).get(out.field_); }
    CC_ONDEMAND_INLINE Error unescapedKey(std::string_view& out) { return result_.unescaped_key().get(out); }
    CC_ONDEMAND_INLINE Error value(Value& out)
    {
        engine::value value;
        const Error error = result_.value().get(value);
        out = Value(value);
        return error;
    }

private:
    simdjson::simdjson_result<engine::field> result_;
};

class Object {
public:
    class Iterator {
    public:
        CC_ONDEMAND_INLINE explicit Iterator(simdjson::simdjson_result<engine::object_iterator>&& it)
            : it_(std::move(it))
        {
        }
        CC_ONDEMAND_INLINE FieldResult operator*() { return FieldResult(AtIterator{}, it_); }
        CC_ONDEMAND_INLINE Iterator& operator++()
        {
            ++it_;
            return *this;
        }
        CC_ONDEMAND_INLINE bool operator!=(const Iterator& other) const { return it_ != other.it_; }

    private:
        simdjson::simdjson_result<engine::object_iterator> it_;
    };

    Object() = default;
    CC_ONDEMAND_INLINE Iterator begin() { return Iterator(object_.begin()); }
    CC_ONDEMAND_INLINE Iterator end() { return Iterator(object_.end()); }
    /// The member named `key`, wherever it stands (searched from the current member on, then
    /// from the start).
    CC_ONDEMAND_INLINE ValueResult findFieldUnordered(std::string_view key)
    {
        return ValueResult(object_.find_field_unordered(key));
    }
    /// The whole object's text as written (consumes it).
    CC_ONDEMAND_INLINE Error rawJson(std::string_view& out) { return object_.raw_json().get(out); }
    /// Goes back to the object's first member, so members already passed can be looked up again.
    CC_ONDEMAND_INLINE Error reset() { return object_.reset().error(); }

private:
    friend class Value;
    friend class ValueResult;
    friend class Document;
    engine::object object_;
};

class Array {
public:
    class Iterator {
    public:
        CC_ONDEMAND_INLINE explicit Iterator(simdjson::simdjson_result<engine::array_iterator>&& it)
            : it_(std::move(it))
        {
        }
        CC_ONDEMAND_INLINE ValueResult operator*() { return ValueResult(AtIterator{}, it_); }
        CC_ONDEMAND_INLINE Iterator& operator++()
        {
            ++it_;
            return *this;
        }
        CC_ONDEMAND_INLINE bool operator!=(const Iterator& other) const { return it_ != other.it_; }

    private:
        simdjson::simdjson_result<engine::array_iterator> it_;
    };

    Array() = default;
    CC_ONDEMAND_INLINE Iterator begin() { return Iterator(array_.begin()); }
    CC_ONDEMAND_INLINE Iterator end() { return Iterator(array_.end()); }
    /// The whole array's text as written (consumes it).
    CC_ONDEMAND_INLINE Error rawJson(std::string_view& out) { return array_.raw_json().get(out); }

private:
    friend class Value;
    friend class ValueResult;
    friend class Document;
    engine::array array_;
};

CC_ONDEMAND_INLINE Error Value::getObject(Object& out)
{
    return value_.get_object().get(out.object_);
}
CC_ONDEMAND_INLINE Error Value::getArray(Array& out)
{
    return value_.get_array().get(out.array_);
}
CC_ONDEMAND_INLINE Error ValueResult::getObject(Object& out)
{
    return result_.get_object().get(out.object_);
}
CC_ONDEMAND_INLINE Error ValueResult::getArray(Array& out)
{
    return result_.get_array().get(out.array_);
}

/// A document being walked; it lives as long as its parser and buffer.
class Document {
public:
    Document() = default;
    CC_ONDEMAND_INLINE Error getObject(Object& out) { return document_.get_object().get(out.object_); }
    CC_ONDEMAND_INLINE Error getArray(Array& out) { return document_.get_array().get(out.array_); }
    /// Where in the buffer the walk stands (for messages), when the engine knows.
    CC_ONDEMAND_INLINE Error currentLocation(const char*& out) { return document_.current_location().get(out); }

private:
    friend class Parser;
    engine::document document_;
};

/// Parses one document at a time; reuse it for the next. Not shared between threads.
class Parser {
public:
    /// Sizes the parser for documents of up to `capacity` bytes nested up to `maxDepth` levels.
    CC_ONDEMAND_INLINE Error allocate(std::size_t capacity, std::size_t maxDepth)
    {
        return parser_.allocate(capacity, maxDepth);
    }
    /// Indexes text[0, length) of a buffer of `capacity` >= length + kPadding bytes, and starts the
    /// walk. The first pass checks the document's structure, strings and UTF-8.
    CC_ONDEMAND_INLINE Error iterate(const char* text, std::size_t length, std::size_t capacity, Document& out)
    {
        return parser_.iterate(text, length, capacity).get(out.document_);
    }

private:
    engine::parser parser_;
};

/// Copies JSON text without insignificant white space into out (at least text.size() bytes);
/// length receives the bytes written.
CC_ONDEMAND_INLINE Error minify(std::string_view text, char* out, std::size_t& length)
{
    return simdjson::minify(text.data(), text.size(), out, length);
}

} // namespace cc::json::ondemand

#undef CC_ONDEMAND_INLINE
