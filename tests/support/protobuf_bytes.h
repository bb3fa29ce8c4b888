// Hand-made protobuf bytes, so the Chakra reader is tested on input our writer would never produce.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cctest::protobuf {

inline void varint(std::string& out, std::uint64_t v)
{
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}

/// A field's key: its number and wire type.
inline void key(std::string& out, int field, int wire)
{
    varint(out, static_cast<std::uint64_t>(field) << 3 | static_cast<std::uint64_t>(wire));
}

/// A length-delimited field (wire type 2).
inline void bytesField(std::string& out, int field, const std::string& body)
{
    key(out, field, 2);
    varint(out, body.size());
    out += body;
}

/// A Chakra AttributeProto with a name and an int64 value.
inline std::string intAttr(const std::string& name, std::int64_t value)
{
    std::string a;
    bytesField(a, 1, name);
    key(a, 9, 0);
    varint(a, static_cast<std::uint64_t>(value));
    return a;
}

/// A Chakra Node message: id, name "n<id>", type, ctrl_deps and the attributes given.
inline std::string node(std::uint64_t id, int type, const std::vector<std::uint64_t>& deps,
                        const std::vector<std::string>& attrs)
{
    std::string n;
    key(n, 1, 0);
    varint(n, id);
    bytesField(n, 2, "n" + std::to_string(id));
    key(n, 3, 0);
    varint(n, static_cast<std::uint64_t>(type));
    for (const std::uint64_t d : deps) {
        key(n, 4, 0);
        varint(n, d);
    }
    for (const std::string& a : attrs) {
        bytesField(n, 10, a);
    }
    return n;
}

/// Messages each preceded by its length, as a Chakra .et file holds them.
inline std::string delimited(const std::vector<std::string>& messages)
{
    std::string out;
    for (const std::string& m : messages) {
        varint(out, m.size());
        out += m;
    }
    return out;
}

/// The Chakra GlobalMetadata message of schema version 0.0.4.
inline std::string metadata()
{
    std::string m;
    bytesField(m, 1, "0.0.4");
    return m;
}

} // namespace cctest::protobuf
