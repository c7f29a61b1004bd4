// addProxy's checks in TDLib's order and texts, and the proxy as TDLib answers it back.
#include "sim/proxy_rules.hpp"

#include <gtest/gtest.h>

namespace tglink::sim {
namespace {

namespace json = boost::json;

json::object proxy(std::string_view server, std::int64_t port, json::object type) {
  return {{"@type", "proxy"}, {"server", server}, {"port", port}, {"type", std::move(type)}};
}

json::object mtproto(const char* secret) {
  return {{"@type", "proxyTypeMtproto"}, {"secret", secret}};
}

const json::object kSocks{{"@type", "proxyTypeSocks5"}, {"username", ""}, {"password", ""}};

TEST(ProxyRulesTest, ChecksInTdlibsOrder) {
  EXPECT_EQ(proxy_error(nullptr), "Proxy must be non-empty");
  const json::object no_type{{"@type", "proxy"}, {"server", ""}, {"port", 0}};
  EXPECT_EQ(proxy_error(&no_type), "Proxy type must be non-empty");
  const json::object empty_server = proxy("", 0, kSocks);
  EXPECT_EQ(proxy_error(&empty_server), "Server name must be non-empty");
  const json::object long_server = proxy(std::string(256, 'a'), 1, kSocks);
  EXPECT_EQ(proxy_error(&long_server), "Server name is too long");
  const json::object longest = proxy(std::string(255, 'a'), 1, kSocks);
  EXPECT_EQ(proxy_error(&longest), "");
  for (const int port : {0, -1, 65536}) {
    const json::object bad = proxy("h", port, kSocks);
    EXPECT_EQ(proxy_error(&bad), "Wrong port number") << port;
  }
}

TEST(ProxyRulesTest, MtprotoSecretsFollowProxySecret) {
  const std::pair<const char*, const char*> cases[] = {
      {"00112233445566778899aabbccddeeff", ""},
      {"dd00112233445566778899aabbccddeeff", ""},
      {"ee00112233445566778899aabbccddeeff61", ""},
      {"", "Wrong proxy secret"},
      {"00112233445566778899aabbccddee", "Wrong proxy secret"},
      {"ABEiM0RVZneImaq7zN3u_w", "Wrong proxy secret"},  // base64: stricter than TDLib
      {"ab00112233445566778899aabbccddeeff", "Unsupported proxy secret"},
      {"ee00112233445566778899aabbccddeeff", "Unsupported proxy secret"},
  };
  for (const auto& [secret, error] : cases) {
    const json::object p = proxy("h", 1, mtproto(secret));
    EXPECT_EQ(proxy_error(&p), error) << secret;
  }
}

TEST(ProxyRulesTest, AnswersTheProxyAsTdlibKeepsIt) {
  const json::object upper = proxy("h", 1, mtproto("00112233445566778899AABBCCDDEEFF"));
  EXPECT_EQ(normalized_proxy(upper).at("type").at("secret"), "00112233445566778899aabbccddeeff");
  const json::object tls =
      proxy("h", 1, mtproto("ee00112233445566778899aabbccddeeff6578616d706c652e636f6d"));
  // What the real library answered for this secret (unpadded base64url of its bytes).
  EXPECT_EQ(normalized_proxy(tls).at("type").at("secret"),
            "7gARIjNEVWZ3iJmqu8zd7v9leGFtcGxlLmNvbQ");
  const json::object http =
      proxy("h", 1, json::object{{"@type", "proxyTypeHttp"}, {"username", "u"}});
  EXPECT_EQ(json::serialize(normalized_proxy(http)),
            R"({"@type":"proxy","server":"h","port":1,"type":{"@type":"proxyTypeHttp",)"
            R"("username":"u","password":"","http_only":false}})");
}

}  // namespace
}  // namespace tglink::sim
