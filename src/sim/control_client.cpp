#include "sim/control_client.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace tglink::sim {
namespace json = boost::json;

namespace {

std::int64_t to_int(const json::value& value) { return value.to_number<std::int64_t>(); }

SimMessage message_from(const json::object& object) {
  SimMessage message;
  message.message_id = to_int(object.at("message_id"));
  message.chat_id = to_int(object.at("chat_id"));
  message.bot_id = to_int(object.at("bot_id"));
  message.text = std::string(object.at("text").as_string());
  message.entities = object.at("entities").as_array();
  message.edited = object.at("edited").as_bool();
  message.deleted = object.at("deleted").as_bool();
  for (const json::value& row_value : object.at("keyboard").as_array()) {
    std::vector<SimButton> row;
    for (const json::value& button_value : row_value.as_array()) {
      const json::object& button = button_value.as_object();
      SimButton out;
      out.text = std::string(button.at("text").as_string());
      if (const json::value* url = button.if_contains("url"))
        out.url = std::string(url->as_string());
      if (const json::value* data = button.if_contains("data"))
        out.data = std::string(data->as_string());
      row.push_back(std::move(out));
    }
    message.keyboard.push_back(std::move(row));
  }
  if (const json::value* file = object.if_contains("file")) {
    message.file_name = std::string(file->as_object().at("file_name").as_string());
    if (const json::value* unique = file->as_object().if_contains("unique_id")) {
      message.file_unique_id = std::string(unique->as_string());
    }
  }
  if (const json::value* sender = object.if_contains("sender_user_id")) {
    message.sender_user_id = to_int(*sender);
  }
  if (const json::value* reply_to = object.if_contains("reply_to_message_id")) {
    message.reply_to_message_id = to_int(*reply_to);
  }
  if (const json::value* forwarded = object.if_contains("forwarded")) {
    message.forwarded = forwarded->as_bool();
  }
  return message;
}

std::vector<SimMessage> messages_from(const json::object& answer) {
  std::vector<SimMessage> messages;
  for (const json::value& item : answer.at("messages").as_array()) {
    messages.push_back(message_from(item.as_object()));
  }
  return messages;
}

SentMessage sent_from(const json::object& answer) {
  return SentMessage{to_int(answer.at("chat_id")), to_int(answer.at("message_id"))};
}

void put_limit(json::object& request, const char* name,
               const std::optional<SendLimitPatch>& limit) {
  if (!limit) return;
  request[name] = json::object{{"messages", limit->messages}, {"seconds", limit->seconds}};
}

void put_bot(json::object& request, std::int64_t bot_id) {
  if (bot_id != 0) request["bot_id"] = bot_id;
}

}  // namespace

ControlClient::ControlClient(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof(address.sun_path)) {
    throw std::runtime_error("simulator socket path is too long: " + path);
  }
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    std::string reason = std::strerror(errno);
    if (fd_ >= 0) ::close(fd_);
    throw std::runtime_error("cannot connect to the simulator socket " + path + ": " + reason);
  }
}

ControlClient::~ControlClient() { ::close(fd_); }

json::object ControlClient::call(const json::object& request) {
  std::string line = json::serialize(request) + "\n";
  for (std::size_t sent = 0; sent < line.size();) {
    ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) throw std::runtime_error("simulator control socket closed while sending");
    sent += static_cast<std::size_t>(n);
  }
  std::size_t newline;
  while ((newline = buffer_.find('\n')) == std::string::npos) {
    char chunk[4096];
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) throw std::runtime_error("simulator control socket closed while reading");
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
  json::object answer = json::parse(buffer_.substr(0, newline)).as_object();
  buffer_.erase(0, newline + 1);
  if (!answer.at("ok").as_bool()) {
    throw std::runtime_error("simulator: " + std::string(answer.at("error").as_string()));
  }
  return answer;
}

void ControlClient::create_user(std::int64_t user_id, const std::string& first_name,
                                const std::string& username, bool is_premium) {
  call({{"op", "create_user"},
        {"user_id", user_id},
        {"first_name", first_name},
        {"username", username},
        {"is_premium", is_premium}});
}

ChannelPost ControlClient::post_to_channel(const ChannelPostRequest& post) {
  json::object request{{"op", "post_to_channel"},
                       {"chat_id", post.chat_id},
                       {"path", post.path},
                       {"kind", post.kind},
                       {"forwarded", post.forwarded}};
  if (!post.file_name.empty()) request["file_name"] = post.file_name;
  if (!post.caption.empty()) request["caption"] = post.caption;
  if (!post.media_group_id.empty()) request["media_group_id"] = post.media_group_id;
  const json::object answer = call(request);
  ChannelPost posted;
  posted.message_id = to_int(answer.at("message_id"));
  posted.media_album_id = std::string(answer.at("media_album_id").as_string());
  posted.file_unique_id = std::string(answer.at("file_unique_id").as_string());
  return posted;
}

void ControlClient::set_bot_rights(std::int64_t chat_id, std::int64_t bot_id,
                                   bool can_post_messages, bool can_edit_messages) {
  call({{"op", "set_bot_rights"},
        {"chat_id", chat_id},
        {"bot_id", bot_id},
        {"can_post_messages", can_post_messages},
        {"can_edit_messages", can_edit_messages}});
}

void ControlClient::create_channel(std::int64_t chat_id, const std::string& title,
                                   bool bots_admin_by_default) {
  call({{"op", "create_channel"},
        {"chat_id", chat_id},
        {"title", title},
        {"bots_admin_by_default", bots_admin_by_default}});
}

void ControlClient::set_member(std::int64_t chat_id, std::int64_t user_id,
                               const std::string& status) {
  call({{"op", "set_member"}, {"chat_id", chat_id}, {"user_id", user_id}, {"status", status}});
}

SentMessage ControlClient::send_text(std::int64_t user_id, const std::string& text,
                                     std::int64_t bot_id) {
  json::object request{{"op", "send_text"}, {"user_id", user_id}, {"text", text}};
  put_bot(request, bot_id);
  return sent_from(call(request));
}

SentMessage ControlClient::send_file(const SendFileRequest& file) {
  json::object request{{"op", "send_file"},       {"user_id", file.user_id},
                       {"path", file.path},       {"kind", file.kind},
                       {"caption", file.caption}, {"duration", file.duration},
                       {"width", file.width},     {"height", file.height}};
  if (!file.file_name.empty()) request["file_name"] = file.file_name;
  if (!file.mime_type.empty()) request["mime_type"] = file.mime_type;
  if (!file.thumbnail_path.empty()) request["thumbnail_path"] = file.thumbnail_path;
  if (file.chat_id != 0) {
    request.erase("user_id");
    request["chat_id"] = file.chat_id;
  }
  put_bot(request, file.bot_id);
  return sent_from(call(request));
}

std::vector<std::int64_t> ControlClient::send_album(std::int64_t user_id,
                                                    const std::vector<SendFileRequest>& files,
                                                    std::int64_t bot_id) {
  json::array items;
  for (const SendFileRequest& file : files) {
    json::object item{{"path", file.path},         {"kind", file.kind},   {"caption", file.caption},
                      {"duration", file.duration}, {"width", file.width}, {"height", file.height}};
    if (!file.file_name.empty()) item["file_name"] = file.file_name;
    if (!file.mime_type.empty()) item["mime_type"] = file.mime_type;
    items.push_back(std::move(item));
  }
  json::object request{{"op", "send_album"}, {"user_id", user_id}, {"files", std::move(items)}};
  put_bot(request, bot_id);
  const json::object answer = call(request);
  std::vector<std::int64_t> ids;
  for (const json::value& id : answer.at("message_ids").as_array()) {
    ids.push_back(id.as_int64());
  }
  return ids;
}

std::string ControlClient::press_button(std::int64_t user_id, std::int64_t message_id,
                                        const std::string& data, std::int64_t bot_id) {
  json::object request{
      {"op", "press_button"}, {"user_id", user_id}, {"message_id", message_id}, {"data", data}};
  put_bot(request, bot_id);
  return std::string(call(request).at("query_id").as_string());
}

std::string ControlClient::callback_answer(const std::string& query_id, int timeout_ms) {
  json::object answer =
      call({{"op", "callback_answer"}, {"query_id", query_id}, {"timeout_ms", timeout_ms}});
  return std::string(answer.at("text").as_string());
}

std::vector<SimMessage> ControlClient::messages(std::int64_t chat_id, std::int64_t bot_id) {
  json::object request{{"op", "messages"}, {"chat_id", chat_id}};
  put_bot(request, bot_id);
  return messages_from(call(request));
}

std::vector<SimMessage> ControlClient::wait_messages(std::int64_t chat_id, std::size_t count,
                                                     int timeout_ms, std::int64_t bot_id) {
  json::object request{{"op", "wait_messages"},
                       {"chat_id", chat_id},
                       {"count", static_cast<std::int64_t>(count)},
                       {"timeout_ms", timeout_ms}};
  put_bot(request, bot_id);
  return messages_from(call(request));
}

void ControlClient::set_bot(std::int64_t bot_id, const BotSettingsPatch& patch) {
  json::object request{{"op", "set_bot"}, {"bot_id", bot_id}};
  if (patch.profile) request["profile"] = *patch.profile;
  if (patch.latency_ms) request["latency_ms"] = *patch.latency_ms;
  if (patch.latency_jitter_ms) request["latency_jitter_ms"] = *patch.latency_jitter_ms;
  if (patch.jitter_seed) request["jitter_seed"] = *patch.jitter_seed;
  if (patch.bytes_per_second) request["bytes_per_second"] = *patch.bytes_per_second;
  if (patch.in_flight_bytes) request["in_flight_bytes"] = *patch.in_flight_bytes;
  put_limit(request, "limit_global", patch.limit_global);
  put_limit(request, "limit_private_chat", patch.limit_private_chat);
  put_limit(request, "limit_channel", patch.limit_channel);
  call(request);
}

void ControlClient::fault(std::int64_t bot_id, const std::string& kind, json::object fields) {
  fields["op"] = "fault";
  fields["kind"] = kind;
  put_bot(fields, bot_id);
  call(fields);
}

BotCountersView ControlClient::counters(std::int64_t bot_id) {
  json::object bot = call({{"op", "counters"}, {"bot_id", bot_id}}).at("bot").as_object();
  BotCountersView view;
  view.bytes_downloaded = to_int(bot.at("bytes_downloaded"));
  view.parts = to_int(bot.at("parts"));
  view.part_requests = to_int(bot.at("part_requests"));
  view.download_file_calls = to_int(bot.at("download_file_calls"));
  view.in_flight_bytes = to_int(bot.at("in_flight_bytes"));
  view.messages_sent = to_int(bot.at("messages_sent"));
  view.flood_waits = to_int(bot.at("flood_waits"));
  view.messages_edited = to_int(bot.at("messages_edited"));
  view.edit_flood_waits = to_int(bot.at("edit_flood_waits"));
  view.part_flood_waits = to_int(bot.at("part_flood_waits"));
  view.file_reference_repairs = to_int(bot.at("file_reference_repairs"));
  view.requests = bot.at("requests").as_object();
  return view;
}

void ControlClient::advance_time(double seconds) {
  call({{"op", "advance_time"}, {"seconds", seconds}});
}

void ControlClient::reset_counters() { call({{"op", "reset_counters"}}); }

std::vector<std::int64_t> ControlClient::bots() {
  json::object answer = call({{"op", "bots"}});
  std::vector<std::int64_t> ids;
  for (const json::value& id : answer.at("bots").as_array()) ids.push_back(to_int(id));
  return ids;
}

}  // namespace tglink::sim
