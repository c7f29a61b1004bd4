// The control operations behind the control socket and TGLINK_SIM_CONFIG: building the world,
// acting as users, reading what bots sent, and changing settings and faults. See README.md.

#include <filesystem>

#include "core/base64.hpp"
#include "sim/control_reply.hpp"
#include "sim/json_fields.hpp"
#include "sim/network_profile.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/text_entities.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

std::chrono::milliseconds timeout_of(const json::object& request) {
  std::int64_t ms = int_field(request, "timeout_ms");
  return std::chrono::milliseconds(ms > 0 ? ms : 5000);
}

json::array keyboard_rows(const json::value& markup) {
  json::array rows;
  if (!markup.is_object()) return rows;
  for (const json::value& row_value : array_field(markup.get_object(), "rows")) {
    json::array row;
    for (const json::value& button_value : row_value.get_array()) {
      const json::object& button = button_value.get_object();
      const json::object& type = object_field(button, "type");
      json::object out{{"text", string_field(button, "text")}};
      if (type_of(type) == "inlineKeyboardButtonTypeUrl") {
        out["url"] = string_field(type, "url");
      } else if (type_of(type) == "inlineKeyboardButtonTypeCallback") {
        out["data"] = base64_decode(string_field(type, "data"));
      }
      row.push_back(std::move(out));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

// {"messages": N, "seconds": S} under `name`, when present; throws on nonsense.
void read_send_limit(const json::object& request, std::string_view name, SendLimit& limit) {
  if (!request.contains(name)) return;
  const json::object& fields = object_field(request, name);
  const std::int64_t messages = int_field(fields, "messages");
  const double seconds = double_field(fields, "seconds");
  if (messages < 1 || !(seconds > 0)) {
    throw std::invalid_argument(std::string(name) +
                                " needs messages >= 1 and seconds > 0, as {\"messages\": N, "
                                "\"seconds\": S}");
  }
  limit = SendLimit{static_cast<int>(messages), seconds};
}

}  // namespace

json::object Simulator::control(const json::object& request) {
  Lock lock(mutex_);
  std::string op = string_field(request, "op");
  try {
    return run_control(op, request, lock);
  } catch (const std::exception& error) {
    return json::object{{"ok", false}, {"error", op + ": " + error.what()}};
  }
}

void Simulator::apply_config(const json::object& config) {
  for (const json::value& token : array_field(config, "tokens")) {
    accepted_tokens_.push_back(std::string(token.as_string()));
  }
  for (const json::value& op : array_field(config, "ops")) {
    json::object answer = control(op.as_object());
    if (!answer["ok"].as_bool()) {
      throw std::runtime_error("TGLINK_SIM_CONFIG: " + std::string(answer["error"].as_string()));
    }
  }
}

std::int64_t Simulator::requested_bot(const json::object& request) const {
  std::int64_t bot_id = int_field(request, "bot_id");
  if (bot_id != 0) return bot_id;
  for (const auto& [id, session] : sessions_) {
    if (session.auth == AuthState::kReady) return session.bot_id;
  }
  throw std::runtime_error("no bot has logged in yet; pass bot_id");
}

SimUser& Simulator::user_for(std::int64_t user_id) {
  if (user_id <= 0) throw std::invalid_argument("user_id must be a positive number");
  auto found = world_.users.find(user_id);
  if (found != world_.users.end()) return found->second;
  SimUser user;
  user.id = user_id;
  user.first_name = "User " + std::to_string(user_id);
  return world_.add_user(std::move(user));
}

// A video's JPEG thumbnail (send_file's thumbnail_path), as a file of its own.
int Simulator::add_thumbnail(const json::object& request) {
  const std::string path = string_field(request, "thumbnail_path");
  std::error_code error;
  const auto size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
  if (error) {
    throw std::invalid_argument("cannot read thumbnail \"" + path + "\": " + error.message());
  }
  SimFile thumbnail;
  thumbnail.source_path = path;
  thumbnail.size = size;
  thumbnail.kind = FileKind::kPhoto;
  thumbnail.file_name = "thumbnail.jpg";
  thumbnail.mime_type = "image/jpeg";
  thumbnail.width = 320;
  thumbnail.height = 180;
  thumbnail.unique_id = "AQAD" + std::to_string(world_.files.size() + 1);
  return world_.add_file(std::move(thumbnail));
}

std::int64_t Simulator::upload_limit(std::int64_t user_id) {
  return user_for(user_id).is_premium ? kMaxPremiumUploadBytes : kMaxUploadBytes;
}

// The file a send_file or send_album item describes, added to the world, as message content.
// Telegram refuses an upload over the sender's limit (2000 MiB, 4000 MiB with Premium) before
// anyone sees it.
MessageContent Simulator::file_content(const json::object& request, std::int64_t max_bytes) {
  std::string path = string_field(request, "path");
  std::error_code error;
  std::int64_t size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
  if (error) throw std::invalid_argument("cannot read file \"" + path + "\": " + error.message());
  if (size > max_bytes) {
    throw std::invalid_argument(
        "File is too big: " + std::to_string(size) + " bytes; Telegram takes at most " +
        std::to_string(max_bytes) + " bytes (" + std::to_string(max_bytes / (1024 * 1024)) +
        " MiB) from this sender" +
        (max_bytes < kMaxPremiumUploadBytes ? " (4000 MiB with Telegram Premium)" : ""));
  }
  SimFile file;
  file.source_path = path;
  file.size = size;
  file.kind =
      file_kind_from_name(request.contains("kind") ? string_field(request, "kind") : "document");
  file.file_name = request.contains("file_name") ? string_field(request, "file_name")
                                                 : std::filesystem::path(path).filename().string();
  file.mime_type = request.contains("mime_type") ? string_field(request, "mime_type")
                                                 : "application/octet-stream";
  file.duration = static_cast<int>(int_field(request, "duration"));
  file.width = static_cast<int>(int_field(request, "width"));
  file.height = static_cast<int>(int_field(request, "height"));
  // The same bytes sent again are the same file on Telegram's servers (a re-post).
  file.unique_id = world_.unique_id_for_path(std::filesystem::absolute(path).string());
  if (request.contains("thumbnail_path")) file.thumbnail = add_thumbnail(request);
  MessageContent content;
  content.file_kind = file.kind;
  content.file = world_.add_file(std::move(file));
  content.text = string_field(request, "caption");
  return content;
}

json::object Simulator::user_sends(const json::object& request, MessageContent content,
                                   std::int64_t media_album_id) {
  std::int64_t user_id = int_field(request, "user_id");
  user_for(user_id);
  std::int64_t bot_id = requested_bot(request);
  MessageRecord record;
  record.sender_user_id = user_id;
  record.date = clock_.unix_now();
  record.content = std::move(content);
  record.reply_to_message_id = int_field(request, "reply_to_message_id");
  record.media_album_id = media_album_id;
  const MessageRecord& stored = world_.append(ChatKey{bot_id, user_id}, std::move(record));
  if (Session* session = session_of_bot(bot_id)) {
    announce_chat(*session, user_id);
    touch_message(*session, user_id, stored.server_id);
    emit(*session, json::object{{"@type", "updateNewMessage"},
                                {"message", message_object(*session, user_id, stored)}});
  }
  return control_ok(json::object{{"chat_id", user_id},
                                 {"bot_id", bot_id},
                                 {"message_id", stored.server_id << kMessageIdShift}});
}

json::object Simulator::control_message(const MessageRecord& record, std::int64_t chat_id,
                                        std::int64_t bot_id) const {
  json::object out{{"message_id", record.server_id << kMessageIdShift},
                   {"server_id", record.server_id},
                   {"chat_id", chat_id},
                   {"bot_id", bot_id},
                   {"sender_user_id", record.sender_user_id},
                   {"date", record.date},
                   {"text", record.content.text},
                   {"entities", record.content.entities},
                   {"keyboard", keyboard_rows(record.reply_markup)},
                   {"edited", record.edit_date != 0},
                   {"deleted", record.deleted},
                   {"reply_to_message_id", record.reply_to_message_id},
                   {"media_album_id", std::to_string(record.media_album_id)},
                   {"forwarded", record.forwarded}};
  if (record.content.file_kind.has_value()) {
    const SimFile& file = world_.files[static_cast<std::size_t>(record.content.file)];
    out["file"] = json::object{{"kind", file_kind_name(file.kind)}, {"file_name", file.file_name},
                               {"mime_type", file.mime_type},       {"size", file.size},
                               {"unique_id", file.unique_id},       {"path", file.source_path}};
  }
  return out;
}

json::array Simulator::chat_messages(std::int64_t bot_id, std::int64_t chat_id) const {
  json::array messages;
  auto found = world_.chats.find(World::chat_key(bot_id, chat_id));
  if (found == world_.chats.end()) return messages;
  for (const MessageRecord& record : found->second.messages) {
    const SimUser* sender = world_.find_user(record.sender_user_id);
    // What bots sent, and the posts a channel's owner made; not the silent posts of send_file.
    const bool by_bot = sender != nullptr && sender->is_bot;
    if (!by_bot && !record.posted_by_owner) continue;
    messages.push_back(control_message(record, chat_id, record.sender_user_id));
  }
  return messages;
}

json::object Simulator::wait_messages(const json::object& request, Lock& lock) {
  std::int64_t chat_id = int_field(request, "chat_id");
  std::int64_t bot_id = World::is_channel_id(chat_id) ? 0 : requested_bot(request);
  std::size_t count =
      static_cast<std::size_t>(std::max<std::int64_t>(1, int_field(request, "count")));
  bool arrived = changed_.wait_for(lock, timeout_of(request),
                                   [&] { return chat_messages(bot_id, chat_id).size() >= count; });
  json::array messages = chat_messages(bot_id, chat_id);
  if (!arrived) {
    throw std::runtime_error("timed out waiting for " + std::to_string(count) +
                             " messages in chat " + std::to_string(chat_id) + " (have " +
                             std::to_string(messages.size()) + ")");
  }
  return control_ok(json::object{{"messages", std::move(messages)}});
}

json::object Simulator::press_button(const json::object& request) {
  std::int64_t user_id = int_field(request, "user_id");
  std::int64_t chat_id = request.contains("chat_id") ? int_field(request, "chat_id") : user_id;
  std::int64_t bot_id = requested_bot(request);
  std::int64_t message_id = int_field(request, "message_id");
  const MessageRecord* record =
      world_.find_message(World::chat_key(bot_id, chat_id), message_id >> kMessageIdShift);
  if (record == nullptr) {
    throw std::invalid_argument("no message " + std::to_string(message_id) + " in chat " +
                                std::to_string(chat_id));
  }
  Session* session = session_of_bot(bot_id);
  if (session == nullptr) throw std::runtime_error("bot " + std::to_string(bot_id) + " is offline");
  std::string query_id = std::to_string(next_callback_query_++);
  callback_answers_[query_id] = json::object{{"answered", false}};
  callback_query_bots_[query_id] = bot_id;
  announce_user(*session, user_for(user_id).id);
  // CallbackQueriesManager::on_new_query creates the chat the query came from.
  announce_chat(*session, chat_id);
  emit(*session,
       json::object{
           {"@type", "updateNewCallbackQuery"},
           {"id", query_id},
           {"sender_user_id", user_id},
           {"chat_id", chat_id},
           {"message_id", message_id},
           {"chat_instance", std::to_string(chat_id)},
           {"payload", json::object{{"@type", "callbackQueryPayloadData"},
                                    {"data", base64_encode(string_field(request, "data"))}}}});
  return control_ok(json::object{{"query_id", query_id}});
}

json::object Simulator::wait_callback_answer(const json::object& request, Lock& lock) {
  std::string query_id = string_field(request, "query_id");
  if (callback_answers_.count(query_id) == 0) {
    throw std::invalid_argument("unknown query_id \"" + query_id + "\"");
  }
  bool answered = changed_.wait_for(
      lock, timeout_of(request), [&] { return callback_answers_[query_id]["answered"].as_bool(); });
  if (!answered) throw std::runtime_error("callback query " + query_id + " was not answered");
  return control_ok(callback_answers_[query_id]);
}

json::object Simulator::counters_of(std::int64_t bot_id) const {
  auto found = bots_.find(bot_id);
  BotCounters counters = found == bots_.end() ? BotCounters{} : found->second.counters;
  json::object requests;
  for (const auto& [type, count] : counters.requests) requests[type] = count;
  std::int64_t in_flight = 0;
  for (const auto& [id, session] : sessions_) {
    if (session.bot_id == bot_id) {
      in_flight += session.in_flight_bytes + session.in_flight_small_bytes;
    }
  }
  return json::object{{"bytes_downloaded", counters.bytes_downloaded},
                      {"part_flood_waits", counters.part_flood_waits},
                      {"file_reference_repairs", counters.file_reference_repairs},
                      {"parts", counters.parts},
                      {"part_requests", counters.part_requests},
                      {"in_flight_bytes", in_flight},
                      {"download_file_calls", counters.download_file_calls},
                      {"messages_sent", counters.messages_sent},
                      {"flood_waits", counters.flood_waits},
                      {"messages_edited", counters.messages_edited},
                      {"edit_flood_waits", counters.edit_flood_waits},
                      {"requests", std::move(requests)}};
}

json::object Simulator::run_fault(const json::object& request) {
  std::string kind = string_field(request, "kind");
  if (kind == "delete_message") {
    std::int64_t chat_id = int_field(request, "chat_id");
    std::int64_t bot_id = World::is_channel_id(chat_id) ? 0 : requested_bot(request);
    MessageRecord* record = world_.find_message(
        World::chat_key(bot_id, chat_id), int_field(request, "message_id") >> kMessageIdShift);
    if (record == nullptr) throw std::invalid_argument("no such message");
    record->deleted = true;
    expire_file_reference(*record);
    return control_ok();
  }
  if (kind == "expire_reference") {
    std::int64_t chat_id = int_field(request, "chat_id");
    std::int64_t bot_id = World::is_channel_id(chat_id) ? 0 : requested_bot(request);
    const MessageRecord* record = world_.find_message(
        World::chat_key(bot_id, chat_id), int_field(request, "message_id") >> kMessageIdShift);
    if (record == nullptr || !record->content.file_kind.has_value()) {
      throw std::invalid_argument("no message with a file there");
    }
    expire_file_reference(*record);
    return control_ok();
  }
  if (kind == "block_bot" || kind == "unblock_bot") {
    SimUser& user = user_for(int_field(request, "user_id"));
    std::int64_t bot_id = requested_bot(request);
    if (kind == "block_bot")
      user.blocked_bots.insert(bot_id);
    else
      user.blocked_bots.erase(bot_id);
    return control_ok();
  }
  if (kind == "deactivate_user") {
    user_for(int_field(request, "user_id")).deactivated = true;
    return control_ok();
  }
  std::int64_t bot_id = requested_bot(request);
  if (kind == "flood") {
    BotSettings& settings = bot(bot_id).settings;
    const std::int64_t count = request.contains("count") ? int_field(request, "count") : 1;
    const std::int64_t retry_after =
        request.contains("retry_after") ? int_field(request, "retry_after") : 5;
    // NetQueryDelayer::delay clamps FLOOD_WAIT_N to 0..14 days.
    if (count < -1 || count > 1000000 || retry_after < 0 || retry_after > 14 * 24 * 3600) {
      throw std::invalid_argument("flood needs count -1..1000000 and retry_after 0..1209600");
    }
    settings.flood_parts = static_cast<int>(count);
    settings.flood_retry_after = static_cast<int>(retry_after);
    return control_ok();
  }
  if (kind == "disconnect" || kind == "reconnect") {
    set_connected(bot_id, kind == "reconnect");
    return control_ok();
  }
  if (kind == "not_admin" || kind == "admin") {
    std::int64_t chat_id = int_field(request, "chat_id");
    auto channel = world_.channels.find(chat_id);
    if (channel == world_.channels.end())
      throw std::invalid_argument("no channel " + std::to_string(chat_id));
    channel->second.members[bot_id] = kind == "admin" ? MemberStatus::kAdmin : MemberStatus::kLeft;
    return control_ok();
  }
  if (kind == "clear") {
    bot(bot_id).settings.flood_parts = 0;
    set_connected(bot_id, true);
    return control_ok();
  }
  throw std::invalid_argument("unknown fault kind \"" + kind +
                              "\" (use flood, disconnect, reconnect, delete_message, "
                              "expire_reference, not_admin, admin, block_bot, unblock_bot, "
                              "deactivate_user or clear)");
}

json::object Simulator::run_control(const std::string& op, const json::object& request,
                                    Lock& lock) {
  if (op == "create_user") {
    SimUser user;
    user.id = int_field(request, "user_id");
    if (user.id <= 0) throw std::invalid_argument("user_id must be a positive number");
    user.first_name = string_field(request, "first_name");
    if (user.first_name.empty()) user.first_name = "User " + std::to_string(user.id);
    user.last_name = string_field(request, "last_name");
    user.username = string_field(request, "username");
    user.is_bot = bool_field(request, "is_bot");
    user.is_premium = bool_field(request, "is_premium");
    world_.add_user(std::move(user));
    return control_ok();
  }
  if (op == "create_channel") {
    Channel& channel =
        world_.add_channel(int_field(request, "chat_id"), string_field(request, "title"));
    channel.username = string_field(request, "username");
    channel.bots_admin_by_default = bool_field(request, "bots_admin_by_default");
    return control_ok();
  }
  if (op == "set_member") {
    auto channel = world_.channels.find(int_field(request, "chat_id"));
    if (channel == world_.channels.end()) throw std::invalid_argument("no such channel");
    std::int64_t user_id = int_field(request, "user_id");
    user_for(user_id);
    channel->second.members[user_id] = member_status_from_name(string_field(request, "status"));
    return control_ok();
  }
  if (op == "send_text") {
    MessageContent content;
    content.text = string_field(request, "text");
    content.entities = find_text_entities(content.text);
    return user_sends(request, std::move(content));
  }
  if (op == "send_file") {
    MessageContent content = file_content(
        request, request.contains("chat_id") ? kMaxPremiumUploadBytes
                                             : upload_limit(int_field(request, "user_id")));
    // With a channel's chat_id: a post already in that channel (say LOG_CHANNEL), so a test can
    // mint a link for it without the chat flow.
    if (request.contains("chat_id")) {
      std::int64_t chat_id = int_field(request, "chat_id");
      if (!World::is_channel_id(chat_id)) {
        throw std::invalid_argument("chat_id " + std::to_string(chat_id) + " is not a channel");
      }
      MessageRecord post;
      post.date = clock_.unix_now();
      post.content = std::move(content);
      const MessageRecord& stored = world_.append(World::chat_key(0, chat_id), std::move(post));
      return control_ok(
          json::object{{"chat_id", chat_id}, {"message_id", stored.server_id << kMessageIdShift}});
    }
    return user_sends(request, std::move(content));
  }
  if (op == "send_album") return send_album(request);
  if (op == "post_to_channel") return post_to_channel(request);
  if (op == "edit_post") return edit_post(request);
  if (op == "set_bot_rights") return set_bot_rights(request);
  if (op == "chat_member") return chat_member(request);
  if (op == "press_button") return press_button(request);
  if (op == "callback_answer") return wait_callback_answer(request, lock);
  if (op == "messages") {
    std::int64_t chat_id = int_field(request, "chat_id");
    std::int64_t bot_id = World::is_channel_id(chat_id) ? 0 : requested_bot(request);
    return control_ok(json::object{{"messages", chat_messages(bot_id, chat_id)}});
  }
  if (op == "wait_messages") return wait_messages(request, lock);
  if (op == "set_bot") {
    BotState& state = bot(requested_bot(request));
    BotSettings& settings = state.settings;
    apply_network_fields(request, state);
    read_send_limit(request, "limit_global", settings.send_limits.global);
    read_send_limit(request, "limit_private_chat", settings.send_limits.private_chat);
    read_send_limit(request, "limit_channel", settings.send_limits.channel);
    return control_ok();
  }
  if (op == "fault") return run_fault(request);
  if (op == "advance_time") return advance_time(request);
  if (op == "counters") {
    json::object bots;
    for (const auto& [id, state] : bots_) bots[std::to_string(id)] = counters_of(id);
    json::object answer{{"bots", std::move(bots)}};
    if (request.contains("bot_id")) answer["bot"] = counters_of(int_field(request, "bot_id"));
    return control_ok(std::move(answer));
  }
  if (op == "reset_counters") {
    for (auto& [id, state] : bots_) state.counters = BotCounters{};
    return control_ok();
  }
  if (op == "bots") {
    json::array ids;
    for (const auto& [id, session] : sessions_) {
      if (session.auth == AuthState::kReady) ids.push_back(session.bot_id);
    }
    return control_ok(json::object{{"bots", std::move(ids)}});
  }
  if (op == "commands") {
    return control_ok(json::object{{"commands", bot(requested_bot(request)).commands}});
  }
  throw std::invalid_argument("unknown op \"" + op + "\"");
}

}  // namespace tglink::sim
