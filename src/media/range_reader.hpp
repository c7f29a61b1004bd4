#pragma once
// Sends one byte range of one bot's file to a client, straight from TDLib's file on disk
// (write_file, so sendfile on plain HTTP) as soon as the scheduler says the bytes are there:
// in order, each byte once. The file descriptor stays open for the whole range, so TDLib's
// rename of the finished file (same inode) does not disturb it.

#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "media/download_scheduler.hpp"

namespace tglink {

class MediaObserver;
class ResponseChannel;

enum class RangeEnd {
  Complete,    // position reached end
  ClientGone,  // the client stopped reading
  BotFailed,   // this bot could not supply the bytes; position says how far it got
};

struct RangeCursor {
  std::int64_t position = 0;  // next byte to send
  std::int64_t end = 0;       // one past the last byte to send
};

struct RangeSource {
  DownloadScheduler& scheduler;
  std::int32_t file_id = 0;
  std::int64_t file_size = 0;
  MediaObserver* observer = nullptr;  // told of the bytes sent, hit or miss; may be null
};

// Advances cursor.position as bytes go out. `detail` says why a BotFailed happened.
[[nodiscard]] boost::asio::awaitable<RangeEnd> send_range(RangeSource source, RangeCursor& cursor,
                                                          ResponseChannel& out,
                                                          std::string& detail);

}  // namespace tglink
