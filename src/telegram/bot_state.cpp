#include "telegram/bot_state.hpp"

namespace tglink {

std::string_view to_string(BotAuthState state) {
  switch (state) {
    case BotAuthState::starting:
      return "starting";
    case BotAuthState::authorizing:
      return "authorizing";
    case BotAuthState::ready:
      return "ready";
    case BotAuthState::token_rejected:
      return "token_rejected";
    case BotAuthState::closing:
      return "closing";
    case BotAuthState::closed:
      return "closed";
  }
  return "unknown";
}

std::string_view to_string(ConnectionState state) {
  switch (state) {
    case ConnectionState::unknown:
      return "unknown";
    case ConnectionState::waiting_for_network:
      return "waiting_for_network";
    case ConnectionState::connecting_to_proxy:
      return "connecting_to_proxy";
    case ConnectionState::connecting:
      return "connecting";
    case ConnectionState::updating:
      return "updating";
    case ConnectionState::ready:
      return "ready";
  }
  return "unknown";
}

ConnectionState connection_state_from_tdlib(std::string_view type) {
  if (type == "connectionStateWaitingForNetwork") {
    return ConnectionState::waiting_for_network;
  }
  if (type == "connectionStateConnectingToProxy") {
    return ConnectionState::connecting_to_proxy;
  }
  if (type == "connectionStateConnecting") {
    return ConnectionState::connecting;
  }
  if (type == "connectionStateUpdating") {
    return ConnectionState::updating;
  }
  if (type == "connectionStateReady") {
    return ConnectionState::ready;
  }
  return ConnectionState::unknown;
}

bool is_connected(BotAuthState auth, ConnectionState connection) {
  return auth == BotAuthState::ready &&
         (connection == ConnectionState::ready || connection == ConnectionState::updating);
}

}  // namespace tglink
