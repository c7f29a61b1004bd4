#include "telegram/bot_session.hpp"

#include <stdexcept>
#include <system_error>
#include <utility>

#include "logging/log.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/tdlib_setup_requests.hpp"

namespace tglink {

std::optional<BotInfo> bot_info_from_user(const boost::json::object& user) {
  const std::optional<std::int64_t> id = td_int53(user, "id");
  if (td_type(user) != "user" || !id) {
    return std::nullopt;
  }
  BotInfo info;
  info.id = *id;
  info.first_name = td_string(user, "first_name").value_or("");
  info.username = first_active_username(user);
  return info;
}

template <typename F>
auto BotSession::guarded(F f) {
  return [alive = std::weak_ptr<bool>(alive_), f = std::move(f)](auto&&... args) {
    if (!alive.expired()) {
      f(std::forward<decltype(args)>(args)...);
    }
  };
}

BotSession::BotSession(BotSettings settings, std::unique_ptr<TelegramClient> client, Log& log)
    : settings_(std::move(settings)), client_(std::move(client)), log_(log) {}

BotSession::~BotSession() {
  client_->unsubscribe(auth_subscription_);
  client_->unsubscribe(connection_subscription_);
}

void BotSession::start() {
  std::error_code error;
  std::filesystem::create_directories(settings_.data_directory, error);
  if (error) {
    throw std::runtime_error("DATA_DIR: cannot create the TDLib directory " +
                             settings_.data_directory.string() + " for the " + label() + ": " +
                             error.message());
  }
  auth_subscription_ = client_->subscribe(
      "updateAuthorizationState",
      guarded([this](const boost::json::object& update) { on_authorization_state(update); }));
  connection_subscription_ = client_->subscribe(
      "updateConnectionState",
      guarded([this](const boost::json::object& update) { on_connection_state(update); }));
  // Offline first: TDLib must never get the chance to open a connection.
  if (settings_.network_none) {
    send_setup(network_none_request());
  }
  for (boost::json::object& option : option_requests()) {
    send_setup(std::move(option));
  }
  // Queued before setTdlibParameters, so TDLib has it before the first connection and before
  // the bot token is sent.
  if (settings_.proxy) {
    send_setup(add_proxy_request(*settings_.proxy));
  }
}

void BotSession::close() {
  if (shutting_down()) {
    return;
  }
  set_auth_state(BotAuthState::closing);
  client_->send({{"@type", "close"}}, [](const boost::json::object&) {});
}

void BotSession::on_authorization_state(const boost::json::object& update) {
  const std::string_view state = td_string(update, "authorization_state.@type").value_or("");
  tdlib_state_ = std::string(state);
  log_.debug("{} (bot {}): {}", label(), settings_.bot_id, state);
  if (state == "authorizationStateWaitTdlibParameters") {
    send_setup(tdlib_parameters_request(settings_));
  } else if (state == "authorizationStateWaitPhoneNumber") {
    if (!token_sent_ && !shutting_down()) {
      token_sent_ = true;
      set_auth_state(BotAuthState::authorizing);
      client_->send(
          bot_token_request(settings_),
          guarded([this](const boost::json::object& answer) { on_token_answer(answer); }));
      return;
    }
  } else if (state == "authorizationStateReady") {
    set_auth_state(BotAuthState::ready);
    client_->send({{"@type", "getMe"}},
                  guarded([this](const boost::json::object& answer) { on_me_answer(answer); }));
    return;
  } else if (state == "authorizationStateLoggingOut" || state == "authorizationStateClosing") {
    set_auth_state(BotAuthState::closing);
    return;
  } else if (state == "authorizationStateClosed") {
    set_auth_state(BotAuthState::closed);
    return;
  }
  notify();  // tdlib_authorization_state() changed even where auth_state() did not
}

void BotSession::on_connection_state(const boost::json::object& update) {
  connection_ = connection_state_from_tdlib(td_string(update, "state.@type").value_or(""));
  log_.debug("{} (bot {}): connection {}", label(), settings_.bot_id, to_string(connection_));
  notify();
}

void BotSession::on_token_answer(const boost::json::object& answer) {
  const std::optional<TdError> error = td_error(answer);
  if (!error || shutting_down()) {
    return;  // success shows as authorizationStateReady; a close aborts the check
  }
  log_.error("{} (bot {}): Telegram refused the bot token: {} {}", label(), settings_.bot_id,
             error->code, error->message);
  set_auth_state(BotAuthState::token_rejected);
}

void BotSession::on_me_answer(const boost::json::object& answer) {
  if (const std::optional<TdError> error = td_error(answer)) {
    log_.warning("{} (bot {}): getMe failed: {} {}", label(), settings_.bot_id, error->code,
                 error->message);
    return;
  }
  me_ = bot_info_from_user(answer);
  if (me_) {
    log_.info("{} logged in as @{} (id {})", label(), me_->username, me_->id);
  }
  notify();
}

void BotSession::send_setup(boost::json::object request) {
  const std::string type(td_type(request));
  client_->send(std::move(request), guarded([this, type](const boost::json::object& answer) {
                  if (const std::optional<TdError> error = td_error(answer);
                      error && !shutting_down()) {
                    log_.warning("{} (bot {}): {} failed: {} {}", label(), settings_.bot_id, type,
                                 error->code, error->message);
                  }
                }));
}

void BotSession::set_auth_state(BotAuthState state) {
  auth_state_ = state;
  notify();
}

void BotSession::notify() {
  if (listener_) {
    listener_(*this);
  }
}

bool BotSession::shutting_down() const {
  return auth_state_ == BotAuthState::closing || auth_state_ == BotAuthState::closed;
}

}  // namespace tglink
