#pragma once
// Sends one byte range of one bot's file to a client, straight from TDLib's file on disk
// (write_file, so sendfile on plain HTTP) as soon as the scheduler says the bytes are there:
// in order, each byte once. The file descriptor stays open for the whole range, so TDLib's
// rename of the finished file (same inode) does not disturb it.

#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "core/byte_range.hpp"
#include "media/download_scheduler.hpp"

namespace tglink {

class MediaObserver;
class ResponseChannel;

enum class RangeEnd {
  Complete,    // every byte of the range was sent
  ClientGone,  // the client stopped reading
  BotFailed,   // this bot could not supply the bytes; what is left says how far it got
};

struct RangeSource {
  DownloadScheduler& scheduler;
  std::int32_t file_id = 0;
  std::int64_t file_size = 0;         // as TDLib counts it (the scheduler's unit)
  MediaObserver* observer = nullptr;  // told of the bytes sent, hit or miss; may be null
  // Bytes the download window reaches past the reader's position; 0 = the scheduler's
  // read-ahead.
  std::int64_t window = 0;
};

// Sends `remaining` and takes each byte off its front as it goes out, so on return it holds the
// bytes not sent (empty when Complete) and the next reader, maybe another bot, goes on from its
// begin. No separate cursor type: "the bytes left to send" is itself a ByteRange.
// `detail` says why a BotFailed happened.
[[nodiscard]] boost::asio::awaitable<RangeEnd> send_range(RangeSource source, ByteRange& remaining,
                                                          ResponseChannel& out,
                                                          std::string& detail);

}  // namespace tglink
