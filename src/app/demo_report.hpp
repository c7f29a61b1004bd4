#pragma once
// What `tglink demo` prints for each file it sent: the file, the bot's reply, and the links
// pulled out of that reply, in a block people can read and tests can parse (one link a line,
// "  Download: <url>", "  Stream:   <url>", "  Player:   <url>").

#include <string>

#include "app/demo_upload.hpp"

namespace tglink {

namespace sim {
struct SimMessage;
}

// The links in one reply; empty strings for the ones it does not carry.
struct DemoLinks {
  std::string download;
  std::string stream;
  std::string player;  // the "Play Video" button, or the "Play: " line when there is none
};

[[nodiscard]] DemoLinks links_in_reply(const sim::SimMessage& reply);

// "Sent video tglink-demo.mp4 (1.2 MB) as Demo User".
[[nodiscard]] std::string describe_sent(const DemoUpload& upload, const std::string& user);

// The reply's text indented, then its links.
[[nodiscard]] std::string describe_reply(const sim::SimMessage& reply);

// The closing lines: how to try the links, and how to stop.
[[nodiscard]] std::string describe_next_steps(const DemoLinks& example);

}  // namespace tglink
