#include "sim/simulator.hpp"

#include <cstdlib>
#include <utility>

#include <unistd.h>

#include "sim/control_server.hpp"
#include "sim/json_fields.hpp"
#include "sim/request_schema.hpp"
#include "sim/sim_config.hpp"
#include "sim/sync_requests.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/user_only_methods.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

constexpr const char* kParsePrefix = "Failed to parse JSON object as TDLib request: ";

}  // namespace

Simulator& Simulator::instance() {
  // Never destroyed: tglink's receive thread may still be inside td_receive while the process
  // exits, so the simulator outlives every static destructor.
  static Simulator* simulator = new Simulator();
  return *simulator;
}

Simulator::Simulator() {
  if (const char* channel = std::getenv("LOG_CHANNEL"); channel != nullptr && *channel != 0) {
    log_channel_ = std::strtoll(channel, nullptr, 10);
    if (World::is_channel_id(log_channel_)) {
      Channel& log = world_.add_channel(log_channel_, "Log channel");
      log.bots_admin_by_default = true;
    }
  }
  if (const char* path = std::getenv("TGLINK_SIM_CONFIG"); path != nullptr && *path != 0) {
    apply_config(load_sim_config(path));
  }
  engine_ = std::thread([this] { run_engine(); });
  if (const char* socket = std::getenv("TGLINK_SIM_SOCKET"); socket != nullptr && *socket != 0) {
    control_server_ = std::make_unique<ControlServer>(
        socket, [this](const json::object& request) { return control(request); });
  }
}

Simulator::~Simulator() {
  control_server_.reset();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  engine_wake_.notify_all();
  if (engine_.joinable()) engine_.join();
}

int Simulator::create_client() {
  std::lock_guard<std::mutex> lock(mutex_);
  int id = next_client_id_++;
  Session& session = sessions_[id];
  session.client_id = id;
  session.next_file_id = first_file_id(id);
  // The real library starts every client with these, before any request.
  emit(session,
       json::object{{"@type", "updateOption"},
                    {"name", "version"},
                    {"value", json::object{{"@type", "optionValueString"}, {"value", "1.8.67"}}}});
  emit(session, json::object{{"@type", "updateOption"},
                             {"name", "commit_hash"},
                             {"value", json::object{{"@type", "optionValueString"},
                                                    {"value", "tglink-sim"}}}});
  emit_auth_state(session);
  return id;
}

void Simulator::end_client(int client_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  Session* session = find_session(client_id);
  if (session == nullptr) return;
  // The process that held the client is gone, and TDLib with it: its downloads stop (what is on
  // disk stays there) and the messages it had not handed to the server yet are lost.
  for (auto& [file_id, download] : session->downloads) {
    if (download.fd >= 0) ::close(download.fd);
  }
  std::erase_if(outboxes_,
                [client_id](const auto& entry) { return entry.first.first == client_id; });
  sessions_.erase(client_id);
  engine_wake_.notify_all();
}

void Simulator::send(int client_id, std::string_view text) {
  std::lock_guard<std::mutex> lock(mutex_);
  Session* session = find_session(client_id);
  if (session == nullptr) return;  // TDLib ignores requests to unknown clients
  ParsedRequest parsed = parse_request(text);
  if (parsed.error) return emit(*session, std::move(*parsed.error));
  const json::object& request = parsed.request;
  request_log_.record(request);
  json::value extra = extra_of(request);
  try {
    check_request(request);
  } catch (const ParseError& error) {
    answer_error(*session, extra, 400, kParsePrefix + std::string(error.what()));
    return;
  }
  std::string type = type_of(request);
  if (session->bot_id != 0) ++bot(session->bot_id).counters.requests[type];
  dispatch(*session, type, request, extra);
}

std::optional<Output> Simulator::receive(double timeout_seconds) {
  return output_.pop(std::chrono::duration<double>(timeout_seconds));
}

std::string Simulator::execute(std::string_view text) {
  return execute_request(text, request_log_);
}

void Simulator::emit(const Session& session, json::object object) {
  object["@client_id"] = session.client_id;
  output_.push(Output{session.client_id, json::serialize(object)});
}

void Simulator::answer(const Session& session, const Extra& extra, json::object object) {
  if (!extra.is_null()) object["@extra"] = extra;
  emit(session, std::move(object));
}

void Simulator::answer_error(const Session& session, const Extra& extra, int code,
                             std::string message) {
  answer(session, extra, error_object(code, std::move(message)));
}

Session* Simulator::find_session(int client_id) {
  auto found = sessions_.find(client_id);
  return found == sessions_.end() ? nullptr : &found->second;
}

Session* Simulator::session_of_bot(std::int64_t bot_id) {
  Session* latest = nullptr;
  for (auto& [id, session] : sessions_) {
    if (session.bot_id == bot_id && session.auth == AuthState::kReady) latest = &session;
  }
  return latest;
}

BotState& Simulator::bot(std::int64_t bot_id) { return bots_[bot_id]; }

void Simulator::dispatch(Session& session, const std::string& type, const json::object& request,
                         const Extra& extra) {
  // Requests any client answers, whatever its state.
  if (type == "setNetworkType") return on_set_network_type(session, request, extra);
  if (type == "getAuthorizationState") return answer(session, extra, auth_state_object(session));
  if (type == "getOption") return on_get_option(session, request, extra);
  if (type == "setOption") return on_set_option(session, request, extra);
  if (type == "close") return on_close(session, extra);
  if (type == "setLogVerbosityLevel" || type == "getTextEntities" ||
      type == "getLogVerbosityLevel") {
    // Synchronous methods sent to a client are answered the same way, with the client id.
    return emit(session, json::parse(execute(json::serialize(request))).as_object());
  }
  if (session.auth == AuthState::kClosing || session.auth == AuthState::kClosed) {
    return answer_error(session, extra, 500, "Request aborted");
  }
  const bool proxy_request = type == "addProxy" || type == "getProxies";
  if (session.auth == AuthState::kWaitTdlibParameters) {
    if (type == "setTdlibParameters") return on_set_tdlib_parameters(session, request, extra);
    if (proxy_request) {
      // TDLib holds the requests that "can be called before authorization" until it has its
      // parameters, then answers them in order (Td::on_request, pending_preauthentication).
      session.held_until_parameters.push_back(HeldRequest{request, extra});
      return;
    }
    return answer_error(session, extra, 400,
                        "Initialization parameters are needed: call setTdlibParameters first");
  }
  if (type == "addProxy") return on_add_proxy(session, request, extra);
  if (type == "getProxies") return on_get_proxies(session, extra);
  if (type == "checkAuthenticationBotToken") {
    return on_check_bot_token(session, string_field(request, "token"), extra);
  }
  if (session.auth != AuthState::kReady) return answer_error(session, extra, 401, "Unauthorized");
  // Every simulated client is a bot.
  if (is_user_only_method(type)) {
    return answer_error(session, extra, 400, std::string(kNotAvailableToBots));
  }
  if (type == "getMe") return on_get_user(session, session.bot_id, extra);
  if (type == "getUser") return on_get_user(session, int_field(request, "user_id"), extra);
  if (type == "getChat") return on_get_chat(session, int_field(request, "chat_id"), extra);
  if (type == "getSupergroup") {
    return on_get_supergroup(session, int_field(request, "supergroup_id"), extra);
  }
  if (type == "createPrivateChat") {
    return on_create_private_chat(session, int_field(request, "user_id"), extra);
  }
  if (type == "getChatMember") return on_get_chat_member(session, request, extra);
  if (type == "getChatAdministrators") {
    return on_get_chat_administrators(session, int_field(request, "chat_id"), extra);
  }
  if (type == "createChatInviteLink") return on_create_chat_invite_link(session, request, extra);
  if (type == "getMessage") return on_get_message(session, request, extra);
  if (type == "sendMessage") return on_send_message(session, request, extra);
  if (type == "editMessageText") return on_edit_message_text(session, request, extra);
  if (type == "editMessageReplyMarkup") {
    return on_edit_message_reply_markup(session, request, extra);
  }
  if (type == "leaveChat") return on_leave_chat(session, int_field(request, "chat_id"), extra);
  if (type == "forwardMessages") return on_forward_messages(session, request, extra);
  if (type == "deleteMessages") return on_delete_messages(session, request, extra);
  if (type == "answerCallbackQuery") return on_answer_callback_query(session, request, extra);
  if (type == "setCommands") return on_set_commands(session, request, extra);
  int file_id = static_cast<int>(int_field(request, "file_id"));
  if (type == "getFile") return on_get_file(session, file_id, extra);
  if (type == "downloadFile") return on_download_file(session, request, extra);
  if (type == "cancelDownloadFile") return on_cancel_download(session, file_id, extra);
  if (type == "deleteFile") return on_delete_file(session, file_id, extra);
  if (type == "getFileDownloadedPrefixSize") {
    return on_prefix_size(session, file_id, int_field(request, "offset"), extra);
  }
  answer_error(session, extra, 400, "The TDLib simulator does not implement " + type);
}

}  // namespace tglink::sim
