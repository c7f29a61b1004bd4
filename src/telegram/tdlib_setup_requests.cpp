#include "telegram/tdlib_setup_requests.hpp"

#include "config/telegram_proxy.hpp"

namespace tglink {
namespace {

#ifndef TGLINK_VERSION
#error "TGLINK_VERSION must be defined by the build (the CMake project version)"
#endif

boost::json::object boolean_option(const char* name) {
  return {{"@type", "setOption"},
          {"name", name},
          {"value", {{"@type", "optionValueBoolean"}, {"value", true}}}};
}

}  // namespace

boost::json::object network_none_request() {
  return {{"@type", "setNetworkType"}, {"type", {{"@type", "networkTypeNone"}}}};
}

std::vector<boost::json::object> option_requests() {
  return {boolean_option("ignore_file_names"), boolean_option("disable_network_statistics"),
          boolean_option("ignore_inline_thumbnails")};
}

boost::json::object tdlib_parameters_request(const BotSettings& bot) {
  const std::string directory = bot.data_directory.string();
  return {{"@type", "setTdlibParameters"},
          {"use_test_dc", false},
          {"database_directory", directory},
          {"files_directory", directory},
          {"use_file_database", true},
          {"use_chat_info_database", false},
          {"use_message_database", false},
          {"use_secret_chats", false},
          {"api_id", bot.api_id},
          {"api_hash", bot.api_hash},
          {"system_language_code", "en"},
          {"device_model", "tglink"},
          {"application_version", TGLINK_VERSION}};
}

boost::json::object add_proxy_request(const TelegramProxy& proxy) {
  boost::json::object type;
  switch (proxy.kind) {
    case ProxyKind::socks5:
      type = {
          {"@type", "proxyTypeSocks5"}, {"username", proxy.username}, {"password", proxy.password}};
      break;
    case ProxyKind::http:
      type = {{"@type", "proxyTypeHttp"},
              {"username", proxy.username},
              {"password", proxy.password},
              {"http_only", false}};
      break;
    case ProxyKind::mtproto:
      type = {{"@type", "proxyTypeMtproto"}, {"secret", proxy.secret}};
      break;
  }
  boost::json::object described{
      {"@type", "proxy"}, {"server", proxy.host}, {"port", proxy.port}, {"type", std::move(type)}};
  return {{"@type", "addProxy"},
          {"proxy", std::move(described)},
          {"enable", true},
          {"comment", "TELEGRAM_PROXY"}};
}

boost::json::object bot_token_request(const BotSettings& bot) {
  return {{"@type", "checkAuthenticationBotToken"}, {"token", bot.token}};
}

}  // namespace tglink
