// What the demo prints from the bot's link reply.

#include "app/demo_report.hpp"

#include <gtest/gtest.h>

#include "sim/control_client.hpp"

namespace tglink {
namespace {

TEST(DemoReport, ThePlayerLinkComesFromTheButton) {
  sim::SimMessage reply;
  reply.text = "Download: https://f.example/dl/T\nStream: https://f.example/stream/T\n";
  reply.keyboard = {{sim::SimButton{"Play Video", "https://f.example/player?stream=s", ""}}};
  const DemoLinks links = links_in_reply(reply);
  EXPECT_EQ(links.download, "https://f.example/dl/T");
  EXPECT_EQ(links.stream, "https://f.example/stream/T");
  EXPECT_EQ(links.player, "https://f.example/player?stream=s");
}

TEST(DemoReport, WithoutAButtonThePlayerLinkComesFromTheText) {
  // A localhost BASE_URL: Telegram takes no button to it, so the reply writes the link out.
  sim::SimMessage reply;
  reply.text =
      "Download: http://localhost:8080/dl/T\nPlay: http://localhost:8080/player?stream=s\n";
  EXPECT_EQ(links_in_reply(reply).player, "http://localhost:8080/player?stream=s");
}

}  // namespace
}  // namespace tglink
