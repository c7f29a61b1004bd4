#pragma once
// Reading the fields of TDLib's JSON objects, each typed as td_api.tl types it. Every reader of
// TDLib's output in tglink goes through these; the simulator, which reads TDLib *requests* with
// TDLib's own (kinder, throwing) input rules, has its own in src/sim/json_fields.hpp.
//
// How TDLib writes each type (td/tl/tl_json.h, td/telegram/td_api_json.cpp):
//   int32, int53     a JSON number                 "date": 1700000000, "chat_id": -1001234567890
//   int64            a JSON string, so that JavaScript keeps every digit
//                                                  "media_album_id": "13732479283823232"
//   Bool             true or false
//   string, bytes    a JSON string (bytes in base64)
//   an object        a JSON object with its "@type"; a null object is left out entirely
//   vector<T>        a JSON array
//
// The contract: a reader gives std::nullopt (nullptr for an object or an array) when the field is
// absent, has another JSON type, or holds a number outside its type's range. It never throws.
// Why not an exception naming the field: TDLib leaves out every null object and optional field,
// so "absent" is an ordinary answer each caller must decide about anyway (skip the update, take
// a default, answer with an error), and one contract serves both cases. A malformed update thus
// reads like one missing the field, and the caller skips it; nothing throws through the receive
// loop, so one bad update never stops the others. td_field_problem() says, for a log line, why a
// field could not be read.
//
// Paths: `path` is a field name, or names joined by '.' that walk nested objects:
// td_object(message, "content.document.document") is message["content"]["document"]["document"].
// TDLib's field names never contain '.'; "@type" and "@extra" are ordinary names here.
//
// Readers that return views or pointers point into `object`: they live as long as it does.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

namespace tglink {

// The largest magnitude an int53 holds: 2^53 - 1, what a JavaScript number keeps exactly.
inline constexpr std::int64_t kMaxTdInt53 = (std::int64_t{1} << 53) - 1;

// The value at `path`, whatever its type; nullptr when any step is absent or not an object.
[[nodiscard]] const boost::json::value* td_value(const boost::json::object& object,
                                                 std::string_view path);

[[nodiscard]] const boost::json::object* td_object(const boost::json::object& object,
                                                   std::string_view path);
[[nodiscard]] const boost::json::array* td_array(const boost::json::object& object,
                                                 std::string_view path);
[[nodiscard]] std::optional<std::string_view> td_string(const boost::json::object& object,
                                                        std::string_view path);
[[nodiscard]] std::optional<bool> td_bool(const boost::json::object& object, std::string_view path);

// int32: a number in [-2^31, 2^31 - 1] (file ids, dates, error codes).
[[nodiscard]] std::optional<std::int32_t> td_int32(const boost::json::object& object,
                                                   std::string_view path);
// int53: a number in [-(2^53 - 1), 2^53 - 1] (chat, user and message ids, file sizes).
[[nodiscard]] std::optional<std::int64_t> td_int53(const boost::json::object& object,
                                                   std::string_view path);
// int64: a decimal string, as TDLib writes it, or a number, as TDLib accepts it back; the whole
// int64 range, negatives included (callback query ids, media album ids).
[[nodiscard]] std::optional<std::int64_t> td_int64(const boost::json::object& object,
                                                   std::string_view path);
// An unsigned 64-bit number, up to 2^64 - 1: tglink's own "@extra", which TDLib hands back
// exactly as it was sent. td_api.tl has no unsigned type, so no string form is accepted: an
// "@extra" that is not such a number was not sent by tglink.
[[nodiscard]] std::optional<std::uint64_t> td_uint64(const boost::json::object& object,
                                                     std::string_view path);

// Why the field at `path` could not be read as `expected` (a td_api.tl type name such as
// "int53"), naming the path and the object's "@type", e.g.
// `updateNewMessage: message.chat_id is a string, not int53`. For log lines only.
[[nodiscard]] std::string td_field_problem(const boost::json::object& object, std::string_view path,
                                           std::string_view expected);

}  // namespace tglink
