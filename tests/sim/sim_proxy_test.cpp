// addProxy and getProxies on the simulator: held until setTdlibParameters like TDLib holds
// them, then answered in order; one proxy enabled at a time.
#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

json::object add_socks(const char* server, bool enable) {
  return {{"@type", "addProxy"},
          {"proxy",
           {{"@type", "proxy"},
            {"server", server},
            {"port", 1080},
            {"type", {{"@type", "proxyTypeSocks5"}, {"username", "u"}, {"password", "p"}}}}},
          {"enable", enable},
          {"comment", ""}};
}

bool has_extra(const json::object& message, const char* extra) {
  const json::value* got = message.if_contains("@extra");
  return got != nullptr && *got == extra;
}

TEST_F(SimTest, AddProxyBeforeTheParametersIsAnsweredOnlyAfterThem) {
  const int client = td_->create_client();
  json::object early = add_socks("10.0.0.1", true);
  early["@extra"] = "early-proxy";
  td_->send(client, std::move(early));
  for (const json::object& message : td_->drain(std::chrono::milliseconds(300))) {
    EXPECT_FALSE(has_extra(message, "early-proxy")) << json::serialize(message);
  }
  json::object parameters = tdlib_parameters(temp_.path() / "db");
  parameters["@extra"] = "parameters";
  td_->send(client, std::move(parameters));
  bool parameters_answered = false;
  const json::object added = td_->wait_for([&](const json::object& message) {
    parameters_answered = parameters_answered || has_extra(message, "parameters");
    return has_extra(message, "early-proxy");
  });
  EXPECT_TRUE(parameters_answered);
  EXPECT_EQ(added.at("@type"), "addedProxy");
  EXPECT_EQ(added.at("id"), 2);
  EXPECT_EQ(added.at("is_enabled"), true);
}

TEST_F(SimTest, OneProxyIsEnabledAtATimeAndARepeatKeepsItsId) {
  const int client = new_client(/*offline=*/true);
  EXPECT_EQ(request(client, add_socks("10.0.0.1", true)).at("id"), 2);
  EXPECT_EQ(request(client, add_socks("10.0.0.2", true)).at("id"), 3);
  EXPECT_EQ(request(client, add_socks("10.0.0.1", true)).at("id"), 2);
  const json::array proxies = request(client, {{"@type", "getProxies"}}).at("proxies").as_array();
  ASSERT_EQ(proxies.size(), 2u);
  EXPECT_EQ(proxies[0].at("is_enabled"), true);
  EXPECT_EQ(proxies[1].at("is_enabled"), false);
}

TEST_F(SimTest, AddProxyRefusesWhatTdlibRefuses) {
  const int client = new_client(/*offline=*/true);
  const json::object answer = request(client, add_socks("", true));
  EXPECT_EQ(answer.at("@type"), "error");
  EXPECT_EQ(answer.at("code"), 400);
  EXPECT_EQ(answer.at("message"), "Server name must be non-empty");
}

}  // namespace
}  // namespace tglink::testing
