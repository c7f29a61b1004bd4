#pragma once
// One bot: its TDLib client and the authorization flow that logs it in.
//
//   start()                      -> [setNetworkType(networkTypeNone)] + setOption x3
//                                   + [addProxy (TELEGRAM_PROXY)]
//   authorizationStateWaitTdlibParameters -> setTdlibParameters
//   authorizationStateWaitPhoneNumber     -> checkAuthenticationBotToken (once)
//   authorizationStateReady               -> getMe, kept as me()
//   updateConnectionState                 -> connection()
//   close()                      -> "close" ... authorizationStateClosed
//
// A refused token is logged with the bot's label and TDLib's error, never with the token.
// Works against any TelegramClient, so the flow is tested with the fake client as well as with
// the real library. Runs on the io_context thread, like the client it drives.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "telegram/bot_settings.hpp"
#include "telegram/bot_state.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

class Log;

class BotSession {
 public:
  // Called after every change of auth_state(), connection() or me().
  using ChangeListener = std::function<void(const BotSession&)>;

  BotSession(BotSettings settings, std::unique_ptr<TelegramClient> client, Log& log);
  ~BotSession();
  BotSession(const BotSession&) = delete;
  BotSession& operator=(const BotSession&) = delete;

  // Creates the data directory (throws std::runtime_error naming it when that fails) and sends
  // the first requests; TDLib's updates drive the rest.
  void start();
  // Asks TDLib to close the client; auth_state() becomes closed when it has.
  void close();

  void set_change_listener(ChangeListener listener) { listener_ = std::move(listener); }

  [[nodiscard]] std::size_t index() const { return settings_.index; }
  [[nodiscard]] std::int64_t bot_id() const { return settings_.bot_id; }
  [[nodiscard]] std::string label() const { return bot_label(settings_.index); }
  [[nodiscard]] const std::filesystem::path& data_directory() const {
    return settings_.data_directory;
  }
  [[nodiscard]] BotAuthState auth_state() const { return auth_state_; }
  // TDLib's last authorization state as it named it ("authorizationStateWaitPhoneNumber").
  [[nodiscard]] const std::string& tdlib_authorization_state() const { return tdlib_state_; }
  [[nodiscard]] ConnectionState connection() const { return connection_; }
  [[nodiscard]] bool connected() const { return is_connected(auth_state_, connection_); }
  // The bot's own user; set once getMe has answered after login.
  [[nodiscard]] const std::optional<BotInfo>& me() const { return me_; }

  // The bot's client, for every other request the program makes as this bot.
  [[nodiscard]] TelegramClient& client() { return *client_; }

 private:
  void on_authorization_state(const boost::json::object& update);
  void on_connection_state(const boost::json::object& update);
  void on_token_answer(const boost::json::object& answer);
  void on_me_answer(const boost::json::object& answer);
  // Sends a setup request whose success needs no action; a failure is logged.
  void send_setup(boost::json::object request);
  void set_auth_state(BotAuthState state);
  void notify();
  [[nodiscard]] bool shutting_down() const;
  // Wraps a callback so it does nothing once this session is gone.
  template <typename F>
  auto guarded(F f);

  BotSettings settings_;
  std::unique_ptr<TelegramClient> client_;
  Log& log_;
  ChangeListener listener_;
  SubscriptionId auth_subscription_ = 0;
  SubscriptionId connection_subscription_ = 0;
  BotAuthState auth_state_ = BotAuthState::starting;
  std::string tdlib_state_;
  ConnectionState connection_ = ConnectionState::unknown;
  std::optional<BotInfo> me_;
  bool token_sent_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

// A BotInfo from TDLib's user object (getMe's answer); nullopt when it is not a user.
[[nodiscard]] std::optional<BotInfo> bot_info_from_user(const boost::json::object& user);

}  // namespace tglink
