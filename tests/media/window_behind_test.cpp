// A window sent behind the bot's other downloads (a slice waiting behind another stream's, see
// media/bot_turns.hpp) goes at one priority below the usual, and the reader's next wait sends it
// again at the usual priority from the first byte not yet on disk, keeping what already came.

#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "fake_file_world.hpp"
#include "media/download_scheduler.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/io_wait.hpp"
#include "support/temp_dir.hpp"

namespace tglink::testing {
namespace {

namespace asio = boost::asio;
constexpr std::int32_t kFileId = 100;

class WindowBehindTest : public ::testing::Test {
 protected:
  WindowBehindTest() {
    settings_.read_ahead = kSlice;
    settings_.priority = 16;
  }

  // Waits for the bytes at `offset`; TDLib finishes a window once the wait has sent one.
  std::optional<BytesOnDisk> wait(std::int64_t offset, WaitOptions options) {
    const std::size_t sent_before = world_.windows().size();
    std::optional<BytesOnDisk> result;
    asio::co_spawn(
        io_,
        [&]() -> asio::awaitable<void> {
          result =
              co_await scheduler_.wait_for_bytes(kFileId, world_.size(), offset, reader_, options);
        },
        asio::detached);
    EXPECT_TRUE(run_until(io_, [&] {
      if (result) return true;
      if (world_.windows().size() > sent_before && world_.open_windows() > 0) {
        world_.complete_window();
      }
      return false;
    }));
    return result;
  }

  asio::io_context io_;
  TempDir dir_{"tglink-window-behind-test"};
  FakeTelegramClient client_;
  FakeFileWorld world_{client_, dir_.path() / "file", patterned_bytes(4 * kSlice), kFileId};
  DownloadSettings settings_;
  DownloadScheduler scheduler_{io_.get_executor(), client_, settings_};
  ReaderId reader_ = scheduler_.new_reader();
};

TEST_F(WindowBehindTest, ABehindWindowGoesOnePriorityLowerAndComesForwardOnTheNextWait) {
  WaitOptions options;
  options.window_end = 2 * kSlice;
  WaitOptions behind = options;
  behind.behind = true;
  scheduler_.request_window(kFileId, world_.size(), kSlice, reader_, behind);
  ASSERT_EQ(world_.windows().size(), 1u);
  const boost::json::object& first = world_.windows().back();
  EXPECT_EQ(first.at("priority").as_int64(), 15);
  EXPECT_EQ(first.at("offset").as_int64(), kSlice);
  EXPECT_EQ(first.at("limit").as_int64(), kSlice);

  // While it waited behind, the first quarter of the slice came.
  world_.mark_on_disk(kSlice, kSlice + kSlice / 4);
  const std::optional<BytesOnDisk> early = wait(kSlice, options);
  ASSERT_TRUE(early.has_value());
  EXPECT_EQ(early->status, BytesStatus::Ready);
  EXPECT_EQ(early->available, kSlice / 4);
  EXPECT_EQ(world_.windows().size(), 1u) << "bytes on disk need no window";

  const std::optional<BytesOnDisk> rest = wait(kSlice + kSlice / 4, options);
  ASSERT_TRUE(rest.has_value());
  EXPECT_EQ(rest->status, BytesStatus::Ready);
  ASSERT_EQ(world_.windows().size(), 2u);
  const boost::json::object& second = world_.windows().back();
  EXPECT_EQ(second.at("priority").as_int64(), 16) << "the window came to the front";
  EXPECT_EQ(second.at("offset").as_int64(), kSlice + kSlice / 4);
  EXPECT_EQ(second.at("limit").as_int64(), kSlice - kSlice / 4) << "it still ends at the slice";
}

}  // namespace
}  // namespace tglink::testing
