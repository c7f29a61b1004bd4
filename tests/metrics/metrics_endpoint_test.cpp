// GET /metrics: the scrape in the text format; with a token, only for the right Bearer header.
#include "metrics/metrics_endpoint.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "metrics/metric_registry.hpp"
#include "support/recording_channel.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

HttpResponse scrape(const HttpHandler& handler, std::optional<std::string> authorization) {
  HttpRequest request;
  request.method = "GET";
  request.target = "/metrics";
  if (authorization) request.headers.emplace_back("authorization", *authorization);
  testing::RecordingChannel channel;
  asio::io_context io;
  auto done = asio::co_spawn(io, handler(request, channel), asio::use_future);
  io.run();
  done.get();
  return *channel.response();
}

const std::string kToken = "0123456789abcdef-token";

TEST(MetricsEndpointTest, ServesTheRegistryInTheTextFormat) {
  metrics::Registry registry;
  registry.counter("t_total", "T.").add({}, 5);
  const HttpResponse response = scrape(metrics_handler(registry, std::nullopt), std::nullopt);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(response.body, "# HELP t_total T.\n# TYPE t_total counter\nt_total 5\n");
}

TEST(MetricsEndpointTest, WithATokenOnlyTheRightBearerHeaderGetsIn) {
  metrics::Registry registry;
  const HttpHandler handler = metrics_handler(registry, kToken);
  EXPECT_EQ(scrape(handler, "Bearer " + kToken).status, 200);
  EXPECT_EQ(scrape(handler, "bearer " + kToken).status, 200);
  for (const std::optional<std::string>& wrong :
       {std::optional<std::string>(), std::optional<std::string>("Bearer"),
        std::optional<std::string>("Bearer " + kToken + "x"),
        std::optional<std::string>("Bearer " + kToken.substr(1)),
        std::optional<std::string>("Basic " + kToken), std::optional<std::string>(kToken)}) {
    const HttpResponse refused = scrape(handler, wrong);
    EXPECT_EQ(refused.status, 401) << wrong.value_or("(none)");
    EXPECT_EQ(refused.header("WWW-Authenticate"), "Bearer");
    EXPECT_NE(refused.body.find("\"error_code\":\"UNAUTHORIZED\""), std::string::npos);
  }
}

TEST(MetricsEndpointTest, BearerMatchingIgnoresSurroundingSpaces) {
  EXPECT_TRUE(bearer_token_matches("Bearer  " + kToken + " ", kToken));
  EXPECT_FALSE(bearer_token_matches("Bearer " + kToken, kToken + "!"));
  EXPECT_FALSE(bearer_token_matches("", kToken));
}

}  // namespace
}  // namespace tglink
