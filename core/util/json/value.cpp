#include "core/util/json/value.h"

#include <algorithm>
#include <limits>

namespace cc::json {

namespace {

const std::string kEmptyString;
const std::vector<Value> kNoItems;
const std::vector<Member> kNoMembers;
const Integer kZero;

} // namespace

std::string_view kindName(Kind kind)
{
    switch (kind) {
    case Kind::Null:
        return "null";
    case Kind::Boolean:
        return "a boolean";
    case Kind::Integer:
        return "an integer";
    case Kind::Number:
        return "a non-integer number";
    case Kind::String:
        return "a string";
    case Kind::Array:
        return "an array";
    case Kind::Object:
        return "an object";
    }
    return "a value";
}

Value::Value() = default;
Value::Value(std::nullptr_t) {}
Value::Value(BoolTag, bool b) : data_(b) {}
Value::Value(std::int64_t v, SignedTag)
    : data_(v < 0 ? Integer{static_cast<std::uint64_t>(-(v + 1)) + 1, true}
                  : Integer{static_cast<std::uint64_t>(v), false})
{
}
Value::Value(std::uint64_t v, UnsignedTag) : data_(Integer{v, false}) {}
Value::Value(std::string s) : data_(std::move(s)) {}
Value::Value(std::string_view s) : data_(std::string(s)) {}
Value::Value(const char* s) : data_(std::string(s)) {}
Value::Value(Data d) : data_(std::move(d)) {}
Value::Value(const Value&) = default;
Value::Value(Value&&) noexcept = default;
Value& Value::operator=(const Value&) = default;
Value& Value::operator=(Value&&) noexcept = default;
Value::~Value() = default;

Value Value::integer(Integer i)
{
    if (i.magnitude == 0) {
        i.negative = false;
    }
    return Value(Data(i));
}

Value Value::number(std::string literal)
{
    return Value(Data(NumberText{std::move(literal)}));
}
Value Value::array()
{
    return Value(Data(std::vector<Value>{}));
}
Value Value::array(std::initializer_list<Value> items)
{
    return Value(Data(std::vector<Value>(items)));
}
Value Value::object()
{
    return Value(Data(std::vector<Member>{}));
}

bool Value::boolean() const
{
    const bool* b = std::get_if<bool>(&data_);
    return b != nullptr && *b;
}

const Integer& Value::integerValue() const
{
    const Integer* i = std::get_if<Integer>(&data_);
    return i != nullptr ? *i : kZero;
}

std::optional<std::int64_t> Value::toInt64() const
{
    const Integer* i = std::get_if<Integer>(&data_);
    if (i == nullptr) {
        return std::nullopt;
    }
    constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (!i->negative) {
        if (i->magnitude > kMax) {
            return std::nullopt;
        }
        return static_cast<std::int64_t>(i->magnitude);
    }
    if (i->magnitude > kMax + 1) {
        return std::nullopt;
    }
    // -(magnitude) without overflowing at magnitude == 2^63.
    return -static_cast<std::int64_t>(i->magnitude - 1) - 1;
}

std::optional<std::uint64_t> Value::toUInt64() const
{
    const Integer* i = std::get_if<Integer>(&data_);
    if (i == nullptr || i->negative) {
        return std::nullopt;
    }
    return i->magnitude;
}

std::string Value::numberLiteral() const
{
    if (const Integer* i = std::get_if<Integer>(&data_)) {
        return (i->negative ? "-" : "") + std::to_string(i->magnitude);
    }
    if (const NumberText* n = std::get_if<NumberText>(&data_)) {
        return n->text;
    }
    return {};
}

const std::string& Value::string() const
{
    const std::string* s = std::get_if<std::string>(&data_);
    return s != nullptr ? *s : kEmptyString;
}

const std::vector<Value>& Value::items() const
{
    const auto* a = std::get_if<std::vector<Value>>(&data_);
    return a != nullptr ? *a : kNoItems;
}

std::vector<Value>& Value::items()
{
    if (!isArray()) {
        data_ = std::vector<Value>{};
    }
    return std::get<std::vector<Value>>(data_);
}

void Value::push(Value v)
{
    items().push_back(std::move(v));
}

const std::vector<Member>& Value::members() const
{
    const auto* o = std::get_if<std::vector<Member>>(&data_);
    return o != nullptr ? *o : kNoMembers;
}

std::vector<Member>& Value::members()
{
    if (!isObject()) {
        data_ = std::vector<Member>{};
    }
    return std::get<std::vector<Member>>(data_);
}

const Value* Value::find(std::string_view key) const
{
    for (const Member& m : members()) {
        if (m.key == key) {
            return &m.value;
        }
    }
    return nullptr;
}

void Value::set(std::string key, Value v)
{
    members().push_back(Member{std::move(key), std::move(v)});
}

void Value::assign(std::string_view key, Value v)
{
    for (Member& m : members()) {
        if (m.key == key) {
            m.value = std::move(v);
            return;
        }
    }
    set(std::string(key), std::move(v));
}

std::size_t Value::size() const
{
    if (isArray()) {
        return items().size();
    }
    if (isObject()) {
        return members().size();
    }
    return 0;
}

Value sortedByKey(const Value& value)
{
    if (value.isArray()) {
        Value out = Value::array();
        for (const Value& item : value.items()) {
            out.push(sortedByKey(item));
        }
        return out;
    }
    if (!value.isObject()) {
        return value;
    }
    Value out = Value::object();
    for (const Member& m : value.members()) {
        out.set(m.key, sortedByKey(m.value));
    }
    std::stable_sort(out.members().begin(), out.members().end(),
                     [](const Member& a, const Member& b) { return a.key < b.key; });
    return out;
}

bool operator==(const Value& a, const Value& b)
{
    return a.data_ == b.data_;
}

} // namespace cc::json
