// Fuzz target: what tglink reads out of TDLib's JSON. The text is parsed as TdReceiver does
// (boost::json::parse; anything but an object is dropped), routed by "@type" through
// UpdateRouter, and read by the chat side (private_message, incoming_file: a user's upload) and
// by the streaming side (file_from_message: a log-channel post).
//
// Input: one JSON text, as td_receive returns it.
//
// Invariants:
//  - nothing but the one subscriber of the update's "@type" runs, exactly once;
//  - td_error reads every answer is_error says is an error;
//  - a private message comes from a user, in that user's own chat (chat id = user id > 0);
//  - an uploaded file always has a name and a MIME type, and no negative size;
//  - a log-channel file always has a name and a MIME type, no negative size, and the name the
//    uploader gave when there is one;
//  - the chat side and the streaming side agree on which contents hold a file.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#include <boost/json/parse.hpp>

#include "chat/messages/incoming_file.hpp"
#include "chat/messages/incoming_message.hpp"
#include "media/message_file.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"
#include "telegram/update_router.hpp"

namespace {

namespace json = boost::json;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_tdlib_messages invariant broken: %s\n", what);
  std::abort();
}

// The file name the uploader gave, if the content's media object carries one.
std::string_view given_file_name(const json::object& content) {
  for (const std::string_view media_field :
       {"document", "video", "audio", "voice_note", "animation", "video_note", "sticker"}) {
    const json::object* media = tglink::td_object(content, media_field);
    if (media == nullptr) continue;
    if (const auto name = tglink::td_string(*media, "file_name")) return *name;
  }
  return {};
}

void check_routing(const json::object& update) {
  tglink::UpdateRouter router;
  int runs = 0;
  router.add("updateNewMessage", [&runs](const json::object&) { ++runs; });
  const std::size_t routed = router.route(update);
  const bool is_new_message = tglink::td_type(update) == "updateNewMessage";
  require(routed == (is_new_message ? 1u : 0u) && runs == static_cast<int>(routed),
          "only the subscriber of the update's type runs, once");
}

void check_error(const json::object& answer) {
  if (tglink::is_error(answer)) require(tglink::td_error(answer).has_value(), "errors read");
}

void check_private_message(const json::object& update) {
  const std::optional<tglink::IncomingMessage> message = tglink::private_message(update);
  if (!message) return;
  require(message->chat_id > 0 && message->chat_id == message->user_id,
          "a private message is in its sender's own chat");
  const std::optional<tglink::IncomingFile> file = tglink::incoming_file(message->content);
  if (!file) return;
  require(!file->file_name.empty(), "an upload has a name");
  require(file->size >= 0, "an upload has no negative size");
}

// `message` is a TDLib message object, as getMessage returns a log-channel post.
void check_channel_file(const json::object& message) {
  const std::optional<tglink::LocatedFile> located = tglink::file_from_message(message);
  const json::object* content = tglink::td_object(message, "content");
  const bool chat_side_sees_file = content != nullptr && tglink::incoming_file(*content);
  require(located.has_value() == chat_side_sees_file, "both sides agree which files exist");
  if (!located) return;
  require(!located->file.file_name.empty(), "a posted file has a name");
  require(!located->file.mime_type.empty(), "a posted file has a MIME type");
  require(located->file.size >= 0, "a posted file has no negative size");
  const std::string_view given = given_file_name(*content);
  if (!given.empty()) require(located->file.file_name == given, "the uploader's name is kept");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  boost::system::error_code error;
  const json::value parsed =
      json::parse(std::string_view(reinterpret_cast<const char*>(data), size), error);
  if (error || !parsed.is_object()) return 0;
  const json::object& object = parsed.get_object();

  check_routing(object);
  check_error(object);
  check_private_message(object);
  check_channel_file(object);
  const json::object* message = tglink::td_object(object, "message");
  if (message != nullptr) check_channel_file(*message);
  return 0;
}
