#pragma once
// A FileStreamer's coroutines driven from a test on its io_context: locate() run to its answer,
// and stream() started with its outcome recorded for the test to wait on.

#include <cstdint>
#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "core/byte_range.hpp"
#include "media/file_streamer.hpp"
#include "support/io_wait.hpp"
#include "support/recording_channel.hpp"

namespace tglink::testing {

// streamer.locate(message_id), run on `io` until it answers. A test failure, and an empty
// result, if it never does.
inline LocateResult locate_now(boost::asio::io_context& io, FileStreamer& streamer,
                               std::int64_t message_id) {
  std::optional<LocateResult> result;
  boost::asio::co_spawn(
      io, [&]() -> boost::asio::awaitable<void> { result = co_await streamer.locate(message_id); },
      boost::asio::detached);
  EXPECT_TRUE(run_until(io, [&] { return result.has_value(); }));
  return result.value_or(LocateResult{});
}

// Starts streamer.stream(file, range, out) on `io`; its outcome lands in `outcome` when it ends.
// The streamer, `out` and `outcome` must outlive the stream.
inline void start_stream(boost::asio::io_context& io, FileStreamer& streamer, StoredFile file,
                         ByteRange range, RecordingChannel& out,
                         std::optional<StreamOutcome>& outcome) {
  boost::asio::co_spawn(
      io,
      [&streamer, file = std::move(file), range, &out, &outcome]() -> boost::asio::awaitable<void> {
        outcome = co_await streamer.stream(file, range, out);
      },
      boost::asio::detached);
}

}  // namespace tglink::testing
