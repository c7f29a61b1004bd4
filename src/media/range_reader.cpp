#include "media/range_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "http/response_channel.hpp"
#include "media/media_observer.hpp"
#include "media/open_file.hpp"

namespace tglink {

namespace {

// Opens TDLib's file; when it has just been renamed (ENOENT), asks TDLib for the new path.
boost::asio::awaitable<bool> open_local(RangeSource& source, const std::string& path,
                                        OpenFile& file, std::string& detail) {
  if (!path.empty() && file.open(path)) co_return true;
  const std::string fresh = co_await source.scheduler.current_path(source.file_id);
  if (!fresh.empty() && file.open(fresh)) co_return true;
  detail =
      "cannot open TDLib's file '" + (fresh.empty() ? path : fresh) + "': " + std::strerror(errno);
  co_return false;
}

}  // namespace

boost::asio::awaitable<RangeEnd> send_range(RangeSource source, ByteRange& remaining,
                                            ResponseChannel& out, std::string& detail) {
  DownloadScheduler& scheduler = source.scheduler;
  const ReaderId reader = scheduler.new_reader();
  OpenFile file;
  RangeEnd result = RangeEnd::Complete;
  while (!remaining.empty()) {
    const auto offset = static_cast<std::int64_t>(remaining.begin);
    WaitOptions options;
    if (source.window > 0) options.window_end = std::min(offset + source.window, source.file_size);
    const BytesOnDisk bytes = co_await scheduler.wait_for_bytes(source.file_id, source.file_size,
                                                                offset, reader, options);
    if (bytes.status != BytesStatus::Ready) {
      detail = bytes.detail;
      result = RangeEnd::BotFailed;
      break;
    }
    if (file.fd() < 0 && !co_await open_local(source, bytes.path, file, detail)) {
      result = RangeEnd::BotFailed;
      break;
    }
    const std::uint64_t count =
        std::min(static_cast<std::uint64_t>(bytes.available), remaining.length());
    const ByteRange piece = ByteRange::starting_at(remaining.begin, count);
    const bool sent = co_await out.write_file(file.fd(), piece);
    if (!sent) {
      result = RangeEnd::ClientGone;
      break;
    }
    if (source.observer != nullptr) {
      source.observer->served(count, !bytes.waited);
    }
    remaining = remaining.without_first(count);
  }
  scheduler.reader_done(source.file_id, reader);
  co_return result;
}

}  // namespace tglink
