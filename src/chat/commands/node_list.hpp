#pragma once
// The admin /stats lines about the nodes sharing the store (Store::list_nodes): each node, whether
// it led the chat side when it last reported, and how long ago that was. A node that stopped
// reporting stays listed with a growing age, which is how an admin sees that it is gone.

#include <string>
#include <vector>

#include "core/clock.hpp"
#include "store/store.hpp"

namespace tglink {

// "• Nodes: 2\n  – edge-1, leader, last seen 1s ago\n  – edge-2, last seen 3s ago" (no trailing
// newline). A node's clock ahead of `now` reads as "just now".
[[nodiscard]] std::string node_list_text(const std::vector<NodeRecord>& nodes, SystemTime now);

}  // namespace tglink
