#pragma once
// One bot's TDLib, as far as downloads go, played by a FakeTelegramClient: one log-channel
// message with one file, a real local file that holds zeros except where bytes are "on disk"
// (so a reader that sends bytes before they are there sends wrong ones), a bitmap of those
// bytes, and downloadFile windows that the test completes (or fails) one at a time.

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "support/fake_telegram_client.hpp"

namespace tglink::testing {

inline constexpr std::int64_t kFakeLogChannel = -1001000000042;
inline constexpr std::int64_t kFakeMessageId = 7 << 20;
// The streamer tests' download slice: small, so that a test file of a few hundred KiB spans many.
inline constexpr std::int64_t kSlice = 16 * 1024;

class FakeFileWorld {
 public:
  FakeFileWorld(FakeTelegramClient& client, std::filesystem::path path, std::string content,
                std::int32_t file_id)
      : client_(client),
        path_(std::move(path)),
        content_(std::move(content)),
        on_disk_(content_.size(), false),
        file_id_(file_id) {
    std::ofstream(path_, std::ios::binary) << std::string(content_.size(), '\0');
    client_.respond_to("getChat", [](const boost::json::object&) {
      return boost::json::object{{"@type", "chat"}, {"id", kFakeLogChannel}};
    });
    client_.respond_to("getMessage", [this](const boost::json::object& request) {
      if (message_deleted_) return make_td_error(404, "Not Found");
      return message(request.at("message_id").as_int64());
    });
    client_.respond_to("getFileDownloadedPrefixSize", [this](const boost::json::object& r) {
      return boost::json::object{{"@type", "fileDownloadedPrefixSize"},
                                 {"size", prefix(r.at("offset").as_int64())}};
    });
    client_.respond_to("getFile", [this](const boost::json::object&) { return file(false); });
    client_.respond_to("downloadFile", [this](const boost::json::object& r) {
      windows_.push_back(r);
      return file(true);
    });
    client_.respond_to("cancelDownloadFile", [this](const boost::json::object&) {
      handled_ = windows_.size();  // a cancelled download brings nothing more
      return boost::json::object{{"@type", "ok"}};
    });
    client_.respond_to("deleteFile", [this](const boost::json::object&) {
      std::fill(on_disk_.begin(), on_disk_.end(), false);
      return boost::json::object{{"@type", "ok"}};
    });
  }

  void mark_on_disk(std::int64_t begin, std::int64_t end) {
    end = std::min<std::int64_t>(end, size());
    std::fill(on_disk_.begin() + begin, on_disk_.begin() + end, true);
    std::fstream file(path_, std::ios::binary | std::ios::in | std::ios::out);
    file.seekp(begin);
    file.write(content_.data() + begin, end - begin);
  }

  // Windows asked for and not yet completed or failed, oldest first.
  [[nodiscard]] std::size_t open_windows() const { return windows_.size() - handled_; }
  [[nodiscard]] const std::vector<boost::json::object>& windows() const { return windows_; }
  // Completes the newest window (TDLib works only on the last one asked for).
  void complete_window() {
    const boost::json::object& w = windows_.back();
    handled_ = windows_.size();
    const std::int64_t offset = w.at("offset").as_int64();
    mark_on_disk(offset, offset + w.at("limit").as_int64());
    push(offset, false);
  }
  // Brings the next `bytes` of the newest window (a slow download); completes it at its end.
  void advance_window(std::int64_t bytes) {
    const boost::json::object& w = windows_.back();
    const std::int64_t offset = w.at("offset").as_int64();
    const std::int64_t end = std::min(size(), offset + w.at("limit").as_int64());
    const std::int64_t from = std::min(end, offset + prefix(offset));
    mark_on_disk(from, std::min(end, from + bytes));
    if (offset + prefix(offset) >= end) handled_ = windows_.size();
    push(offset, handled_ < windows_.size());
  }
  // The download stops with nothing new on disk (a 429 on one part).
  void fail_window() {
    handled_ = windows_.size();
    push(windows_.back().at("offset").as_int64(), false);
  }

  void delete_message() { message_deleted_ = true; }
  [[nodiscard]] std::int64_t size() const { return static_cast<std::int64_t>(content_.size()); }
  [[nodiscard]] const std::string& content() const { return content_; }
  // Bytes on this bot's disk.
  [[nodiscard]] std::int64_t downloaded() const {
    return std::count(on_disk_.begin(), on_disk_.end(), true);
  }

 private:
  std::int64_t prefix(std::int64_t offset) const {
    std::int64_t end = offset;
    while (end < size() && on_disk_[static_cast<std::size_t>(end)]) ++end;
    return end - offset;
  }

  boost::json::object file(bool active, std::int64_t offset = 0) const {
    boost::json::object local{{"path", path_.string()},
                              {"download_offset", offset},
                              {"downloaded_prefix_size", prefix(offset)},
                              {"downloaded_size", downloaded()},
                              {"is_downloading_active", active},
                              {"is_downloading_completed", downloaded() == size()}};
    boost::json::object remote{{"unique_id", "AgADfake"}};
    return boost::json::object{{"@type", "file"},
                               {"id", file_id_},
                               {"size", size()},
                               {"local", local},
                               {"remote", remote}};
  }

  void push(std::int64_t offset, bool active) {
    client_.push_update(
        boost::json::object{{"@type", "updateFile"}, {"file", file(active, offset)}});
  }

  boost::json::object message(std::int64_t id) const {
    boost::json::object document{
        {"file_name", "movie.mp4"}, {"mime_type", "video/mp4"}, {"document", file(false)}};
    boost::json::object content{{"@type", "messageDocument"}, {"document", document}};
    return boost::json::object{
        {"@type", "message"}, {"id", id}, {"date", 1700000000}, {"content", content}};
  }

  FakeTelegramClient& client_;
  std::filesystem::path path_;
  std::string content_;
  std::vector<bool> on_disk_;
  std::int32_t file_id_;
  std::vector<boost::json::object> windows_;
  std::size_t handled_ = 0;
  bool message_deleted_ = false;
};

// Bytes that differ at every offset, so a wrong or repeated byte shows.
inline std::string patterned_bytes(std::size_t size) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    bytes[i] = static_cast<char>((i * 131 + i / 251) & 0xff);
  }
  return bytes;
}

}  // namespace tglink::testing
