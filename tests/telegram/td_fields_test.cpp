#include "telegram/td_fields.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

// Objects are written as TDLib writes them, then parsed, so that numbers get the JSON kinds
// Boost.JSON gives real input (int64, uint64 past int64's range, double).
json::object parsed(std::string_view text) { return json::parse(text).as_object(); }

TEST(TdFields, Int64ReadsTdlibsStringForm) {
  const json::object album = parsed(R"({"@type":"message","media_album_id":"13732479283823232"})");
  EXPECT_EQ(td_int64(album, "media_album_id"), 13732479283823232);
}

TEST(TdFields, Int64ReadsANumberToo) {
  EXPECT_EQ(td_int64(parsed(R"({"id":42})"), "id"), 42);
  EXPECT_EQ(td_int64(parsed(R"({"id":-7})"), "id"), -7);
}

TEST(TdFields, Int64ReachesBothEndsOfItsRange) {
  const json::object ends =
      parsed(R"({"max":"9223372036854775807","min":"-9223372036854775808",)"
             R"("max_number":9223372036854775807,"min_number":-9223372036854775808})");
  EXPECT_EQ(td_int64(ends, "max"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(td_int64(ends, "min"), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(td_int64(ends, "max_number"), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(td_int64(ends, "min_number"), std::numeric_limits<std::int64_t>::min());
}

TEST(TdFields, Int64RefusesWhatIsNotOne) {
  const json::object wrong =
      parsed(R"({"past":"9223372036854775808","past_number":9223372036854775808,"empty":"",)"
             R"("plus":"+1","spaced":" 1","trailing":"1x","hex":"0x10","fraction":1.5,)"
             R"("exponent":"1e3","flag":true,"object":{}})");
  for (const std::string_view key : {"past", "past_number", "empty", "plus", "spaced", "trailing",
                                     "hex", "fraction", "exponent", "flag", "object", "absent"}) {
    EXPECT_FALSE(td_int64(wrong, key)) << key;
  }
}

TEST(TdFields, Int53ReadsChannelIdsAndSizes) {
  const json::object message =
      parsed(R"({"chat_id":-1001234567890,"id":1048576,"size":4294967296000})");
  EXPECT_EQ(td_int53(message, "chat_id"), -1001234567890);
  EXPECT_EQ(td_int53(message, "id"), 1048576);
  EXPECT_EQ(td_int53(message, "size"), 4294967296000);
}

TEST(TdFields, Int53KeepsToWhatJavaScriptHoldsExactly) {
  const json::object edges =
      parsed(R"({"max":9007199254740991,"min":-9007199254740991,)"
             R"("past":9007199254740992,"below":-9007199254740992,"string":"5"})");
  EXPECT_EQ(td_int53(edges, "max"), kMaxTdInt53);
  EXPECT_EQ(td_int53(edges, "min"), -kMaxTdInt53);
  EXPECT_FALSE(td_int53(edges, "past"));
  EXPECT_FALSE(td_int53(edges, "below"));
  // TDLib never writes an int53 as a string: one that arrives so is not TDLib's.
  EXPECT_FALSE(td_int53(edges, "string"));
}

TEST(TdFields, Int32RefusesNumbersPastItsRange) {
  const json::object file = parsed(
      R"({"id":2147483647,"low":-2147483648,"past":2147483648,"below":-2147483649,"text":"1"})");
  EXPECT_EQ(td_int32(file, "id"), 2147483647);
  EXPECT_EQ(td_int32(file, "low"), -2147483648);
  EXPECT_FALSE(td_int32(file, "past"));
  EXPECT_FALSE(td_int32(file, "below"));
  EXPECT_FALSE(td_int32(file, "text"));
}

TEST(TdFields, Uint64ReadsTheWholeUnsignedRangeOfNumbers) {
  const json::object extras =
      parsed(R"({"max":18446744073709551615,"small":7,"zero":0,"negative":-1,"text":"7",)"
             R"("fraction":7.5})");
  EXPECT_EQ(td_uint64(extras, "max"), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(td_uint64(extras, "small"), 7u);
  EXPECT_EQ(td_uint64(extras, "zero"), 0u);
  EXPECT_FALSE(td_uint64(extras, "negative"));
  // Only tglink writes these, and it writes numbers: a string was not written by tglink.
  EXPECT_FALSE(td_uint64(extras, "text"));
  EXPECT_FALSE(td_uint64(extras, "fraction"));
  EXPECT_FALSE(td_uint64(extras, "absent"));
}

TEST(TdFields, StringsAndBoolsOnlyFromTheirOwnKinds) {
  const json::object user =
      parsed(R"({"first_name":"Ann","is_outgoing":false,"number":1,"null":null})");
  EXPECT_EQ(td_string(user, "first_name"), "Ann");
  EXPECT_EQ(td_bool(user, "is_outgoing"), false);
  EXPECT_FALSE(td_string(user, "number"));
  EXPECT_FALSE(td_string(user, "null"));
  EXPECT_FALSE(td_bool(user, "number"));
  EXPECT_FALSE(td_bool(user, "first_name"));
}

TEST(TdFields, PathsWalkNestedObjects) {
  const json::object message =
      parsed(R"({"@type":"message","content":{"@type":"messageDocument","document":)"
             R"({"file_name":"a.pdf","document":{"@type":"file","id":12,"size":3}}}})");
  const json::object* file = td_object(message, "content.document.document");
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(td_int32(*file, "id"), 12);
  EXPECT_EQ(td_int32(message, "content.document.document.id"), 12);
  EXPECT_EQ(td_string(message, "content.document.file_name"), "a.pdf");
  EXPECT_EQ(td_string(message, "content.@type"), "messageDocument");
  EXPECT_EQ(td_object(message, "content.video.video"), nullptr);
  // A step that is not an object ends the walk.
  EXPECT_EQ(td_value(message, "content.document.file_name.length"), nullptr);
  EXPECT_EQ(td_value(message, "@type.x"), nullptr);
}

TEST(TdFields, ArraysAndObjectsOnlyFromTheirOwnKinds) {
  const json::object answer = parsed(R"({"messages":[null,{"id":1}],"total_count":2})");
  const json::array* messages = td_array(answer, "messages");
  ASSERT_NE(messages, nullptr);
  EXPECT_EQ(messages->size(), 2u);
  EXPECT_EQ(td_object(answer, "messages"), nullptr);
  EXPECT_EQ(td_array(answer, "total_count"), nullptr);
  EXPECT_EQ(td_array(answer, "absent"), nullptr);
}

TEST(TdFields, ProblemNamesTheFieldAndTheObjectType) {
  const json::object update =
      parsed(R"({"@type":"updateNewCallbackQuery","id":"12","sender_user_id":"5"})");
  EXPECT_EQ(td_field_problem(update, "sender_user_id", "int53"),
            "updateNewCallbackQuery: sender_user_id is a string, not int53");
  EXPECT_EQ(td_field_problem(update, "payload.data", "bytes"),
            "updateNewCallbackQuery: payload.data is missing");
  EXPECT_EQ(td_field_problem(parsed(R"({"x":1.5})"), "x", "int32"),
            "(no @type): x is a fraction, not int32");
}

}  // namespace
}  // namespace tglink
