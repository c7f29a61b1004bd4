// A node on PostgreSQL (DATABASE_URL): the real tglink on the simulator reads and writes the
// shared database, so what another node writes there (users, revocations) takes effect here,
// and the bytes it serves count in the shared monthly total.

#include <csignal>
#include <thread>

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/time_format.hpp"
#include "store/postgres_store.hpp"
#include "streaming_support.hpp"
#include "support/eventually.hpp"
#include "support/postgres_server.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string this_month() { return format_month_utc(std::chrono::system_clock::now()); }

TEST(PostgresNode, ServesFromTheSharedDatabase) {
  const ScratchPostgresDatabase db;
  {
    PostgresStore other_node(db.url());
    for (std::int64_t id : {11, 12, 13}) {
      other_node.upsert_user(UserRecord{id, "User", "", 1'700'000'000, 0});
    }
  }
  SimHarnessOptions options;
  options.env["DATABASE_URL"] = db.url();
  options.env["NODE_ID"] = "edge-a";
  SimHarness harness{options};

  const HttpResult info = harness.get("/api/info");
  ASSERT_EQ(info.status, 200) << info.body;
  const boost::json::value body = boost::json::parse(info.body);
  EXPECT_EQ(body.at("totaluser").as_int64(), 3);
  EXPECT_EQ(body.at("node").at("id"), "edge-a");
  EXPECT_TRUE(body.at("node").at("leader").as_bool());  // the only node
  const std::string output = harness.process().output();
  EXPECT_THAT(output, HasSubstr("Store: PostgreSQL 127.0.0.1:"));
  EXPECT_THAT(output, HasSubstr(db.name()));
  EXPECT_THAT(output, Not(HasSubstr(testing::kPostgresTestPassword)));

  const std::string month_at_start = this_month();
  const PostedFile file = testing::post_file(harness, harness.make_file("a.bin", 300'000));
  const HttpResult download = harness.get("/dl/" + file.token);
  ASSERT_EQ(download.status, 200);
  EXPECT_EQ(download.body, testing::read_file(file.source));

  PostgresStore(db.url()).revoke_link(file.message_id, 0);  // as another node would
  // Heard through LISTEN/NOTIFY; the wait is bounded only so that a failure ends the test.
  HttpResult revoked;
  (void)eventually([&] {
    revoked = harness.get("/dl/" + file.token);
    return revoked.status == 404;
  });
  EXPECT_EQ(revoked.status, 404);
  EXPECT_THAT(revoked.body, HasSubstr("LINK_REVOKED"));

  EXPECT_EQ(harness.stop(), 0) << harness.process().output();  // flushes the bandwidth count
  PostgresStore shared(db.url());
  std::int64_t counted = shared.bandwidth_used(month_at_start);
  if (this_month() != month_at_start) {
    counted += shared.bandwidth_used(this_month());
  }
  EXPECT_GE(counted, 300'000);
}

// /api/info's node.leader, polled until it is `leading` or `limit` passes.
bool wait_for_leader_flag(SimHarness& node, bool leading, std::chrono::seconds limit) {
  return eventually(
      [&] {
        const HttpResult info = node.get("/api/info");
        return info.status == 200 &&
               boost::json::parse(info.body).at("node").at("leader").as_bool() == leading;
      },
      limit);
}

TEST(PostgresNode, OneOfTwoNodesLeadsAndTheOtherTakesOverWhenItIsKilled) {
  const ScratchPostgresDatabase db;
  SimHarnessOptions first_options;
  first_options.env["DATABASE_URL"] = db.url();
  first_options.env["NODE_ID"] = "edge-a";
  SimHarness first{first_options};
  SimHarnessOptions second_options = first_options;
  second_options.env["NODE_ID"] = "edge-b";
  SimHarness second{second_options};

  ASSERT_TRUE(wait_for_leader_flag(first, true, std::chrono::seconds(30)));
  EXPECT_TRUE(wait_for_leader_flag(second, false, std::chrono::seconds(1)));

  ASSERT_EQ(first.process().stop(SIGKILL, std::chrono::seconds(10)), 128 + SIGKILL);
  // The lease runs out kLeaseTtl after the last renewal; the next renewal after that takes it.
  EXPECT_TRUE(wait_for_leader_flag(second, true, std::chrono::seconds(30)));
  EXPECT_THAT(second.process().output(), HasSubstr("Node edge-b leads the chat side (term 2)"));
}

// The database is waited for DATABASE_WAIT seconds (3 here), each try logged, then the start
// stops with exit status 1.
TEST(PostgresNode, AnUnreachableDatabaseStopsTheStartWithTheHostNamed) {
  const testing::TempDir dir;
  const std::string port = std::to_string(testing::free_tcp_port());
  const testing::CompletedRun run = testing::run_tglink(
      {.args = {},
       .env = {{"BOT_TOKEN", SimHarness::kMainBotToken},
               {"API_ID", "1"},
               {"API_HASH", "00000000000000000000000000000000"},
               {"LOG_CHANNEL", std::to_string(SimHarness::kLogChannel)},
               {"SECRET_KEY", SimHarness::kSecretKey},
               {"DATA_DIR", (dir.path() / "data").string()},
               {"DATABASE_URL", "postgresql://tglink:Unseen-Pw-77@127.0.0.1:" + port + "/tglink"},
               {"DATABASE_WAIT", "3"}},
       .working_directory = dir.path()});
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_THAT(run.output, HasSubstr("left of DATABASE_WAIT=3"));
  EXPECT_THAT(run.output, HasSubstr("Gave up waiting for the database"));
  EXPECT_THAT(run.output, HasSubstr("127.0.0.1:" + port + "/tglink"));
  EXPECT_THAT(run.output, HasSubstr("cannot connect"));
  EXPECT_THAT(run.output, Not(HasSubstr("Unseen-Pw-77")));
}

}  // namespace
}  // namespace tglink::testing
