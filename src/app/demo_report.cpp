#include "app/demo_report.hpp"

#include <sstream>
#include <string_view>
#include <system_error>

#include "core/human_size.hpp"
#include "sim/control_client.hpp"

namespace tglink {
namespace {

// The rest of the line after `label` (e.g. "Download: "), when a line starts with it.
std::string value_after(const std::string& text, std::string_view label) {
  std::istringstream lines{text};
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(label, 0) == 0) return line.substr(label.size());
  }
  return {};
}

std::string player_button(const sim::SimMessage& reply) {
  for (const std::vector<sim::SimButton>& row : reply.keyboard) {
    for (const sim::SimButton& button : row) {
      if (!button.url.empty() && button.text == "Play Video") return button.url;
    }
  }
  return {};
}

std::string indented(const std::string& text) {
  std::istringstream lines{text};
  std::string out;
  std::string line;
  while (std::getline(lines, line)) out += "  | " + line + "\n";
  return out;
}

}  // namespace

DemoLinks links_in_reply(const sim::SimMessage& reply) {
  // A player link Telegram would not take as a button (a localhost BASE_URL) is in the text.
  std::string player = player_button(reply);
  if (player.empty()) player = value_after(reply.text, "Play: ");
  return DemoLinks{value_after(reply.text, "Download: "), value_after(reply.text, "Stream: "),
                   std::move(player)};
}

std::string describe_sent(const DemoUpload& upload, const std::string& user) {
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(upload.path, ec);
  const std::string size = ec ? "size unknown" : format_size(static_cast<std::int64_t>(bytes));
  return "Sent " + upload.kind + " " + upload.path.filename().string() + " (" + size + ") as " +
         user + "\n";
}

std::string describe_reply(const sim::SimMessage& reply) {
  std::string out = "The bot replied:\n" + indented(reply.text);
  const DemoLinks links = links_in_reply(reply);
  if (!links.download.empty()) out += "  Download: " + links.download + "\n";
  if (!links.stream.empty()) out += "  Stream:   " + links.stream + "\n";
  if (!links.player.empty()) out += "  Player:   " + links.player + "\n";
  return out;
}

std::string describe_next_steps(const DemoLinks& example) {
  std::string out;
  if (!example.download.empty()) {
    out += "Try: curl -OJ '" + example.download + "'";
    if (!example.player.empty()) out += "   or open " + example.player;
    out += "\n";
  }
  out += "Press Ctrl-C to stop.\n";
  return out;
}

}  // namespace tglink
