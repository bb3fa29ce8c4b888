// A JSON value as the product's strict reader produces it: integers exact (sign and 64-bit
// magnitude), every other number kept as its literal text and never converted, strings as UTF-8,
// and object members in the order the document declared them. No floating point anywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace cc::json {

enum class Kind : std::uint8_t {
    Null,
    Boolean,
    Integer, ///< an integer literal in [-2^63, 2^64 - 1]
    Number,  ///< any other number: a fraction, an exponent, or an integer out of that range
    String,
    Array,
    Object,
};

/// "an integer", "a string", ... for refusal messages.
std::string_view kindName(Kind kind);

class Value;

struct Member;

/// An exact integer literal.
struct Integer {
    std::uint64_t magnitude = 0;
    bool negative = false; ///< never true with magnitude 0
};

/// A number literal the product never converts (kept so a refusal can quote it, and so a copy
/// writes the same token back).
struct NumberText {
    std::string text;
};

class Value {
public:
    Value();
    Value(std::nullptr_t);
    /// Only a real bool (not a pointer or an integer) becomes a boolean.
    template <typename T, std::enable_if_t<std::is_same_v<T, bool>, int> = 0> Value(T b) : Value(BoolTag{}, b) {}
    /// Every integer type: exact.
    template <typename T,
              std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T>, int> = 0>
    Value(T v) : Value(static_cast<std::int64_t>(v), SignedTag{})
    {
    }
    template <typename T,
              std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_unsigned_v<T>, int> = 0>
    Value(T v) : Value(static_cast<std::uint64_t>(v), UnsignedTag{})
    {
    }
    Value(std::string s);
    Value(std::string_view s);
    Value(const char* s);
    Value(const Value&);
    Value(Value&&) noexcept;
    Value& operator=(const Value&);
    Value& operator=(Value&&) noexcept;
    ~Value();
    static Value integer(Integer i);
    static Value number(std::string literal);
    static Value array();
    static Value array(std::initializer_list<Value> items);
    static Value object();

    Kind kind() const { return static_cast<Kind>(data_.index()); }
    bool isNull() const { return kind() == Kind::Null; }
    bool isBoolean() const { return kind() == Kind::Boolean; }
    bool isInteger() const { return kind() == Kind::Integer; }
    bool isNumber() const { return kind() == Kind::Number; }
    bool isString() const { return kind() == Kind::String; }
    bool isArray() const { return kind() == Kind::Array; }
    bool isObject() const { return kind() == Kind::Object; }

    /// Preconditions: the matching kind (checked with an assertion-free fallback: a default value).
    bool boolean() const;
    const Integer& integerValue() const;
    /// The value as int64 / uint64 when it is an integer that fits; nullopt otherwise.
    std::optional<std::int64_t> toInt64() const;
    std::optional<std::uint64_t> toUInt64() const;
    /// The literal of an Integer or Number ("12", "-3", "1e309").
    std::string numberLiteral() const;
    const std::string& string() const;

    // Arrays.
    const std::vector<Value>& items() const;
    /// Element i of an array (precondition: i < size()).
    const Value& operator[](std::size_t i) const { return items()[i]; }
    std::vector<Value>& items();
    void push(Value v);

    // Objects, members in declared order.
    const std::vector<Member>& members() const;
    std::vector<Member>& members();
    /// The member's value, or nullptr. Linear in the member count: product objects are small.
    const Value* find(std::string_view key) const;
    bool contains(std::string_view key) const { return find(key) != nullptr; }
    /// Appends a member (the caller keeps keys unique).
    void set(std::string key, Value v);
    /// Replaces the member's value, or appends the member when it is new.
    void assign(std::string_view key, Value v);

    /// Elements of an array or members of an object; 0 for scalars.
    std::size_t size() const;

    friend bool operator==(const Value& a, const Value& b);

private:
    struct BoolTag {};
    struct SignedTag {};
    struct UnsignedTag {};
    Value(BoolTag, bool b);
    Value(std::int64_t v, SignedTag);
    Value(std::uint64_t v, UnsignedTag);
    using Data =
        std::variant<std::monostate, bool, Integer, NumberText, std::string, std::vector<Value>, std::vector<Member>>;
    explicit Value(Data d);
    Data data_;
};

struct Member {
    std::string key;
    Value value;
    friend bool operator==(const Member& a, const Member& b) { return a.key == b.key && a.value == b.value; }
};

/// A copy whose object members are sorted by key at every level (for layouts that promise sorted
/// keys). Recursion is bounded by the depth of the value: parsed values are within the parser's
/// nesting limit, and values the product builds are shallow.
Value sortedByKey(const Value& value);

inline bool operator==(const Integer& a, const Integer& b)
{
    return a.magnitude == b.magnitude && a.negative == b.negative;
}
inline bool operator==(const NumberText& a, const NumberText& b)
{
    return a.text == b.text;
}

} // namespace cc::json
