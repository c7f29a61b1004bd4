// Messages as a bot sends and reads them: getMessage, sendMessage (text, keyboards, documents
// from local files), forwardMessages with send_copy, deleteMessages, callback
// query answers and setCommands. Sends are queued (simulator_sending.cpp): the answer is a
// pending message, the outcome an update.

#include <filesystem>

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/url_validation.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

std::int64_t tdlib_message_id(std::int64_t server_id) { return server_id << kMessageIdShift; }

json::object sender_object(std::int64_t chat_id, const MessageRecord& record) {
  if (record.sender_user_id == 0 || World::is_channel_id(chat_id)) {
    return json::object{{"@type", "messageSenderChat"}, {"chat_id", chat_id}};
  }
  return json::object{{"@type", "messageSenderUser"}, {"user_id", record.sender_user_id}};
}

std::string mime_type_for(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  if (ext == ".txt" || ext == ".log") return "text/plain";
  if (ext == ".json") return "application/json";
  if (ext == ".mp4") return "video/mp4";
  if (ext == ".zip") return "application/zip";
  return "application/octet-stream";
}

}  // namespace

json::object Simulator::content_object(Session& session, const MessageContent& content) {
  if (!content.file_kind.has_value()) {
    return json::object{{"@type", "messageText"},
                        {"text", formatted_text(content.text, content.entities)}};
  }
  const SimFile& file = world_.files[static_cast<std::size_t>(content.file)];
  json::object file_json = file_object(session, local_file_id(session, content.file));
  json::object object = file_content_object(file, std::move(file_json),
                                            formatted_text(content.text, content.entities));
  // get_video_object (VideosManager.cpp): the thumbnail is a `thumbnail` (format, size, file)
  // whose file has an id of its own; absent when the video has none.
  if (file.kind == FileKind::kVideo && file.thumbnail >= 0) {
    const int thumbnail_id = session.local_file_ids.at(file.thumbnail);
    const SimFile& thumbnail = world_.files[static_cast<std::size_t>(file.thumbnail)];
    object.at("video").as_object()["thumbnail"] =
        json::object{{"@type", "thumbnail"},
                     {"format", json::object{{"@type", "thumbnailFormatJpeg"}}},
                     {"width", thumbnail.width},
                     {"height", thumbnail.height},
                     {"file", file_object(session, thumbnail_id)}};
  }
  return object;
}

json::object Simulator::message_object(Session& session, std::int64_t chat_id,
                                       const MessageRecord& record) {
  bool channel = World::is_channel_id(chat_id);
  json::object message{{"@type", "message"},
                       {"id", tdlib_message_id(record.server_id)},
                       {"sender_id", sender_object(chat_id, record)},
                       {"chat_id", chat_id},
                       {"is_outgoing", record.sender_user_id == session.bot_id},
                       {"is_pinned", false},
                       {"is_from_offline", false},
                       {"can_be_saved", true},
                       {"has_timestamped_media", true},
                       {"is_channel_post", channel},
                       {"is_paid_star_suggested_post", false},
                       {"is_paid_ton_suggested_post", false},
                       {"contains_unread_mention", false},
                       {"date", record.date},
                       {"edit_date", record.edit_date},
                       {"unread_reactions", json::array()},
                       {"self_destruct_in", 0},
                       {"auto_delete_in", 0},
                       {"via_bot_user_id", 0},
                       {"sender_business_bot_user_id", 0},
                       {"sender_boost_count", 0},
                       {"paid_message_star_count", 0},
                       {"author_signature", ""},
                       {"media_album_id", std::to_string(record.media_album_id)},
                       {"effect_id", "0"},
                       {"summary_language_code", ""},
                       {"content", content_object(session, record.content)}};
  if (record.content.file_kind.has_value() && record.server_id != 0) {
    // FileReferenceManager remembers where each file was seen, to fetch it again from there.
    session.file_sources[record.content.file].emplace(chat_id, record.server_id);
  }
  if (!record.reply_markup.is_null()) message["reply_markup"] = record.reply_markup;
  if (record.forwarded) {
    // Where it came from is beside the point: another channel's post, as its origin says.
    message["forward_info"] =
        json::object{{"@type", "messageForwardInfo"},
                     {"origin", json::object{{"@type", "messageOriginChannel"},
                                             {"chat_id", kChannelIdBase - 1},
                                             {"message_id", tdlib_message_id(1)},
                                             {"author_signature", ""}}},
                     {"date", record.forward_date},
                     {"public_service_announcement_type", ""}};
  }
  if (record.reply_to_message_id != 0) {
    message["reply_to"] = json::object{{"@type", "messageReplyToMessage"},
                                       {"chat_id", chat_id},
                                       {"message_id", record.reply_to_message_id},
                                       {"checklist_task_id", 0},
                                       {"poll_option_id", ""},
                                       {"origin_send_date", 0}};
  }
  return message;
}

void Simulator::on_get_message(Session& session, const json::object& request, const Extra& extra) {
  std::int64_t chat_id = int_field(request, "chat_id");
  std::int64_t message_id = int_field(request, "message_id");
  // MessagesManager::get_message_force: only in a loaded chat; the message itself is fetched
  // from the server when it is not in memory.
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  if (!can_read_chat(session, chat_id)) {
    return answer_error(session, extra, 400, "CHANNEL_PRIVATE");
  }
  const std::int64_t low_bits = (std::int64_t{1} << kMessageIdShift) - 1;
  MessageRecord* record = (message_id & low_bits) != 0
                              ? nullptr
                              : world_.find_message(World::chat_key(session.bot_id, chat_id),
                                                    message_id >> kMessageIdShift);
  if (record == nullptr || record->deleted) return answer_error(session, extra, 404, "Not Found");
  touch_message(session, chat_id, record->server_id);
  answer(session, extra, message_object(session, chat_id, *record));
}

json::object Simulator::send_denied(const Session& session, std::int64_t chat_id) const {
  // MessagesManager::check_dialog_access: the chat must be loaded.
  if (!knows_chat(session, chat_id)) return error_object(400, "Chat not found");
  if (World::is_channel_id(chat_id)) {
    if (world_.channels.count(chat_id) == 0) return error_object(400, "Chat not found");
    // MessagesManager::can_send_message: in a channel only an administrator who may post.
    const Channel& channel = world_.channels.at(chat_id);
    if (!can_read_chat(session, chat_id) ||
        !world_.rights_of(channel, session.bot_id).can_post_messages) {
      return error_object(400, "Have no write access to the chat");
    }
    return json::object();
  }
  if (world_.find_user(chat_id) == nullptr) return error_object(400, "Chat not found");
  return json::object();
}

void Simulator::on_send_message(Session& session, const json::object& request, const Extra& extra) {
  std::int64_t chat_id = int_field(request, "chat_id");
  json::object denied = send_denied(session, chat_id);
  if (!denied.empty()) return answer(session, extra, std::move(denied));
  const json::object& input = object_field(request, "input_message_content");
  std::string input_type = type_of(input);
  MessageRecord record;
  record.reply_markup = reply_markup_from_input(object_field(request, "reply_markup"));
  const json::object& reply_to = object_field(request, "reply_to");
  if (type_of(reply_to) == "inputMessageReplyToMessage") {
    record.reply_to_message_id = int_field(reply_to, "message_id");
  }
  if (input_type == "inputMessageText") {
    const json::object& text = object_field(input, "text");
    record.content.text = string_field(text, "text");
    record.content.entities = array_field(text, "entities");
  } else if (input_type == "inputMessageDocument") {
    const json::object& document = object_field(input, "document");
    if (type_of(document) != "inputFileLocal") {
      return answer_error(session, extra, 400,
                          "The TDLib simulator sends documents only from inputFileLocal");
    }
    std::filesystem::path path = string_field(document, "path");
    std::error_code error;
    std::int64_t size = static_cast<std::int64_t>(std::filesystem::file_size(path, error));
    if (error) {
      return answer_error(session, extra, 400, "File not found: " + path.string());
    }
    SimFile file{path.string(),
                 size,
                 FileKind::kDocument,
                 path.filename().string(),
                 mime_type_for(path),
                 0,
                 0,
                 0,
                 "sent" + std::to_string(world_.files.size())};
    record.content.file_kind = FileKind::kDocument;
    record.content.file = world_.add_file(std::move(file));
    const json::object& caption = object_field(input, "caption");
    record.content.text = string_field(caption, "text");
    record.content.entities = array_field(caption, "entities");
  } else {
    return answer_error(session, extra, 400,
                        "The TDLib simulator does not send " + input_type + " messages");
  }
  // LinkManager::check_link refuses the whole message for one bad URL button or text URL.
  std::string refused = refused_link(record.reply_markup, record.content.entities);
  if (!refused.empty()) return answer_error(session, extra, 400, std::move(refused));
  answer(session, extra, queue_send(session, chat_id, std::move(record)));
}

void Simulator::on_forward_messages(Session& session, const json::object& request,
                                    const Extra& extra) {
  std::int64_t chat_id = int_field(request, "chat_id");
  std::int64_t from_chat_id = int_field(request, "from_chat_id");
  // MessagesManager::get_forwarded_messages checks both chats are loaded, the source first.
  if (!knows_chat(session, from_chat_id)) {
    return answer_error(session, extra, 400, "Chat to forward messages from not found");
  }
  if (!can_read_chat(session, from_chat_id)) {
    return answer_error(session, extra, 400, "Can't access the chat to forward messages from");
  }
  if (!knows_chat(session, chat_id)) {
    return answer_error(session, extra, 400, "Chat to forward messages to not found");
  }
  json::object denied = send_denied(session, chat_id);
  if (!denied.empty()) return answer(session, extra, std::move(denied));
  bool remove_caption = bool_field(request, "remove_caption");
  json::array messages;
  for (const json::value& id_value : array_field(request, "message_ids")) {
    std::int64_t message_id = parse_integer(id_value, INT64_MIN, INT64_MAX);
    const MessageRecord* source = world_.find_message(World::chat_key(session.bot_id, from_chat_id),
                                                      message_id >> kMessageIdShift);
    // TDLib answers null for a message it cannot forward, and for one it has unloaded.
    if (source == nullptr || source->deleted ||
        !message_loaded(session, from_chat_id, source->server_id)) {
      messages.push_back(nullptr);
      continue;
    }
    touch_message(session, from_chat_id, source->server_id);
    // The copy is made on the server: it points at the same file, nothing is downloaded.
    MessageRecord copy;
    copy.content = source->content;
    if (remove_caption && copy.content.file_kind.has_value()) {
      copy.content.text.clear();
      copy.content.entities.clear();
    }
    messages.push_back(queue_send(session, chat_id, std::move(copy)));
  }
  answer(session, extra,
         json::object{{"@type", "messages"},
                      {"total_count", static_cast<std::int64_t>(messages.size())},
                      {"messages", std::move(messages)}});
}

void Simulator::on_delete_messages(Session& session, const json::object& request,
                                   const Extra& extra) {
  std::int64_t chat_id = int_field(request, "chat_id");
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  json::array deleted;
  for (const json::value& id_value : array_field(request, "message_ids")) {
    std::int64_t message_id = parse_integer(id_value, INT64_MIN, INT64_MAX);
    MessageRecord* record = world_.find_message(World::chat_key(session.bot_id, chat_id),
                                                message_id >> kMessageIdShift);
    if (record == nullptr || record->deleted) continue;
    record->deleted = true;
    expire_file_reference(*record);
    deleted.push_back(message_id);
  }
  answer(session, extra, ok_object());
  if (!deleted.empty()) {
    emit(session, json::object{{"@type", "updateDeleteMessages"},
                               {"chat_id", chat_id},
                               {"message_ids", std::move(deleted)},
                               {"is_permanent", true},
                               {"from_cache", false}});
  }
  changed_.notify_all();
}

void Simulator::on_answer_callback_query(Session& session, const json::object& request,
                                         const Extra& extra) {
  std::string id = std::to_string(int_field(request, "callback_query_id"));
  // messages.setBotCallbackAnswer (CallbackQueriesManager::answer_callback_query): the query
  // belongs to the bot it was sent to, so any session of that bot answers it and another bot's
  // gets the server's QUERY_ID_INVALID.
  const auto bot = callback_query_bots_.find(id);
  if (bot == callback_query_bots_.end() || bot->second != session.bot_id) {
    return answer_error(session, extra, 400, "QUERY_ID_INVALID");
  }
  callback_answers_[id] = json::object{{"answered", true},
                                       {"text", string_field(request, "text")},
                                       {"show_alert", bool_field(request, "show_alert")},
                                       {"url", string_field(request, "url")}};
  answer(session, extra, ok_object());
  changed_.notify_all();
}

void Simulator::on_set_commands(Session& session, const json::object& request, const Extra& extra) {
  std::string scope = type_of(object_field(request, "scope"));
  if (scope.empty()) scope = "botCommandScopeDefault";
  bot(session.bot_id).commands[scope] = array_field(request, "commands");
  answer(session, extra, ok_object());
}

}  // namespace tglink::sim
