// Authorization, network type, connection state, options and closing: the life of one client.

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "sim/json_fields.hpp"
#include "sim/option_rules.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

const char* auth_state_name(AuthState state) {
  switch (state) {
    case AuthState::kWaitTdlibParameters:
      return "authorizationStateWaitTdlibParameters";
    case AuthState::kWaitPhoneNumber:
      return "authorizationStateWaitPhoneNumber";
    case AuthState::kReady:
      return "authorizationStateReady";
    case AuthState::kClosing:
      return "authorizationStateClosing";
    case AuthState::kClosed:
      return "authorizationStateClosed";
  }
  return "authorizationStateClosed";
}

json::object connection_state(const char* name) {
  return json::object{{"@type", "updateConnectionState"}, {"state", json::object{{"@type", name}}}};
}

bool is_token_secret_char(unsigned char c) { return std::isalnum(c) != 0 || c == '_' || c == '-'; }

// `<digits>:<30 or more of [A-Za-z0-9_-]>`, as BotFather issues them; the digits are the bot id.
bool parse_token(const std::string& token, std::int64_t& bot_id) {
  std::size_t colon = token.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 15) return false;
  std::string digits = token.substr(0, colon);
  std::string secret = token.substr(colon + 1);
  if (!std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }) ||
      secret.size() < 30 || !std::all_of(secret.begin(), secret.end(), is_token_secret_char)) {
    return false;
  }
  bot_id = std::stoll(digits);
  return bot_id > 0;
}

// Td::set_parameters checks these in this order before opening anything.
std::string tdlib_parameters_error(const json::object& request) {
  constexpr const char* kWhere = ". Can be obtained at https://my.telegram.org";
  if (int_field(request, "api_id") <= 0) {
    return std::string("Valid api_id must be provided") + kWhere;
  }
  if (string_field(request, "api_hash").empty()) {
    return std::string("Valid api_hash must be provided") + kWhere;
  }
  if (string_field(request, "system_language_code").empty()) {
    return "System language code must be non-empty";
  }
  if (string_field(request, "device_model").empty()) return "Device model must be non-empty";
  if (string_field(request, "application_version").empty()) {
    return "Application version must be non-empty";
  }
  return {};
}

}  // namespace

json::object Simulator::auth_state_object(const Session& session) const {
  return json::object{{"@type", auth_state_name(session.auth)}};
}

void Simulator::emit_auth_state(Session& session) {
  emit(session, json::object{{"@type", "updateAuthorizationState"},
                             {"authorization_state", auth_state_object(session)}});
}

bool Simulator::token_accepted(const std::string& token, std::int64_t& bot_id) const {
  if (!parse_token(token, bot_id)) return false;
  return accepted_tokens_.empty() || std::find(accepted_tokens_.begin(), accepted_tokens_.end(),
                                               token) != accepted_tokens_.end();
}

void Simulator::on_set_tdlib_parameters(Session& session, const json::object& request,
                                        const Extra& extra) {
  std::string invalid = tdlib_parameters_error(request);
  if (!invalid.empty()) return answer_error(session, extra, 400, std::move(invalid));
  std::string database = string_field(request, "database_directory");
  std::string files = string_field(request, "files_directory");
  session.files_directory = !files.empty() ? files : !database.empty() ? database : "tdlib";
  std::error_code error;
  std::filesystem::create_directories(session.files_directory, error);
  if (error) {
    return answer_error(
        session, extra, 400,
        "Can't create files directory \"" + session.files_directory + "\": " + error.message());
  }
  session.auth = AuthState::kWaitPhoneNumber;
  emit_auth_state(session);
  answer(session, extra, ok_object());
  run_held_requests(session);
  emit(session, connection_state(session.network_none ? "connectionStateWaitingForNetwork"
                                                      : "connectionStateConnecting"));
}

void Simulator::on_set_network_type(Session& session, const json::object& request,
                                    const Extra& extra) {
  bool was_none = session.network_none;
  session.network_none = type_of(object_field(request, "type")) == "networkTypeNone";
  answer(session, extra, ok_object());
  if (session.auth == AuthState::kWaitTdlibParameters || was_none == session.network_none) return;
  if (session.network_none) {
    emit(session, connection_state("connectionStateWaitingForNetwork"));
    return;
  }
  bool connected = session.bot_id == 0 || bot(session.bot_id).settings.connected;
  emit(session, connection_state(session.auth == AuthState::kReady && connected
                                     ? "connectionStateReady"
                                     : "connectionStateConnecting"));
  std::vector<PendingToken> pending = std::move(session.pending_tokens);
  session.pending_tokens.clear();
  for (PendingToken& item : pending) on_check_bot_token(session, item.token, item.extra);
}

void Simulator::on_check_bot_token(Session& session, const std::string& token, const Extra& extra) {
  if (session.auth != AuthState::kWaitPhoneNumber) {
    return answer_error(session, extra, 400, "Call to checkAuthenticationBotToken unexpected");
  }
  if (session.network_none) {
    // Offline, the real library keeps the request until a network appears.
    session.pending_tokens.push_back(PendingToken{extra, token});
    return;
  }
  std::int64_t bot_id = 0;
  if (!token_accepted(token, bot_id)) {
    return answer_error(session, extra, 400, "ACCESS_TOKEN_INVALID");
  }
  finish_login(session, token, extra);
}

void Simulator::finish_login(Session& session, const std::string& token, const Extra& extra) {
  std::int64_t bot_id = 0;
  parse_token(token, bot_id);
  if (world_.find_user(bot_id) == nullptr) {
    SimUser user;
    user.id = bot_id;
    user.first_name = "Sim Bot " + std::to_string(bot_id);
    user.username = "sim" + std::to_string(bot_id) + "_bot";
    user.is_bot = true;
    world_.add_user(std::move(user));
  }
  session.bot_id = bot_id;
  session.auth = AuthState::kReady;
  emit(session, json::object{{"@type", "updateOption"},
                             {"name", "my_id"},
                             {"value", json::object{{"@type", "optionValueInteger"},
                                                    {"value", std::to_string(bot_id)}}}});
  announce_user(session, bot_id);
  emit_auth_state(session);
  answer(session, extra, ok_object());
  bool connected = bot(bot_id).settings.connected;
  emit(session, connection_state(connected ? "connectionStateReady" : "connectionStateConnecting"));
}

void Simulator::on_close(Session& session, const Extra& extra) {
  if (session.auth == AuthState::kClosed || session.auth == AuthState::kClosing) {
    return answer_error(session, extra, 500, "Request aborted");
  }
  answer(session, extra, ok_object());
  session.auth = AuthState::kClosing;
  emit_auth_state(session);
  for (PendingToken& item : session.pending_tokens) {
    answer_error(session, item.extra, 500, "Request aborted");
  }
  session.pending_tokens.clear();
  for (auto& [file_id, download] : session.downloads) {
    cancel_parts(session, download, PartRange{});
    download.active = false;
  }
  session.auth = AuthState::kClosed;
  emit_auth_state(session);
}

// OptionManager::set_option: unknown and read-only names, and values of the wrong type or
// range, are refused; an empty value resets the option.
void Simulator::on_set_option(Session& session, const json::object& request, const Extra& extra) {
  const std::string name = string_field(request, "name");
  const json::object& value = object_field(request, "value");
  std::string error = option_error(name, value);
  if (!error.empty()) return answer_error(session, extra, 400, std::move(error));
  const std::string type = type_of(value);
  if (type.empty() || type == "optionValueEmpty") {
    session.options.erase(name);
  } else {
    session.options[name] = value;
  }
  answer(session, extra, ok_object());
}

void Simulator::on_get_option(Session& session, const json::object& request, const Extra& extra) {
  std::string name = string_field(request, "name");
  if (name == "version") {
    return answer(session, extra,
                  json::object{{"@type", "optionValueString"}, {"value", "1.8.67"}});
  }
  if (name == "my_id" && session.bot_id != 0) {
    return answer(
        session, extra,
        json::object{{"@type", "optionValueInteger"}, {"value", std::to_string(session.bot_id)}});
  }
  auto found = session.options.find(name);
  if (found != session.options.end() && found->value().is_object()) {
    return answer(session, extra, found->value().get_object());
  }
  answer(session, extra, json::object{{"@type", "optionValueEmpty"}});
}

void Simulator::set_connected(std::int64_t bot_id, bool connected) {
  bot(bot_id).settings.connected = connected;
  for (auto& [id, session] : sessions_) {
    if (session.bot_id != bot_id || session.auth != AuthState::kReady || session.network_none) {
      continue;
    }
    if (connected) {
      emit(session, connection_state("connectionStateUpdating"));
      emit(session, connection_state("connectionStateReady"));
    } else {
      emit(session, connection_state("connectionStateConnecting"));
    }
  }
  if (connected) {
    // Parts that finished while offline are answered now, in their original order.
    const TimePoint now = clock_.now();
    for (PartEvent event : stalled_parts_) {
      event.due = now;
      parts_.push(event);
    }
    stalled_parts_.clear();
    resume_sends(bot_id);
  }
  engine_wake_.notify_all();
}

}  // namespace tglink::sim
