// What an editMessageText answer means to tglink: an edit that changes nothing is no failure,
// and only a chat or message TDLib no longer holds is worth loading again.

#include "chat/messages/message_edit.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

TEST(MessageEdit, AnEditThatChangesNothingIsNoError) {
  EXPECT_FALSE(edit_error(make_td_error(400, "MESSAGE_NOT_MODIFIED")));
  EXPECT_FALSE(edit_error(json::object{{"@type", "message"}, {"id", 1 << 20}}));
  const std::optional<TdError> gone = edit_error(make_td_error(400, "Message not found"));
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->message, "Message not found");
  const std::optional<TdError> flood =
      edit_error(make_td_error(429, "Too Many Requests: retry after 7"));
  ASSERT_TRUE(flood);
  EXPECT_EQ(flood->code, 429);
}

TEST(MessageEdit, OnlyAnUnloadedChatOrMessageIsLoadedAgain) {
  EXPECT_TRUE(needs_reload(TdError{400, "Message not found"}));
  EXPECT_TRUE(needs_reload(TdError{400, "Chat not found"}));
  EXPECT_FALSE(needs_reload(TdError{429, "Too Many Requests: retry after 7"}));
  EXPECT_FALSE(needs_reload(TdError{400, "Message can't be edited"}));
  EXPECT_FALSE(needs_reload(TdError{400, "MESSAGE_ID_INVALID"}));
}

}  // namespace
}  // namespace tglink
