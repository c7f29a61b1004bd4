#pragma once
// A file sent in parts and joined into one link (chat/uploads/split_upload.hpp), served as one
// file: a FileStreamer laid over the streamer of single files (TelegramFileStreamer), so a joined
// file's bytes come through the same read-ahead, bot spreading, stall hand-overs and disk cache
// as any file's, part by part.
//
// locate(): the joined file's link names its first part's copy. Whether a message id names a
// joined file is asked once (JoinedPartsLookup, the store) and remembered: a message becomes a
// joined file's only before any link to it exists, and never stops being one. For a joined file
// every part is located through the inner streamer (cached there per bot), and the answer is one
// StoredFile whose size is the sum of the parts', whose name and type are the joined name's, and
// whose `parts` are the parts in order. A part that is gone makes the whole file not found; a
// part no bot can reach now makes it unavailable.
// stream(): the range is cut at the part boundaries (media/part_ranges.hpp) and each piece is
// sent by the inner streamer, in order, into the same response, so ranges, ETag and conditional
// answers (serving/) see one file of the summed size.
//
// Runs on the io_context thread.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "media/file_streamer.hpp"
#include "media/lru_cache.hpp"

namespace tglink {

// What the store says of a joined file: its name and its parts' copies in LOG_CHANNEL, in order.
struct JoinedParts {
  std::string file_name;
  std::vector<std::int64_t> message_ids;
};

// Answers the joined file a link's message id names, or nullopt for any other message.
using JoinedPartsLookup =
    std::function<boost::asio::awaitable<std::optional<JoinedParts>>(std::int64_t message_id)>;

class JoinedFileStreamer final : public FileStreamer {
 public:
  // `single_files` must outlive this. `capacity`: message ids whose answer is remembered.
  JoinedFileStreamer(FileStreamer& single_files, JoinedPartsLookup lookup,
                     std::size_t capacity = 4096);

  boost::asio::awaitable<LocateResult> locate(std::int64_t message_id) override;
  boost::asio::awaitable<StreamOutcome> stream(const StoredFile& file, ByteRange range,
                                               ResponseChannel& out) override;
  boost::asio::awaitable<StreamOutcome> stream_internal(const StoredFile& file, ByteRange range,
                                                        ResponseChannel& out) override;

 private:
  [[nodiscard]] boost::asio::awaitable<std::optional<JoinedParts>> joined_parts(
      std::int64_t message_id);
  [[nodiscard]] boost::asio::awaitable<LocateResult> locate_joined(std::int64_t message_id,
                                                                   const JoinedParts& joined);
  // Each piece of `range` through the inner streamer's stream() or stream_internal().
  [[nodiscard]] boost::asio::awaitable<StreamOutcome> stream_parts(const StoredFile& file,
                                                                   ByteRange range,
                                                                   ResponseChannel& out,
                                                                   bool internal);

  FileStreamer& single_files_;
  JoinedPartsLookup lookup_;
  LruCache<std::int64_t, std::optional<JoinedParts>> known_;
};

}  // namespace tglink
