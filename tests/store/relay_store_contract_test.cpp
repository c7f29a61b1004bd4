// The relay part of the Store contract (store/store.hpp, "users' messages and button presses
// relayed"), on SQLite
// (a file, so that a second connection can share it) and on a real PostgreSQL server, each test
// on an empty store of its own.

#include <memory>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "each_store.hpp"
#include "store/postgres_store.hpp"
#include "store/sqlite_store.hpp"
#include "support/postgres_server.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using testing::StoreKind;

// Not EachStoreTest: SQLite is a file here, so that a second connection can share it.
class RelayStoreTest : public ::testing::TestWithParam<StoreKind> {
 protected:
  // Another connection to the same database, as a second node has.
  [[nodiscard]] std::unique_ptr<Store> open_another() const {
    if (GetParam() == StoreKind::Postgres) return std::make_unique<PostgresStore>(database_->url());
    return std::make_unique<SqliteStore>(directory_.file("store.db"));
  }

  testing::TempDir directory_;
  std::unique_ptr<testing::ScratchPostgresDatabase> database_ =
      GetParam() == StoreKind::Postgres ? std::make_unique<testing::ScratchPostgresDatabase>()
                                        : nullptr;
  std::unique_ptr<Store> owned_ = open_another();
  Store& store = *owned_;
};

TGLINK_ON_EACH_STORE(RelayStoreTest);

using Key = std::pair<std::int64_t, std::int64_t>;  // chat id, message id

std::vector<Key> keys_of(const std::vector<RelayedUpdate>& messages) {
  std::vector<Key> keys;
  for (const RelayedUpdate& message : messages)
    keys.emplace_back(message.chat_id, message.message_id);
  return keys;
}

TEST_P(RelayStoreTest, AMessageIsRelayedOnceAndClaimedOnce) {
  EXPECT_TRUE(store.relay_update(RelayedUpdate{7, 1 << 20, 1'700'000'000, {}, {}}));
  EXPECT_FALSE(
      store.relay_update(RelayedUpdate{7, 1 << 20, 1'700'000'005, {}, {}}));  // again: no-op

  const std::vector<RelayedUpdate> claimed = store.claim_relayed_updates(10);
  ASSERT_EQ(claimed.size(), 1U);
  EXPECT_EQ(claimed[0].chat_id, 7);
  EXPECT_EQ(claimed[0].message_id, 1 << 20);
  EXPECT_EQ(claimed[0].relayed_unix, 1'700'000'000);  // the first relay's time was kept

  EXPECT_TRUE(store.claim_relayed_updates(10).empty());
  // Relayed again after the claim (a follower restarted and got it once more): still once.
  EXPECT_FALSE(store.relay_update(RelayedUpdate{7, 1 << 20, 1'700'000'010, {}, {}}));
  EXPECT_TRUE(store.claim_relayed_updates(10).empty());
}

TEST_P(RelayStoreTest, ClaimsTheOldestFirstEachChatInMessageOrderUpToTheLimit) {
  store.relay_update(RelayedUpdate{9, 3 << 20, 1'700'000'002, {}, {}});
  store.relay_update(RelayedUpdate{7, 2 << 20, 1'700'000'001, {}, {}});
  store.relay_update(RelayedUpdate{7, 1 << 20, 1'700'000'001, {}, {}});
  store.relay_update(RelayedUpdate{8, 5 << 20, 1'700'000'000, {}, {}});

  EXPECT_EQ(keys_of(store.claim_relayed_updates(3)),
            (std::vector<Key>{{8, 5 << 20}, {7, 1 << 20}, {7, 2 << 20}}));
  EXPECT_EQ(keys_of(store.claim_relayed_updates(3)), (std::vector<Key>{{9, 3 << 20}}));
}

TEST_P(RelayStoreTest, ForgettingOldClaimedMessagesKeepsTheUnclaimed) {
  store.relay_update(RelayedUpdate{7, 1 << 20, 100, {}, {}});
  store.relay_update(RelayedUpdate{7, 2 << 20, 200, {}, {}});
  store.relay_update(RelayedUpdate{8, 1 << 20, 100, {}, {}});
  ASSERT_EQ(store.claim_relayed_updates(1).size(), 1U);  // (7, 1): the oldest

  EXPECT_EQ(store.delete_claimed_relays_before(150), 1);
  EXPECT_EQ(store.delete_claimed_relays_before(150), 0);
  EXPECT_EQ(keys_of(store.claim_relayed_updates(10)),
            (std::vector<Key>{{8, 1 << 20}, {7, 2 << 20}}));
}

TEST_P(RelayStoreTest, ButtonPressesOnOneMessageAreEachRelayedOnceWithTheirUpdate) {
  const std::string press = R"({"@type":"updateNewCallbackQuery","id":"91","chat_id":7})";
  EXPECT_TRUE(store.relay_update(RelayedUpdate{7, 1 << 20, 100, {}, {}}));  // the message
  EXPECT_TRUE(store.relay_update(RelayedUpdate{7, 1 << 20, 101, "91", press}));
  EXPECT_TRUE(store.relay_update(RelayedUpdate{7, 1 << 20, 101, "92", press + " "}));
  EXPECT_FALSE(store.relay_update(RelayedUpdate{7, 1 << 20, 102, "91", press}));

  const std::vector<RelayedUpdate> claimed = store.claim_relayed_updates(10);
  ASSERT_EQ(claimed.size(), 3U);
  EXPECT_EQ(claimed[0].query_id, "");
  EXPECT_EQ(claimed[1].query_id, "91");
  EXPECT_EQ(claimed[1].query, press);
  EXPECT_EQ(claimed[1].relayed_unix, 101);
  EXPECT_EQ(claimed[2].query_id, "92");
  EXPECT_EQ(claimed[2].query, press + " ");
}

TEST_P(RelayStoreTest, RefusesARelayThatNamesNoMessage) {
  EXPECT_THROW(store.relay_update(RelayedUpdate{7, 1 << 20, 100, "93", ""}), StoreError);
  EXPECT_THROW(store.relay_update(RelayedUpdate{0, 1 << 20, 100, {}, {}}), StoreError);
  EXPECT_THROW(store.relay_update(RelayedUpdate{7, 0, 100, {}, {}}), StoreError);
  EXPECT_THROW(store.relay_update(RelayedUpdate{7, -5, 100, "edited:1", "{}"}), StoreError);
  EXPECT_TRUE(store.claim_relayed_updates(10).empty());
}

TEST_P(RelayStoreTest, AChannelsMemberChangeNamesNoMessageAndIsKeptOnceByItsKey) {
  EXPECT_TRUE(store.relay_update(RelayedUpdate{-1001234567890, 0, 100, "member:99:77", "{}"}));
  EXPECT_FALSE(store.relay_update(RelayedUpdate{-1001234567890, 0, 100, "member:99:77", "{}"}));
  const std::vector<RelayedUpdate> claimed = store.claim_relayed_updates(10);
  ASSERT_EQ(claimed.size(), 1U);
  EXPECT_EQ(claimed[0].message_id, 0);
  EXPECT_EQ(claimed[0].query_id, "member:99:77");
}

TEST_P(RelayStoreTest, TwoNodesClaimingAtOnceNeverGetTheSameMessage) {
  constexpr int kMessages = 200;
  for (int i = 1; i <= kMessages; ++i) {
    store.relay_update(RelayedUpdate{1000 + i % 7, std::int64_t{i} << 20, 100 + i % 5, {}, {}});
  }
  std::unique_ptr<Store> other = open_another();
  const auto claim_all = [](Store& node, std::vector<Key>& got) {
    for (;;) {
      const std::vector<RelayedUpdate> batch = node.claim_relayed_updates(7);
      if (batch.empty()) return;
      for (const Key& key : keys_of(batch)) got.push_back(key);
    }
  };
  std::vector<Key> first;
  std::vector<Key> second;
  std::thread racer([&] { claim_all(*other, second); });
  claim_all(store, first);
  racer.join();

  std::set<Key> all(first.begin(), first.end());
  for (const Key& key : second) EXPECT_TRUE(all.insert(key).second) << "claimed twice";
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kMessages));
  EXPECT_EQ(first.size() + second.size(), static_cast<std::size_t>(kMessages));
}

}  // namespace
}  // namespace tglink
