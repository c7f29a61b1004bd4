// DATABASE_URL handling: which URLs are PostgreSQL ones, what is wrong with a bad one, and that
// the password never shows.

#include "store/database_url.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_true_for;

using ::testing::HasSubstr;
using ::testing::Not;

TEST(DatabaseUrlTest, BothSchemesArePostgres) {
  expect_true_for(is_postgres_url, {"postgresql://u:p@db/tglink", "postgres://u:p@db/tglink"});
  expect_false_for(is_postgres_url, {"mysql://u:p@db/tglink", "db.example.com"});
}

TEST(DatabaseUrlTest, PasswordIsFoundAndRedacted) {
  const std::string url = "postgresql://tglink:Se%40cret@db.example.com:6432/links?sslmode=require";
  EXPECT_EQ(database_url_password(url), "Se%40cret");
  EXPECT_EQ(redact_database_url(url),
            "postgresql://tglink:***@db.example.com:6432/links?sslmode=require");
  EXPECT_EQ(redact_password(url, "bad token \"Se%40cret\" or Se@cret"), "bad token \"***\" or ***");
}

// libpq's message must stay readable when the password is short enough to occur inside words.
TEST(DatabaseUrlTest, ShortPasswordDoesNotGarbleTheMessage) {
  const std::string url = "postgresql://tglink:p@127.0.0.1:1/tglink";
  const std::string message = "connection to server at \"127.0.0.1\", port 1 failed: accepting";
  EXPECT_EQ(redact_password(url, message), message);
}

TEST(DatabaseUrlTest, UrlWithoutPasswordIsUnchanged) {
  EXPECT_EQ(database_url_password("postgresql://tglink@db/links"), "");
  EXPECT_EQ(redact_database_url("postgresql://tglink@db/links"), "postgresql://tglink@db/links");
  EXPECT_EQ(redact_database_url("postgresql://db/links"), "postgresql://db/links");
  EXPECT_EQ(redact_database_url("mysql://u:pw@db/links"), "mysql://u:***@db/links");
}

TEST(DatabaseUrlTest, UnencodedAtSignInPasswordStaysHidden) {
  const std::string url = "postgresql://tglink:p@ss@db/links";
  EXPECT_EQ(database_url_password(url), "p@ss");
  EXPECT_EQ(redact_database_url(url), "postgresql://tglink:***@db/links");
}

TEST(DatabaseUrlTest, GoodUrlsHaveNoProblem) {
  EXPECT_EQ(database_url_problem("postgresql://tglink:secret@db.example.com:5432/tglink"),
            std::nullopt);
  EXPECT_EQ(database_url_problem("postgres://tglink@10.0.0.5/tglink?sslmode=require"),
            std::nullopt);
}

TEST(DatabaseUrlTest, BadUrlsAreExplainedWithoutThePassword) {
  EXPECT_THAT(*database_url_problem("mysql://tglink:secret@db/tglink"), HasSubstr("postgresql://"));
  EXPECT_THAT(*database_url_problem("postgresql:///tglink"), HasSubstr("no host"));
  const std::optional<std::string> bad_port =
      database_url_problem("postgresql://tglink:Hidden-Pw@db:notaport/tglink");
  ASSERT_TRUE(bad_port.has_value());
  EXPECT_THAT(*bad_port, Not(HasSubstr("Hidden-Pw")));
  const std::optional<std::string> bad_escape =
      database_url_problem("postgresql://tglink:Hid%zzden@db/tglink");
  ASSERT_TRUE(bad_escape.has_value());
  EXPECT_THAT(*bad_escape, Not(HasSubstr("Hid%zzden")));
  const std::optional<std::string> bad_parameter =
      database_url_problem("postgresql://tglink:x@db/tglink?no_such_option=1");
  ASSERT_TRUE(bad_parameter.has_value());
  EXPECT_THAT(*bad_parameter, HasSubstr("no_such_option"));
}

}  // namespace
}  // namespace tglink
