// editMessageText as TDLib 1.8.67 runs it for a bot: its own checks answer at once
// (MessagesManager::edit_message_text); what passes goes to the server as messages.editMessage
// (EditMessageQuery), which may answer FLOOD_WAIT_N, sat out by NetQueryDelayer like a send's,
// or MESSAGE_NOT_MODIFIED, which EditMessageQuery::on_error hands to a bot unchanged (only a
// user's client takes it as success).
//
// Telegram publishes no limit on edits. The simulator takes the strict reading: an edit counts
// in the same windows as a message (send_limits.hpp), so a bot that edits a private chat's
// message right after writing there waits a second, as it would for a second message.

#include <string>
#include <utility>
#include <vector>

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/url_validation.hpp"

namespace tglink::sim {
namespace json = boost::json;

void Simulator::on_edit_message_text(Session& session, const json::object& request,
                                     const Extra& extra) {
  const std::int64_t chat_id = int_field(request, "chat_id");
  const std::int64_t message_id = int_field(request, "message_id");
  // MessagesManager::edit_message_text: the chat must be loaded and the message in memory
  // (get_message_force); an unloaded message is "not found" until getMessage loads it.
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  const MessageRecord* record = message_in_memory(session, chat_id, message_id);
  if (record == nullptr) return answer_error(session, extra, 400, "Message not found");
  if (record->sender_user_id != session.bot_id || record->content.file_kind.has_value()) {
    return answer_error(session, extra, 400, "Message can't be edited");
  }
  const json::object& text = object_field(object_field(request, "input_message_content"), "text");
  PendingEdit edit;
  edit.client_id = session.client_id;
  edit.extra = extra;
  edit.chat_id = chat_id;
  edit.message_id = message_id;
  edit.text = string_field(text, "text");
  edit.entities = array_field(text, "entities");
  edit.reply_markup = reply_markup_from_input(object_field(request, "reply_markup"));
  // The same URL checks as sending (LinkManager::check_link); a refused edit changes nothing.
  std::string refused = refused_link(edit.reply_markup, edit.entities);
  if (!refused.empty()) return answer_error(session, extra, 400, std::move(refused));
  attempt_edit(std::move(edit));
}

void Simulator::attempt_edit(PendingEdit edit) {
  Session* session = find_session(edit.client_id);
  if (session == nullptr || session->auth != AuthState::kReady) return;  // the client closed
  BotState& state = bot(session->bot_id);
  if (!state.settings.connected) {
    held_edits_.push_back(std::move(edit));  // resume_sends() offers it again on reconnect
    return;
  }
  const int wait = state.flood_gate.admit(state.settings.send_limits, edit.chat_id,
                                          World::is_channel_id(edit.chat_id), clock_.now());
  if (wait > 0) {
    ++state.counters.edit_flood_waits;
    // NetQueryDelayer::delay, as for a send: waited out silently up to its total_timeout_limit.
    edit.flood_waited_seconds += wait;
    if (edit.flood_waited_seconds > kFloodWaitLimitSeconds) {
      return answer_error(*session, edit.extra, 429,
                          "Too Many Requests: retry after " + std::to_string(wait));
    }
    at(clock_.now() + std::chrono::seconds(wait),
       [this, edit = std::move(edit)]() mutable { attempt_edit(std::move(edit)); });
    return;
  }
  MessageRecord* record = world_.find_message(World::chat_key(session->bot_id, edit.chat_id),
                                              edit.message_id >> kMessageIdShift);
  if (record == nullptr || record->deleted) {
    // Deleted while the edit waited: the server's error, which TDLib passes on.
    return answer_error(*session, edit.extra, 400, "MESSAGE_ID_INVALID");
  }
  if (edit.markup_only) {
    edit.text = record->content.text;
    edit.entities = record->content.entities;
  }
  if (record->content.text == edit.text && record->content.entities == edit.entities &&
      record->reply_markup == edit.reply_markup) {
    return answer_error(*session, edit.extra, 400, "MESSAGE_NOT_MODIFIED");
  }
  apply_edit(*session, *record, std::move(edit));
}

void Simulator::apply_edit(Session& session, MessageRecord& record, PendingEdit edit) {
  record.content.text = std::move(edit.text);
  record.content.entities = std::move(edit.entities);
  record.reply_markup = std::move(edit.reply_markup);
  record.edit_date = clock_.unix_now();
  ++bot(session.bot_id).counters.messages_edited;
  json::object message = message_object(session, edit.chat_id, record);
  answer(session, edit.extra, message);
  if (!edit.markup_only) {
    emit(session, json::object{{"@type", "updateMessageContent"},
                               {"chat_id", edit.chat_id},
                               {"message_id", edit.message_id},
                               {"new_content", message["content"]}});
  }
  json::object edited{{"@type", "updateMessageEdited"},
                      {"chat_id", edit.chat_id},
                      {"message_id", edit.message_id},
                      {"edit_date", record.edit_date}};
  if (!record.reply_markup.is_null()) edited["reply_markup"] = record.reply_markup;
  emit(session, std::move(edited));
  changed_.notify_all();
}

void Simulator::resume_edits() {
  std::vector<PendingEdit> held = std::move(held_edits_);
  held_edits_.clear();
  for (PendingEdit& edit : held) attempt_edit(std::move(edit));  // still offline: held again
}

}  // namespace tglink::sim
