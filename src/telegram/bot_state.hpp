#pragma once
// Where one bot stands: its login as tglink sees it, its connection as TDLib reports it, and who
// it is once logged in.

#include <cstdint>
#include <string>
#include <string_view>

namespace tglink {

// The login, from TDLib's authorization states plus our own verdict on the token.
enum class BotAuthState {
  starting,        // client created; TDLib not yet asking for the token
  authorizing,     // checkAuthenticationBotToken sent, no answer yet (offline it stays here)
  ready,           // authorizationStateReady: the bot is logged in
  token_rejected,  // Telegram refused the token; the bot stays out until restarted
  closing,         // "close" sent, or TDLib logging out or closing
  closed,          // authorizationStateClosed: the client is gone for good
};

// TDLib's updateConnectionState values.
enum class ConnectionState {
  unknown,  // no updateConnectionState yet
  waiting_for_network,
  connecting_to_proxy,
  connecting,
  updating,
  ready,
};

[[nodiscard]] std::string_view to_string(BotAuthState state);     // "ready"
[[nodiscard]] std::string_view to_string(ConnectionState state);  // "waiting_for_network"
// "connectionStateReady" -> ready; unknown for anything else.
[[nodiscard]] ConnectionState connection_state_from_tdlib(std::string_view type);

// A bot counts as connected when it is logged in and TDLib is online. "Updating" counts too:
// TDLib is connected then and only catching up on missed updates, and requests work.
[[nodiscard]] bool is_connected(BotAuthState auth, ConnectionState connection);

// The bot's own user, from getMe.
struct BotInfo {
  std::int64_t id = 0;
  std::string username;  // without the at-sign; empty if the bot has none
  std::string first_name;
  [[nodiscard]] std::string mention() const { return "@" + username; }
};

}  // namespace tglink
