// The texts the simulator gives for a refused message, checked against the pinned libtdjson.
// A refusal only comes from Telegram's servers, which the offline contract cannot reach, so the
// check is on the library itself: a text TDLib words for the server's error
// (MessagesManager::process_send_message_fail_error) must be one of its strings, and a wording
// it no longer has must not be, since then it passes the server's error on as it is.

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "support/build_paths.hpp"

namespace tglink::testing {
namespace {

std::string real_library() {
  std::ifstream file(TGLINK_REAL_TDJSON, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

// `text` as a whole C string of the library (not just the tail of a longer one).
bool has_string(const std::string& library, const std::string& text) {
  const std::string with_ends = std::string(1, '\0') + text + std::string(1, '\0');
  return library.find(with_ends) != std::string::npos;
}

TEST(SendFailureTexts, TextsTdlibWordsItselfAreInTheRealLibrary) {
  const std::string library = real_library();
  ASSERT_GT(library.size(), 1000000U) << TGLINK_REAL_TDJSON;
  // The server's 400 PEER_ID_INVALID to a bot in a private chat (then 403).
  EXPECT_TRUE(has_string(library, "Bot can't initiate conversation with a user"));
  // The server's 400 INPUT_USER_DEACTIVATED (then 403).
  EXPECT_TRUE(has_string(library, "User is deactivated"));
}

TEST(SendFailureTexts, ABlockedBotGetsTheServersErrorUnworded) {
  const std::string library = real_library();
  ASSERT_GT(library.size(), 1000000U) << TGLINK_REAL_TDJSON;
  // Older TDLib worded USER_IS_BLOCKED for bots; 1.8.67 hands on the server's 403
  // "USER_IS_BLOCKED", which the simulator therefore sends and tglink recognises.
  EXPECT_FALSE(has_string(library, "Bot was blocked by the user"));
  EXPECT_FALSE(has_string(library, "Bot was kicked from the chat"));
}

}  // namespace
}  // namespace tglink::testing
