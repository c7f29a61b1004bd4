// A user's album (control op send_album), as TDLib's sendMessageAlbum sends it: the checks of
// MessagesManager::send_message_group, then each file as a message of its own, delivered as its
// own updateNewMessage, in order, all sharing one media_album_id (an int64, written as a JSON
// string like every TDLib int64). A refused album sends and stores nothing.

#include <filesystem>
#include <set>
#include <stdexcept>

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

// Telegram's limit on the messages of one album (MAX_GROUPED_MESSAGES).
constexpr std::size_t kMaxAlbumFiles = 10;

std::string item_kind(const json::object& item) {
  return item.contains("kind") ? string_field(item, "kind") : "document";
}

// send_message_group: is_allowed_media_group_content (photos, videos, documents and audio
// only), and documents and audio only with their own kind (is_homogenous_media_group_content).
void check_album(const json::array& files) {
  if (files.empty()) throw std::invalid_argument("There are no messages to send");
  if (files.size() > kMaxAlbumFiles) {
    throw std::invalid_argument("Too many messages to send as an album");
  }
  std::set<std::string> kinds;
  for (const json::value& item : files) {
    if (!item.is_object()) throw std::invalid_argument("every album item must be an object");
    const std::string kind = item_kind(item.get_object());
    if (kind != "photo" && kind != "video" && kind != "document" && kind != "audio") {
      throw std::invalid_argument("Invalid message content type (\"" + kind +
                                  "\" cannot be in an album)");
    }
    kinds.insert(kind);
    const std::string path = string_field(item.get_object(), "path");
    std::error_code error;
    (void)std::filesystem::file_size(path, error);
    if (error) throw std::invalid_argument("cannot read file \"" + path + "\": " + error.message());
  }
  for (const char* alone : {"document", "audio"}) {
    if (kinds.count(alone) != 0 && kinds.size() > 1) {
      throw std::invalid_argument(std::string(alone) + " can't be mixed with other media types");
    }
  }
}

}  // namespace

json::object Simulator::send_album(const json::object& request) {
  const json::array& files = array_field(request, "files");
  check_album(files);
  // One file alone is sent as an ordinary message, outside any album.
  const std::int64_t album_id = files.size() > 1 ? next_media_album_id_++ : 0;
  json::array message_ids;
  json::object last;
  for (const json::value& item : files) {
    MessageContent content =
        file_content(item.get_object(), upload_limit(int_field(request, "user_id")));
    last = user_sends(request, std::move(content), album_id);
    message_ids.push_back(last.at("message_id"));
  }
  return json::object{{"ok", true},
                      {"chat_id", last.at("chat_id")},
                      {"bot_id", last.at("bot_id")},
                      {"media_album_id", std::to_string(album_id)},
                      {"message_ids", std::move(message_ids)}};
}

}  // namespace tglink::sim
