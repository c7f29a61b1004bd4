#include "media/joined_file_streamer.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "media/mime_types.hpp"
#include "media/part_ranges.hpp"

namespace tglink {

namespace {

// FNV-1a over the parts' unique ids: the same for every bot and node, so a joined file's ETag and
// the player's probe of it are stable, and different from any single file's.
std::string joined_unique_id(const std::vector<StoredFile>& parts) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const StoredFile& part : parts) {
    for (const char c : part.unique_id + "|") {
      hash ^= static_cast<unsigned char>(c);
      hash *= 1099511628211ull;
    }
  }
  return fmt::format("joined-{:016x}-{}", hash, parts.size());
}

}  // namespace

JoinedFileStreamer::JoinedFileStreamer(FileStreamer& single_files, JoinedPartsLookup lookup,
                                       std::size_t capacity)
    : single_files_(single_files), lookup_(std::move(lookup)), known_(capacity) {}

boost::asio::awaitable<std::optional<JoinedParts>> JoinedFileStreamer::joined_parts(
    std::int64_t message_id) {
  if (const std::optional<JoinedParts>* known = known_.find(message_id)) co_return *known;
  std::optional<JoinedParts> joined = co_await lookup_(message_id);
  known_.put(message_id, joined);
  co_return joined;
}

boost::asio::awaitable<LocateResult> JoinedFileStreamer::locate(std::int64_t message_id) {
  const std::optional<JoinedParts> joined = co_await joined_parts(message_id);
  if (!joined) co_return co_await single_files_.locate(message_id);
  co_return co_await locate_joined(message_id, *joined);
}

boost::asio::awaitable<LocateResult> JoinedFileStreamer::locate_joined(std::int64_t message_id,
                                                                       const JoinedParts& joined) {
  LocateResult result;
  result.status = LocateStatus::Found;
  StoredFile& file = result.file;
  file.message_id = message_id;
  file.file_name = joined.file_name;
  file.mime_type = std::string(mime_type_for_file_name(joined.file_name));
  for (std::size_t i = 0; i < joined.message_ids.size(); ++i) {
    LocateResult part = co_await single_files_.locate(joined.message_ids[i]);
    if (part.status != LocateStatus::Found) {
      part.detail = fmt::format("part {} of {} (message {}): {}", i + 1, joined.message_ids.size(),
                                joined.message_ids[i], part.detail);
      co_return part;
    }
    file.size += part.file.size;
    file.date_unix = std::max(file.date_unix, part.file.date_unix);
    file.parts.push_back(std::move(part.file));
  }
  if (file.parts.empty()) {
    co_return LocateResult{LocateStatus::NotFound, {}, "a joined file without parts"};
  }
  file.unique_id = joined_unique_id(file.parts);
  co_return result;
}

boost::asio::awaitable<StreamOutcome> JoinedFileStreamer::stream(const StoredFile& file,
                                                                 ByteRange range,
                                                                 ResponseChannel& out) {
  if (file.parts.empty()) co_return co_await single_files_.stream(file, range, out);
  co_return co_await stream_parts(file, range, out, false);
}

boost::asio::awaitable<StreamOutcome> JoinedFileStreamer::stream_internal(const StoredFile& file,
                                                                          ByteRange range,
                                                                          ResponseChannel& out) {
  if (file.parts.empty()) co_return co_await single_files_.stream_internal(file, range, out);
  co_return co_await stream_parts(file, range, out, true);
}

boost::asio::awaitable<StreamOutcome> JoinedFileStreamer::stream_parts(const StoredFile& file,
                                                                       ByteRange range,
                                                                       ResponseChannel& out,
                                                                       bool internal) {
  std::vector<std::uint64_t> sizes;
  for (const StoredFile& part : file.parts) sizes.push_back(static_cast<std::uint64_t>(part.size));
  for (const PartRange& piece : part_ranges(sizes, range)) {
    const StoredFile& part = file.parts[piece.part];
    const StreamOutcome outcome =
        internal ? co_await single_files_.stream_internal(part, piece.bytes, out)
                 : co_await single_files_.stream(part, piece.bytes, out);
    if (outcome != StreamOutcome::Complete) co_return outcome;
  }
  co_return StreamOutcome::Complete;
}

}  // namespace tglink
