// DATABASE_WAIT: a PostgreSQL server that is not up yet is tried again until the wait is over;
// mistakes that waiting cannot mend end it at once. Time is a fake clock moved by the sleeps.

#include "app/database_wait.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "../support/fake_clock.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

constexpr const char* kRefused =
    "PostgreSQL db:5432/tglink as tglink: cannot connect: connection to server at \"db\" "
    "(172.18.0.2), port 5432 failed: Connection refused";

class DatabaseWaitTest : public ::testing::Test {
 protected:
  OpenedStore open_with(const std::function<OpenedStore()>& open, std::chrono::seconds total) {
    return open_store_waiting(
        open, DatabaseWait{.total = total, .pause = std::chrono::seconds(2)}, clock_,
        [this](std::chrono::seconds s) { clock_.advance(s); }, log_);
  }
  // A server that refuses every try with `error`, counting the tries.
  std::function<OpenedStore()> always_failing(const std::string& error) {
    return [this, error]() -> OpenedStore {
      ++tries_;
      throw StoreError(error);
    };
  }
  std::string log_text() const {
    std::string text;
    for (const LogRecord& record : log_.recent(LogLevel::Debug, 100)) text += record.text + "\n";
    return text;
  }

  testing::FakeClock clock_;
  Log log_{LogOptions{.ring_capacity = 100, .console = false}};
  int tries_ = 0;
};

TEST(DatabaseWait, OnlyAServerNotUpYetIsWorthWaitingFor) {
  EXPECT_TRUE(may_come_up_later(kRefused));
  EXPECT_TRUE(
      may_come_up_later("PostgreSQL db:5432/tglink as tglink: cannot connect: could not "
                        "translate host name \"db\" to address"));
  EXPECT_FALSE(
      may_come_up_later("PostgreSQL db:5432/tglink as tglink: cannot connect: FATAL:  "
                        "password authentication failed for user \"tglink\""));
  EXPECT_FALSE(
      may_come_up_later("PostgreSQL db:5432/x as tglink: cannot connect: FATAL:  "
                        "database \"x\" does not exist"));
}

TEST_F(DatabaseWaitTest, ServerThatComesUpIsUsed) {
  const OpenedStore opened = open_with(
      [this]() -> OpenedStore {
        if (++tries_ < 4) throw StoreError(kRefused);
        return OpenedStore{nullptr, "PostgreSQL db:5432/tglink"};
      },
      std::chrono::seconds(60));
  EXPECT_EQ(tries_, 4);
  EXPECT_EQ(opened.description, "PostgreSQL db:5432/tglink");
  EXPECT_THAT(log_text(), HasSubstr("trying again in 2 s (60 s left of DATABASE_WAIT=60)"));
  EXPECT_THAT(log_text(), HasSubstr("The database answered at try 4"));
}

TEST_F(DatabaseWaitTest, WaitEndsAfterTheTotal) {
  EXPECT_THROW(open_with(always_failing(kRefused), std::chrono::seconds(10)), StoreError);
  EXPECT_EQ(tries_, 6);  // at 0, 2, 4, 6, 8 and 10 s
  EXPECT_THAT(log_text(), HasSubstr("Gave up waiting for the database after 6 tries"));
}

TEST_F(DatabaseWaitTest, WrongPasswordEndsTheWaitAtOnce) {
  EXPECT_THROW(open_with(always_failing("cannot connect: password authentication failed"),
                         std::chrono::seconds(60)),
               StoreError);
  EXPECT_EQ(tries_, 1);
}

TEST_F(DatabaseWaitTest, ZeroMeansNoWait) {
  EXPECT_THROW(open_with(always_failing(kRefused), std::chrono::seconds(0)), StoreError);
  EXPECT_EQ(tries_, 1);
}

}  // namespace
}  // namespace tglink
