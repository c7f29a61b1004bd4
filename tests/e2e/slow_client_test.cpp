// A client that keeps reading, however slowly, is served to the end; only one
// that reads nothing for WRITE_TIMEOUT is dropped, with one INFO line. WRITE_TIMEOUT is made
// 1 s here so that no test takes minutes.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

#include <gtest/gtest.h>

#include "e2e/raw_client.hpp"
#include "e2e/streaming_support.hpp"
#include "support/eventually.hpp"
#include "support/text_contains.hpp"

namespace tglink::testing {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::string_view kDropLine = "read nothing for 1 s";
constexpr std::chrono::seconds kWriteTimeout{1};  // WRITE_TIMEOUT below

SimHarnessOptions short_write_timeout() {
  SimHarnessOptions options;
  options.env["WRITE_TIMEOUT"] = "1";
  return options;
}

TEST(SlowClients, ReaderSlowerThanTheWriteTimeoutAllowsIsServedToTheEnd) {
  SimHarness harness{short_write_timeout()};
  const std::uint64_t size = 6 * kMiB + 123;
  const PostedFile file = testing::post_file(harness, harness.make_file("slow.bin", size));
  ASSERT_EQ(harness.get("/dl/" + file.token).status, 200);  // on disk: only the socket is slow
  RawClient client{harness.port()};
  ASSERT_TRUE(client.send(testing::get_request("/dl/" + file.token, false)));
  ASSERT_EQ(client.read_head().status, 200);
  // 64 KiB every 100 ms, about 640 KiB/s, with the kernel's own buffer sizes. The server's send
  // buffer (grown to megabytes on loopback) takes longer than the write timeout to drain by the
  // third that makes the socket writable again, so a timeout on "writable again" cuts this client
  // (it did, after about 4 MB), though it reads something every 100 ms.
  // The server may drop only a client that read nothing for WRITE_TIMEOUT, so its verdict is
  // checked against this client's longest pause between reads, not against a hope that a loaded
  // machine never holds the test's thread up for a second.
  std::string body;
  std::chrono::steady_clock::duration longest_pause{};
  auto last_read = std::chrono::steady_clock::now();
  while (body.size() < size) {
    const std::string got = client.read_some(64 * kKiB);
    const auto now = std::chrono::steady_clock::now();
    longest_pause = std::max(longest_pause, now - last_read);
    last_read = now;
    if (got.empty()) break;
    body += got;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (longest_pause < kWriteTimeout) {
    EXPECT_EQ(body.size(), size) << "cut, though it never paused for the write timeout";
    EXPECT_TRUE(body == testing::read_range(file.source, 0, size)) << "the body differs";
    EXPECT_EQ(count_of(harness.process().output(), kDropLine), 0U);
  } else {
    std::cout << "[ slow     ] this client paused "
              << std::chrono::duration_cast<std::chrono::milliseconds>(longest_pause).count()
              << " ms between reads, past the write timeout: a drop was allowed\n";
  }
}

TEST(SlowClients, ClientThatReadsNothingIsDroppedWithOneInfoLine) {
  SimHarness harness{short_write_timeout()};
  const std::uint64_t size = 32 * kMiB;
  const PostedFile file = testing::post_file(harness, harness.make_file("stall.bin", size));
  ASSERT_EQ(harness.get("/dl/" + file.token).status, 200);
  RawClient client{harness.port(), 16 * 1024};
  ASSERT_TRUE(client.send(testing::get_request("/dl/" + file.token)));
  std::string output;
  (void)eventually([&] {
    output = harness.process().output();
    return count_of(output, kDropLine) > 0;
  });
  ASSERT_EQ(count_of(output, kDropLine), 1U) << output;
  EXPECT_NE(output.find("INFO"), std::string::npos);
  const std::size_t line_start = output.rfind('\n', output.find(kDropLine)) + 1;
  const std::string line = output.substr(line_start, output.find('\n', line_start) - line_start);
  EXPECT_NE(line.find("INFO"), std::string::npos) << line;
  EXPECT_NE(line.find("127.0.0.1"), std::string::npos) << line;
  const testing::ResponseHead head = client.read_head();
  EXPECT_EQ(head.status, 200);
  EXPECT_LT(client.drain(size), size) << "the transfer was cut";
  EXPECT_TRUE(client.closed_by_server());
  EXPECT_EQ(count_of(harness.process().output(), kDropLine), 1U);
}

}  // namespace
}  // namespace tglink::testing
