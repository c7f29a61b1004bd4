// OptionManager::set_option as the simulator models it (texts checked against the real library
// offline by the contract test).

#include "sim/option_rules.hpp"

#include <gtest/gtest.h>

namespace tglink::sim {
namespace {
namespace json = boost::json;

json::object boolean(bool value) { return {{"@type", "optionValueBoolean"}, {"value", value}}; }
json::object integer(std::int64_t value) {
  return {{"@type", "optionValueInteger"}, {"value", std::to_string(value)}};
}

TEST(OptionRulesTest, TheOptionsTglinkSetsAreAccepted) {
  for (const char* name :
       {"ignore_file_names", "disable_network_statistics", "ignore_inline_thumbnails"}) {
    EXPECT_EQ(option_error(name, boolean(true)), "") << name;
  }
}

TEST(OptionRulesTest, UnknownAndReadOnlyOptionsCannotBeSet) {
  EXPECT_EQ(option_error("no_such_option", boolean(true)), "Option can't be set");
  EXPECT_EQ(option_error("version", {{"@type", "optionValueString"}, {"value", "2"}}),
            "Option can't be set");
  EXPECT_EQ(option_error("my_id", integer(5)), "Option can't be set");
  EXPECT_EQ(option_error("", boolean(false)), "Option can't be set");
}

TEST(OptionRulesTest, ValuesMustHaveTheOptionsTypeAndRange) {
  EXPECT_EQ(option_error("ignore_file_names", integer(1)),
            "Option \"ignore_file_names\" must have boolean value");
  EXPECT_EQ(option_error("message_unload_delay", boolean(true)),
            "Option \"message_unload_delay\" must have integer value");
  EXPECT_EQ(option_error("message_unload_delay", integer(1)),
            "Option's \"message_unload_delay\" value 1 is outside of the valid range [60, 86400]");
  EXPECT_EQ(option_error("message_unload_delay", integer(60)), "");
}

TEST(OptionRulesTest, AnEmptyValueResetsAndApplicationOptionsTakeAnything) {
  EXPECT_EQ(option_error("ignore_file_names", {{"@type", "optionValueEmpty"}}), "");
  EXPECT_EQ(option_error("ignore_file_names", {}), "");
  EXPECT_EQ(option_error("x-custom", integer(7)), "");
}

}  // namespace
}  // namespace tglink::sim
