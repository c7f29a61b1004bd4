#pragma once
// What the HTTP handlers need from the media layer, and nothing more: find the stored file a
// link names, and send a byte range of it to a client. TelegramFileStreamer
// (media/telegram_file_streamer.hpp) is the real one, backed by every connected bot and by the
// bytes TDLib already has on disk; handler tests use a fake.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "core/byte_range.hpp"
#include "http/response_channel.hpp"

namespace tglink {

// One bot's handle on a file: TDLib's file ids are per client.
// The download window of a converter's read (stream_internal): TDLib fetches fewer parts at once
// under 2 MiB (media/download_scheduler.hpp).
inline constexpr std::int64_t kInternalReadWindow = 2 << 20;

struct BotFileId {
  std::size_t bot = 0;
  std::int32_t file_id = 0;
};

// A file sent to the bot and copied into the log channel.
struct StoredFile {
  std::int64_t message_id = 0;  // TDLib id of the copy in LOG_CHANNEL (server id << 20)
  std::string file_name;        // as sent; never empty (a name is made up when Telegram has none)
  std::string mime_type;        // effective type (media/mime_types.hpp)
  std::int64_t size = 0;        // bytes
  std::string unique_id;        // TDLib remote.unique_id: the same for every bot; the ETag source
  std::int64_t date_unix = 0;   // when the message was sent: Last-Modified
  // The bot whose locate() found it, with its file id, so that stream() of the same request does
  // not ask that bot again; unset when the file did not come from locate().
  std::optional<BotFileId> located_by;
  // A file sent in parts and joined into one link (media/joined_file_streamer.hpp): its parts in
  // order, each a stored file of its own, whose bytes laid end to end are this file's. Empty for
  // any other file.
  std::vector<StoredFile> parts;
};

// Retry-After of the 503 answered when no bot can reach a file (or its thumbnail) right now.
inline constexpr std::chrono::seconds kFileUnavailableRetryAfter{10};

enum class LocateStatus {
  Found,
  NotFound,     // no such message, deleted, or it holds no file: 404
  Unavailable,  // no connected bot can read the log channel now: 503 with Retry-After
};

struct LocateResult {
  LocateStatus status = LocateStatus::NotFound;
  StoredFile file;     // set when Found
  std::string detail;  // for logs: why not found or unavailable
};

enum class StreamOutcome {
  Complete,      // exactly the range's bytes were written
  ClientGone,    // the client stopped reading; nothing more to do
  SourceFailed,  // the bytes could not be had (every bot failed); the caller aborts the body
};

class FileStreamer {
 public:
  virtual ~FileStreamer() = default;

  // No network call when the answer is cached; a bot does getChat + getMessage otherwise.
  // Called once per request: stream() takes the file it found.
  virtual boost::asio::awaitable<LocateResult> locate(std::int64_t message_id) = 0;

  // Writes the bytes `range` of `file` (inside [0, file.size)) to `out`, in order, each byte
  // once, from TDLib's files on disk (sendfile) as soon as they are there. Headers are already
  // sent.
  virtual boost::asio::awaitable<StreamOutcome> stream(const StoredFile& file, ByteRange range,
                                                       ResponseChannel& out) = 0;

  // The same for tglink's own converters (playback/), which open many ranges to the end of the
  // file and drop them after a few MiB: the bytes come through one bot with a download window of
  // kInternalReadWindow instead of a viewer's read-ahead, so a dropped request costs little
  // Telegram traffic. By default it is stream().
  virtual boost::asio::awaitable<StreamOutcome> stream_internal(const StoredFile& file,
                                                                ByteRange range,
                                                                ResponseChannel& out) {
    return stream(file, range, out);
  }
};

}  // namespace tglink
