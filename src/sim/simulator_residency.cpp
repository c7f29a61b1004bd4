// What one client holds in memory. TDLib can use only the chats it has loaded
// (MessagesManager::get_dialog_force finds nothing else: tglink runs with
// use_chat_info_database = false, so after a restart that is none), and it unloads messages
// that were not used for message_unload_delay (MessagesManager::get_unload_dialog_delay: 1800 s
// for bots unless the option says otherwise). A message is used when it arrives, is sent, read
// with getMessage or forwarded; a forward of an unloaded message finds nothing, so its place in
// the answer is null until getMessage loads it again.
//
// Stricter than TDLib: every message unloads, the chat's last one too.

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

constexpr std::int64_t kBotUnloadDelaySeconds = 1800;

// An optionValueInteger's value, which TDLib's JSON may give as a number or a string.
std::optional<std::int64_t> integer_option(const json::value& option) {
  if (!option.is_object()) return std::nullopt;
  const json::value* value = option.get_object().if_contains("value");
  if (value == nullptr) return std::nullopt;
  if (value->is_int64()) return value->get_int64();
  if (value->is_string()) {
    try {
      return std::stoll(std::string(value->get_string()));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace

bool Simulator::knows_chat(const Session& session, std::int64_t chat_id) const {
  return session.announced_chats.count(chat_id) > 0;
}

SimClock::duration Simulator::unload_delay(const Session& session) const {
  std::int64_t seconds = kBotUnloadDelaySeconds;
  auto found = session.options.find("message_unload_delay");
  if (found != session.options.end()) {
    seconds = integer_option(found->value()).value_or(kBotUnloadDelaySeconds);
  }
  return std::chrono::seconds(seconds);
}

void Simulator::touch_message(Session& session, std::int64_t chat_id, std::int64_t server_id) {
  session.message_last_used[{chat_id, server_id}] = clock_.now();
}

bool Simulator::message_loaded(const Session& session, std::int64_t chat_id,
                               std::int64_t server_id) const {
  auto found = session.message_last_used.find({chat_id, server_id});
  return found != session.message_last_used.end() &&
         clock_.now() - found->second < unload_delay(session);
}

MessageRecord* Simulator::message_in_memory(Session& session, std::int64_t chat_id,
                                            std::int64_t message_id) {
  MessageRecord* record =
      world_.find_message(World::chat_key(session.bot_id, chat_id), message_id >> kMessageIdShift);
  if (record == nullptr || record->deleted ||
      !message_loaded(session, chat_id, record->server_id)) {
    return nullptr;
  }
  touch_message(session, chat_id, record->server_id);
  return record;
}

}  // namespace tglink::sim
