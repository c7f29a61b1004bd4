#include "proxy_sequence.hpp"

#include <utility>
#include <vector>

#include "config/telegram_proxy.hpp"
#include "offline_sequence.hpp"
#include "telegram/tdlib_setup_requests.hpp"

namespace tglink::testing {
namespace json = boost::json;

namespace {

json::object strip_ids(json::object message) {
  message.erase("@client_id");
  message.erase("@extra");
  return message;
}

TelegramProxy proxy_from(const std::string& url) {
  auto parsed = parse_telegram_proxy(url);
  if (std::holds_alternative<std::string>(parsed)) {
    throw std::runtime_error(url + ": " + std::get<std::string>(parsed));
  }
  return std::get<TelegramProxy>(parsed);
}

json::object proxy_with(json::object type, std::string_view server, std::int64_t port) {
  return {{"@type", "addProxy"},
          {"proxy", {{"@type", "proxy"}, {"server", server}, {"port", port}, {"type", type}}},
          {"enable", true},
          {"comment", ""}};
}

json::object mtproto(const char* secret) {
  return {{"@type", "proxyTypeMtproto"}, {"secret", secret}};
}

const json::object kSocks{{"@type", "proxyTypeSocks5"}, {"username", ""}, {"password", ""}};

}  // namespace

json::array run_proxy_sequence(TdJsonDriver& td, const std::string& directory) {
  const int client = td.create_client();
  td.send(client, R"({"@type":"setNetworkType","type":{"@type":"networkTypeNone"}})");
  // What tglink sends, before the parameters: TDLib holds these until it has them.
  const std::vector<std::pair<std::string, json::object>> early = {
      {"tglink socks5", add_proxy_request(proxy_from("socks5://alice:secret@127.0.0.1:1080"))},
      {"tglink http", add_proxy_request(proxy_from("http://bob:pw@proxy.example:3128"))},
      {"tglink mtproto", add_proxy_request(proxy_from(
                             "mtproto://dd00112233445566778899aabbccddeeff@mt.example:443"))},
      {"early bad port", proxy_with(kSocks, "h", 0)},
      {"early getProxies", json::object{{"@type", "getProxies"}}},
  };
  std::vector<std::pair<std::string, std::string>> pending;
  int extra = 0;
  for (const auto& [step, request] : early) {
    json::object sent = request;
    const std::string id = "proxy-" + std::to_string(++extra);
    sent["@extra"] = id;
    td.send(client, std::move(sent));
    pending.emplace_back(step, id);
  }
  td.send(client, offline_tdlib_parameters(directory));
  json::array steps;
  for (const auto& [step, id] : pending) {
    const json::object answer = td.wait_for([&id](const json::object& message) {
      const json::value* got = message.if_contains("@extra");
      return got != nullptr && *got == id.c_str();
    });
    steps.push_back(json::object{{"step", step}, {"answer", strip_ids(answer)}});
  }
  const std::vector<std::pair<std::string, json::object>> later = {
      {"empty server", proxy_with(kSocks, "", 1080)},
      {"server of 255", proxy_with(kSocks, std::string(255, 's'), 1)},
      {"server of 256", proxy_with(kSocks, std::string(256, 's'), 1)},
      {"port 65536", proxy_with(kSocks, "h", 65536)},
      {"port -1", proxy_with(kSocks, "h", -1)},
      {"no proxy", json::object{{"@type", "addProxy"}, {"enable", true}}},
      {"no type", json::object{{"@type", "addProxy"},
                               {"proxy", {{"@type", "proxy"}, {"server", "h"}, {"port", 1}}},
                               {"enable", true}}},
      {"secret too short", proxy_with(mtproto("00112233445566778899aabbccddee"), "h", 1)},
      {"secret empty", proxy_with(mtproto(""), "h", 1)},
      {"secret not hex", proxy_with(mtproto("!!112233445566778899aabbccddeeff"), "h", 1)},
      {"secret 17 bytes not dd", proxy_with(mtproto("ab00112233445566778899aabbccddeeff"), "h", 1)},
      {"fake-TLS without domain",
       proxy_with(mtproto("ee00112233445566778899aabbccddeeff"), "h", 1)},
      {"fake-TLS secret",
       proxy_with(mtproto("ee00112233445566778899aabbccddeeff6578616d706c65"), "h", 1)},
      {"upper-case secret", proxy_with(mtproto("00112233445566778899AABBCCDDEEFF"), "h", 2)},
      {"http only, disabled",
       json::object{{"@type", "addProxy"},
                    {"proxy",
                     {{"@type", "proxy"},
                      {"server", "h"},
                      {"port", 8080},
                      {"type", {{"@type", "proxyTypeHttp"}, {"http_only", true}}}}},
                    {"enable", false},
                    {"comment", "note"}}},
      {"socks5 again", add_proxy_request(proxy_from("socks5://alice:secret@127.0.0.1:1080"))},
      {"getProxies", json::object{{"@type", "getProxies"}}},
  };
  for (const auto& [step, request] : later) {
    steps.push_back(
        json::object{{"step", step}, {"answer", strip_ids(td.request(client, request))}});
  }
  return steps;
}

}  // namespace tglink::testing
