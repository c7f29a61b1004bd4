#include "telegram/update_router.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

boost::json::object update(const char* type) { return {{"@type", type}}; }

TEST(UpdateRouter, RoutesByTypeInSubscriptionOrder) {
  UpdateRouter router;
  std::vector<std::string> seen;
  router.add("updateFile", [&](const boost::json::object&) { seen.push_back("file 1"); });
  router.add("updateNewMessage", [&](const boost::json::object&) { seen.push_back("message"); });
  router.add("updateFile", [&](const boost::json::object&) { seen.push_back("file 2"); });

  EXPECT_EQ(router.route(update("updateFile")), 2u);
  EXPECT_EQ(router.route(update("updateOption")), 0u);
  EXPECT_EQ(seen, (std::vector<std::string>{"file 1", "file 2"}));
}

TEST(UpdateRouter, UnsubscribedHandlersStopReceiving) {
  UpdateRouter router;
  int calls = 0;
  const SubscriptionId id = router.add("updateFile", [&](const boost::json::object&) { ++calls; });
  router.remove(id);
  router.remove(id);  // twice is harmless
  EXPECT_EQ(router.route(update("updateFile")), 0u);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(router.subscriber_count("updateFile"), 0u);
}

TEST(UpdateRouter, HandlerMayRemoveItselfAndOthersWhileRunning) {
  UpdateRouter router;
  int first = 0;
  int second = 0;
  SubscriptionId first_id = 0;
  SubscriptionId second_id = 0;
  first_id = router.add("updateFile", [&](const boost::json::object&) {
    ++first;
    router.remove(first_id);
    router.remove(second_id);
  });
  second_id = router.add("updateFile", [&](const boost::json::object&) { ++second; });

  router.route(update("updateFile"));
  router.route(update("updateFile"));
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 0);
}

TEST(UpdateRouter, HandlerAddedWhileRoutingSeesTheNextUpdate) {
  UpdateRouter router;
  int late = 0;
  router.add("updateFile", [&](const boost::json::object&) {
    router.add("updateFile", [&](const boost::json::object&) { ++late; });
  });
  router.route(update("updateFile"));
  EXPECT_EQ(late, 0);
  router.route(update("updateFile"));
  EXPECT_EQ(late, 1);
}

}  // namespace
}  // namespace tglink
