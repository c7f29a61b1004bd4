// The admin /stats lines about the nodes: each node's id, the leader, and its heartbeat's age.

#include "chat/commands/node_list.hpp"

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

TEST(NodeListTest, ListsEachNodeWithTheLeaderAndTheAgeOfItsHeartbeat) {
  const SystemTime now = testing::utc(2026, 11, 23, 12, 0, 0);
  const std::int64_t now_unix =
      std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  const std::vector<NodeRecord> nodes{{"edge-1", now_unix - 1, true},
                                      {"edge-2", now_unix - 125, false},
                                      {"edge-3", now_unix + 2, false}};
  EXPECT_EQ(node_list_text(nodes, now),
            "• Nodes: 3\n"
            "  – edge-1, leader, last seen 1s ago\n"
            "  – edge-2, last seen 2m 5s ago\n"
            "  – edge-3, last seen just now");
}

TEST(NodeListTest, NoNodeYet) {
  EXPECT_EQ(node_list_text({}, testing::utc(2026, 1, 1)), "• Nodes: 0");
}

}  // namespace
}  // namespace tglink
