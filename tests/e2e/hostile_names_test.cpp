// End to end: names that real TDLib cleans before it writes the file (clean_filename)
// never wedge or abort the simulator. A name with NUL and one of 500 characters, each sent
// twice: every link downloads the file's bytes, the replies show the names escaped on their
// line, and /api/info answers 200 throughout.
#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"
#include "support/text_contains.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kNameSender = 5550019;

TEST(HostileNamesOnTheSimulator, NulAndLongNamesDownloadTwiceEachAndApiInfoStaysUp) {
  SimHarness harness;
  harness.sim().create_user(kNameSender, "Ann");
  const auto file = harness.make_file("hostile.bin", 200000, 19);
  const std::string bytes = testing::read_file(file);
  const std::string nul_name("a\0b.mp4", 7);
  const std::string long_name = std::string(496, 'n') + ".mkv";
  std::size_t replies = 0;
  for (const std::string& name : {nul_name, nul_name, long_name, long_name}) {
    sim::SendFileRequest request;
    request.user_id = kNameSender;
    request.path = file.string();
    request.file_name = name;
    harness.sim().send_file(request);
    const auto messages = harness.sim().wait_messages(kNameSender, ++replies, 15000);
    ASSERT_EQ(messages.size(), replies) << "no reply to a file named " << name.size() << " bytes";
    const std::string& text = messages.back().text;
    EXPECT_EQ(text.find('\0'), std::string::npos);
    if (name == nul_name) {
      EXPECT_TRUE(contains(text, "a\\x00b.mp4")) << text;
    }
    const std::string download = testing::link_path_in(text, "/dl/");
    ASSERT_FALSE(download.empty()) << text;
    const testing::HttpResult got = harness.get(download);
    ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == bytes) << "downloaded bytes differ";
    EXPECT_EQ(harness.get("/api/info").status, 200);
  }
}

}  // namespace
}  // namespace tglink::testing
