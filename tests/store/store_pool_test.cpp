// StorePool: calls from several threads run at once, each on a connection no other call holds;
// a call waits when every connection is busy and runs once one is given back.
#include "store/store_pool.hpp"

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "store/sqlite_store.hpp"
#include "support/forwarding_store.hpp"
#include "support/gate.hpp"

namespace tglink {
namespace {

// A connection whose count_users() waits at a gate and records how many calls it holds at once.
class HeldConnection final : public testing::ForwardingStore {
 public:
  HeldConnection(Store& inner, testing::Gate& gate, std::atomic<int>& running)
      : ForwardingStore(inner), gate_(gate), running_(running) {}
  std::int64_t count_users() override {
    if (++inside_ > 1) shared_ = true;
    ++running_;
    gate_.pass();
    --running_;
    --inside_;
    return ForwardingStore::count_users();
  }
  [[nodiscard]] bool shared() const { return shared_; }

 private:
  testing::Gate& gate_;
  std::atomic<int>& running_;
  std::atomic<int> inside_{0};
  std::atomic<bool> shared_{false};
};

TEST(StorePool, CallsRunAtOnceEachOnAConnectionOfItsOwn) {
  SqliteStore database(":memory:");
  testing::Gate gate;
  std::atomic<int> running{0};
  std::vector<HeldConnection*> held;
  std::vector<std::unique_ptr<Store>> connections;
  for (int i = 0; i < 2; ++i) {
    auto connection = std::make_unique<HeldConnection>(database, gate, running);
    held.push_back(connection.get());
    connections.push_back(std::move(connection));
  }
  StorePool pool(std::move(connections));
  EXPECT_EQ(pool.size(), 2U);

  std::vector<std::thread> callers;
  for (int i = 0; i < 3; ++i) callers.emplace_back([&pool] { (void)pool.count_users(); });
  ASSERT_TRUE(gate.wait_arrived());
  for (int tries = 0; running.load() < 2 && tries < 5000; ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds{1});
  }
  EXPECT_EQ(running.load(), 2);  // two connections busy at once; the third call waits
  gate.open();
  for (std::thread& caller : callers) caller.join();
  EXPECT_EQ(running.load(), 0);
  for (const HeldConnection* connection : held) EXPECT_FALSE(connection->shared());
}

TEST(StorePool, NeedsAConnection) {
  EXPECT_THROW(StorePool(std::vector<std::unique_ptr<Store>>{}), StoreError);
}

}  // namespace
}  // namespace tglink
