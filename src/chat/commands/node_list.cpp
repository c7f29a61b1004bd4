#include "chat/commands/node_list.hpp"

#include <chrono>

#include <fmt/format.h>

#include "core/time_format.hpp"

namespace tglink {

namespace {

std::string seen_text(const NodeRecord& node, SystemTime now) {
  const std::chrono::seconds age =
      std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()) -
      std::chrono::seconds{node.last_seen_unix};
  if (age <= std::chrono::seconds{0}) return "last seen just now";
  return "last seen " + format_countdown(age) + " ago";
}

}  // namespace

std::string node_list_text(const std::vector<NodeRecord>& nodes, SystemTime now) {
  std::string text = fmt::format("• Nodes: {}", nodes.size());
  for (const NodeRecord& node : nodes) {
    text += fmt::format("\n  – {}{}, {}", node.node_id, node.leading ? ", leader" : "",
                        seen_text(node, now));
  }
  return text;
}

}  // namespace tglink
