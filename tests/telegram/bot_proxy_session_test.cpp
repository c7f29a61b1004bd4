// TELEGRAM_PROXY reaches TDLib: addProxy (enabled) goes with the first requests, before
// setTdlibParameters and the bot token; its secrets never reach the log.
#include <boost/json/serialize.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/temp_dir.hpp"
#include "telegram/bot_session.hpp"
#include "telegram/tdlib_setup_requests.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using testing::FakeTelegramClient;

LogOptions quiet_proxy_log() {
  LogOptions options;
  options.console = false;
  return options;
}

TelegramProxy socks_proxy() {
  TelegramProxy proxy;
  proxy.kind = ProxyKind::socks5;
  proxy.host = "10.0.0.5";
  proxy.port = 1080;
  proxy.username = "alice";
  proxy.password = "proxy-password-1";
  return proxy;
}

TEST(BotProxySessionTest, AddProxyGoesBeforeTheParametersAndTheToken) {
  testing::TempDir dir;
  Log log(quiet_proxy_log());
  auto client = std::make_unique<FakeTelegramClient>();
  FakeTelegramClient* fake = client.get();
  BotSettings settings;
  settings.bot_id = 424242;
  settings.token = "424242:token-secret-part";
  settings.api_id = 1;
  settings.api_hash = "hash";
  settings.data_directory = dir.path() / "bot";
  settings.network_none = true;
  settings.proxy = socks_proxy();
  BotSession session(settings, std::move(client), log);
  session.start();
  fake->push_authorization_state("authorizationStateWaitTdlibParameters");
  fake->push_authorization_state("authorizationStateWaitPhoneNumber");
  EXPECT_THAT(fake->sent_types(),
              ElementsAre("setNetworkType", "setOption", "setOption", "setOption", "addProxy",
                          "setTdlibParameters", "checkAuthenticationBotToken"));
  const boost::json::object sent = fake->sent_of_type("addProxy").at(0);
  EXPECT_EQ(sent, add_proxy_request(socks_proxy()));
}

TEST(BotProxySessionTest, RequestsHaveTdlibsShapeForEachKind) {
  TelegramProxy socks = socks_proxy();
  EXPECT_EQ(
      boost::json::serialize(add_proxy_request(socks)),
      R"({"@type":"addProxy","proxy":{"@type":"proxy","server":"10.0.0.5","port":1080,)"
      R"("type":{"@type":"proxyTypeSocks5","username":"alice","password":"proxy-password-1"}},)"
      R"("enable":true,"comment":"TELEGRAM_PROXY"})");
  TelegramProxy http = socks;
  http.kind = ProxyKind::http;
  const boost::json::object http_request = add_proxy_request(http);
  EXPECT_EQ(http_request.at("proxy").at("type").at("@type"), "proxyTypeHttp");
  EXPECT_EQ(http_request.at("proxy").at("type").at("http_only"), false);  // CONNECT tunnels
  TelegramProxy mtproto;
  mtproto.kind = ProxyKind::mtproto;
  mtproto.host = "mt.example";
  mtproto.port = 443;
  mtproto.secret = "dd00112233445566778899aabbccddeeff";
  const boost::json::object mt_request = add_proxy_request(mtproto);
  EXPECT_EQ(mt_request.at("proxy").at("type"),
            (boost::json::object{{"@type", "proxyTypeMtproto"},
                                 {"secret", "dd00112233445566778899aabbccddeeff"}}));
}

}  // namespace
}  // namespace tglink
