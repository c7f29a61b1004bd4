// Queued sends, as MessagesManager does them: sendMessage and forwardMessages answer a pending
// message with a yet-unsent id at once; each client's messages into one chat then go to the
// server one after another. While the bot is disconnected they wait; once the server takes one
// the client gets updateMessageSendSucceeded with the real message, and when it refuses one,
// updateMessageSendFailed with the error.

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

// MessageId's low bits: yet-unsent ids end in 1, local ids in 2, within steps of 8.
constexpr std::int64_t kTypeStep = 8;
constexpr std::int64_t kTypeYetUnsent = 1;
constexpr std::int64_t kTypeLocal = 2;

// MessageId::get_next_message_id(type): the next id of `type` after `id`.
std::int64_t next_message_id(std::int64_t id, std::int64_t type) {
  return ((id + kTypeStep - type) & ~(kTypeStep - 1)) + type;
}

}  // namespace

std::int64_t Simulator::next_temporary_id(Session& session, std::int64_t chat_id) {
  // MessagesManager::get_next_yet_unsent_message_id: after the greatest id the chat has seen.
  const ChatLog& log = world_.chats[World::chat_key(session.bot_id, chat_id)];
  std::int64_t& last = session.last_assigned_message_id[chat_id];
  last = std::max(last, log.last_server_id << kMessageIdShift);
  last = next_message_id(last, kTypeYetUnsent);
  return last;
}

json::object Simulator::queue_send(Session& session, std::int64_t chat_id, MessageRecord record) {
  record.sender_user_id = session.bot_id;
  record.date = clock_.unix_now();
  PendingSend send;
  send.temporary_id = next_temporary_id(session, chat_id);
  send.temporary = message_object(session, chat_id, record);
  send.temporary["id"] = send.temporary_id;
  send.temporary["sending_state"] =
      json::object{{"@type", "messageSendingStatePending"}, {"sending_id", 0}};
  send.record = std::move(record);
  json::object answered = send.temporary;
  const OutboxKey key{session.client_id, chat_id};
  ChatOutbox& outbox = outboxes_[key];
  outbox.sends.push_back(std::move(send));
  if (!outbox.attempt_scheduled) schedule_attempt(key, clock_.now());
  return answered;
}

void Simulator::schedule_attempt(const OutboxKey& key, TimePoint when) {
  outboxes_[key].attempt_scheduled = true;
  at(when, [this, key] { attempt_send(key); });
}

json::object Simulator::server_refusal(const Session& session, std::int64_t chat_id) const {
  if (World::is_channel_id(chat_id)) {
    // The server's 403 CHAT_WRITE_FORBIDDEN: process_send_message_fail_error keeps 403 only for
    // USER_IS_BLOCKED, USER_DELETED, USER_BOT_INVALID and CHANNEL_PUBLIC_GROUP_NA, so it is 400.
    if (!can_read_chat(session, chat_id)) return error_object(400, "CHAT_WRITE_FORBIDDEN");
    return json::object();
  }
  // What the server answers, as MessagesManager::process_send_message_fail_error hands it on.
  const SimUser* user = world_.find_user(chat_id);
  if (user != nullptr && user->deactivated) {
    // The server's 400 INPUT_USER_DEACTIVATED, which TDLib turns into this 403.
    return error_object(403, "User is deactivated");
  }
  if (user != nullptr && user->blocked_bots.count(session.bot_id) > 0) {
    // The server's 403 USER_IS_BLOCKED, which TDLib passes on unchanged (TDLib 1.8.67 has no
    // wording of its own for it; "bot was blocked by the user" is the Bot API's).
    return error_object(403, "USER_IS_BLOCKED");
  }
  if (user != nullptr && !user->is_bot && !world_.has_written_to(chat_id, session.bot_id)) {
    // The server's 400 PEER_ID_INVALID to a bot in a private chat, which TDLib turns into this.
    return error_object(403, "Bot can't initiate conversation with a user");
  }
  return json::object();
}

void Simulator::attempt_send(const OutboxKey& key) {
  auto found = outboxes_.find(key);
  if (found == outboxes_.end()) return;
  ChatOutbox& outbox = found->second;
  outbox.attempt_scheduled = false;
  Session* session = find_session(key.first);
  if (session == nullptr || session->auth != AuthState::kReady) {
    outboxes_.erase(found);  // the client closed: TDLib drops what it had not sent
    return;
  }
  // Offline, nothing leaves; resume_sends() schedules the attempt again on reconnect.
  if (outbox.sends.empty() || !bot(session->bot_id).settings.connected) return;
  const std::int64_t chat_id = key.second;
  PendingSend& send = outbox.sends.front();
  json::object refusal = server_refusal(*session, chat_id);
  if (!refusal.empty()) {
    fail_send(*session, chat_id, send, static_cast<int>(refusal["code"].as_int64()),
              std::string(refusal["message"].as_string()), 0);
  } else if (const int wait = flood_wait(*session, chat_id); wait == 0) {
    deliver(*session, chat_id, send);
  } else {
    // NetQueryDelayer::delay: TDLib waits FLOOD_WAIT_N out itself, with no update, while the
    // query's waits add up to no more than its total_timeout_limit; past it the query fails.
    send.flood_waited_seconds += wait;
    if (send.flood_waited_seconds <= kFloodWaitLimitSeconds) {
      return schedule_attempt(key, clock_.now() + std::chrono::seconds(wait));
    }
    fail_send(*session, chat_id, send, 429,
              "Too Many Requests: retry after " + std::to_string(wait), wait);
  }
  outbox.sends.pop_front();
  if (outbox.sends.empty()) {
    outboxes_.erase(found);
  } else {
    schedule_attempt(key, clock_.now());
  }
}

int Simulator::flood_wait(Session& session, std::int64_t chat_id) {
  BotState& state = bot(session.bot_id);
  const int wait = state.flood_gate.admit(state.settings.send_limits, chat_id,
                                          World::is_channel_id(chat_id), clock_.now());
  if (wait > 0) ++state.counters.flood_waits;
  return wait;
}

void Simulator::deliver(Session& session, std::int64_t chat_id, PendingSend& send) {
  send.record.date = clock_.unix_now();
  ++bot(session.bot_id).counters.messages_sent;
  const MessageRecord& stored =
      world_.append(World::chat_key(session.bot_id, chat_id), std::move(send.record));
  touch_message(session, chat_id, stored.server_id);
  emit(session, json::object{{"@type", "updateMessageSendSucceeded"},
                             {"message", message_object(session, chat_id, stored)},
                             {"old_message_id", send.temporary_id}});
  changed_.notify_all();
}

void Simulator::fail_send(Session& session, std::int64_t chat_id, PendingSend& send, int code,
                          const std::string& message, int retry_after) {
  // MessagesManager::fail_send_message: the message moves to a local id and keeps the error.
  json::object failed = send.temporary;
  std::int64_t& last = session.last_assigned_message_id[chat_id];
  last = std::max(last, next_message_id(send.temporary_id, kTypeLocal));
  failed["id"] = last;
  failed["sending_state"] = json::object{
      {"@type", "messageSendingStateFailed"},  {"error", error_object(code, message)},
      {"can_retry", retry_after > 0},          {"need_another_sender", false},
      {"need_another_reply_quote", false},     {"need_drop_reply", false},
      {"required_paid_message_star_count", 0}, {"retry_after", static_cast<double>(retry_after)}};
  emit(session, json::object{{"@type", "updateMessageSendFailed"},
                             {"message", std::move(failed)},
                             {"old_message_id", send.temporary_id},
                             {"error", error_object(code, message)}});
  changed_.notify_all();
}

void Simulator::resume_sends(std::int64_t bot_id) {
  for (auto& [key, outbox] : outboxes_) {
    Session* session = find_session(key.first);
    if (session == nullptr || session->bot_id != bot_id || outbox.attempt_scheduled) continue;
    schedule_attempt(key, clock_.now());
  }
  resume_edits();
}

}  // namespace tglink::sim
