// The crash window between a copy into LOG_CHANNEL and its confirmation, made to
// happen on purpose (the random kills of crash_recovery_test.cpp rarely fall into it): the copy
// is held up by a flood wait in LOG_CHANNEL, which TDLib sits out silently, and tglink is killed
// while it waits.
//   - Telegram took the copy: tglink is frozen (SIGSTOP) so that it never sees the confirmation,
//     the flood wait is let run out, the copy is posted, and only then is tglink killed. After
//     the restart it finds the copy in LOG_CHANNEL and adopts it: one post, its link.
//   - Telegram never took it: killed during the wait, the copy dies with the process (TDLib keeps
//     no queue across a restart). After the restart nothing is found and it is posted: one post.
// And the same for the link reply, held up by the private chat's flood wait.
#include <csignal>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>
#include <signal.h>

#include "e2e/crash_support.hpp"
#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kFirst = 9990001;   // uploads first: posted at once
constexpr std::int64_t kSecond = 9990002;  // uploads next: held up by the flood wait

class UnconfirmedCopy : public ::testing::Test {
 protected:
  void SetUp() override {
    sim().create_user(kFirst, "First");
    sim().create_user(kSecond, "Second");
    SimHarnessOptions options;
    options.world = &world_;
    node_ = std::make_unique<SimHarness>(options);
    // One post per 40 s into a channel: the second copy gets FLOOD_WAIT, under TDLib's 60 s.
    sim::BotSettingsPatch slow;
    slow.limit_channel = sim::SendLimitPatch{1, 40.0};
    sim().set_bot(SimHarness::kMainBotId, slow);
  }

  sim::ControlClient& sim() { return world_.sim(); }

  // `user` sends a file named `name`.
  void upload(std::int64_t user, const std::string& name) {
    sim::SendFileRequest request;
    request.user_id = user;
    request.bot_id = SimHarness::kMainBotId;
    request.path = node_->make_file(name, 120000, static_cast<std::uint32_t>(user)).string();
    (void)sim().send_file(request);
  }

  // The first file is posted and linked; the second file's copy is then waiting out the flood
  // wait inside TDLib.
  void second_copy_waits_in_tdlib() {
    upload(kFirst, "first.bin");
    ASSERT_TRUE(eventually([&] { return !links_to(sim(), kFirst).empty(); }, kCrashTestPatience));
    upload(kSecond, "second.bin");
    ASSERT_TRUE(eventually([&] { return sim().counters(SimHarness::kMainBotId).flood_waits > 0; },
                           kCrashTestPatience))
        << "the second copy was never held up";
    ASSERT_TRUE(posts_named(sim(), "second.bin").empty());
  }

  // Telegram's limit back to its default, and tglink started again on the same world.
  void restart() {
    sim::BotSettingsPatch normal;
    normal.limit_channel = sim::SendLimitPatch{20, 60.0};
    sim().set_bot(SimHarness::kMainBotId, normal);
    node_->restart();
  }

  // The second upload ends with one post and every link it got points at that post.
  void expect_one_post_and_its_link() {
    ASSERT_TRUE(eventually([&] { return !links_to(sim(), kSecond).empty(); }, kCrashTestPatience))
        << "the second upload got no link";
    const std::vector<std::int64_t> posts = posts_named(sim(), "second.bin");
    ASSERT_EQ(posts.size(), 1U);
    for (const std::int64_t linked : links_to(sim(), kSecond)) EXPECT_EQ(linked, posts[0]);
    EXPECT_EQ(posts_named(sim(), "first.bin").size(), 1U);
    EXPECT_EQ(links_to(sim(), kFirst).size(), 1U);
  }

  SimWorld world_;
  std::unique_ptr<SimHarness> node_;
};

TEST_F(UnconfirmedCopy, ACopyTelegramTookBeforeTheKillIsAdoptedNotPostedAgain) {
  second_copy_waits_in_tdlib();
  if (HasFatalFailure()) return;
  ASSERT_EQ(::kill(node_->process().pid(), SIGSTOP), 0);  // it will never see the confirmation
  sim().advance_time(45);                                 // the flood wait runs out
  ASSERT_TRUE(
      eventually([&] { return posts_named(sim(), "second.bin").size() == 1; }, kCrashTestPatience))
      << "Telegram never took the held copy";
  ASSERT_EQ(node_->process().stop(SIGKILL, 30s), 128 + SIGKILL);

  restart();
  expect_one_post_and_its_link();
  EXPECT_NE(node_->process().output().find("; adopted"), std::string::npos)
      << node_->process().output();
}

TEST_F(UnconfirmedCopy, ACopyTelegramNeverTookIsPostedAfterTheRestart) {
  second_copy_waits_in_tdlib();
  if (HasFatalFailure()) return;
  ASSERT_EQ(node_->process().stop(SIGKILL, 30s), 128 + SIGKILL);  // during the flood wait
  sim().advance_time(45);  // nothing is left to send: the copy died with the process
  ASSERT_TRUE(posts_named(sim(), "second.bin").empty());

  restart();
  expect_one_post_and_its_link();
  EXPECT_NE(node_->process().output().find("posting it again"), std::string::npos)
      << node_->process().output();
}

// The same window for the link reply: TDLib holds it while it sits out the private chat's flood
// wait, and a kill loses it. The upload's row stays until Telegram confirms the reply, so the
// next start sends it.
TEST_F(UnconfirmedCopy, ALinkReplyTdlibStillHeldAtTheKillIsSentAfterTheRestart) {
  sim::BotSettingsPatch one_per_chat;
  one_per_chat.limit_private_chat = sim::SendLimitPatch{1, 40.0};
  sim().set_bot(SimHarness::kMainBotId, one_per_chat);
  (void)sim().send_text(kFirst, "/start", SimHarness::kMainBotId);
  ASSERT_EQ(sim().wait_messages(kFirst, 1, kBotReplyWaitMs, SimHarness::kMainBotId).size(), 1U);
  upload(kFirst, "first.bin");  // its link reply comes within 40 s of the /start reply
  ASSERT_TRUE(eventually(
      [&] {
        return posts_named(sim(), "first.bin").size() == 1 &&
               sim().counters(SimHarness::kMainBotId).flood_waits > 0;
      },
      kCrashTestPatience))
      << "the link reply was never held up";
  ASSERT_TRUE(links_to(sim(), kFirst).empty());
  ASSERT_EQ(node_->process().stop(SIGKILL, 30s), 128 + SIGKILL);  // the held reply dies with it

  sim::BotSettingsPatch normal;
  normal.limit_private_chat = sim::SendLimitPatch{1, 1.0};
  sim().set_bot(SimHarness::kMainBotId, normal);
  restart();
  ASSERT_TRUE(eventually([&] { return !links_to(sim(), kFirst).empty(); }, kCrashTestPatience))
      << "the link reply was lost with the process";
  const std::vector<std::int64_t> posts = posts_named(sim(), "first.bin");
  ASSERT_EQ(posts.size(), 1U);
  EXPECT_EQ(links_to(sim(), kFirst), std::vector<std::int64_t>{posts[0]});
}

}  // namespace
}  // namespace tglink::testing
