#include "config/env_file.hpp"

#include <filesystem>
#include <fstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/build_paths.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

EnvFileResult parse(std::string_view text) { return parse_env_file(text, ".env"); }

std::string value_of(const EnvFileResult& result, const std::string& name) {
  const auto it = result.values.find(name);
  return it == result.values.end() ? "<unset>" : it->second;
}

// `text` reads without errors, and each of `values` is set as given.
void expect_reads(std::string_view text, const EnvMap& values) {
  const EnvFileResult result = parse(text);
  EXPECT_TRUE(result.ok()) << "errors: " << ::testing::PrintToString(result.errors);
  for (const auto& [name, value] : values) {
    EXPECT_EQ(value_of(result, name), value) << name << " from " << ::testing::PrintToString(text);
  }
}

TEST(EnvFile, PlainAssignmentsCommentsAndBlankLines) {
  constexpr std::string_view kText =
      "# settings\n"
      "\n"
      "PORT=8080\n"
      "  BASE_URL = https://x.example  \n"
      "EMPTY=\n";
  expect_reads(kText, {{"PORT", "8080"}, {"BASE_URL", "https://x.example"}, {"EMPTY", ""}});
  EXPECT_EQ(parse(kText).values.size(), 3u);
}

TEST(EnvFile, ExportPrefix) {
  expect_reads("export PORT=1\nexport\tA=2\nexporter=3\nexport=4\n",
               {{"PORT", "1"}, {"A", "2"}, {"exporter", "3"}, {"export", "4"}});
}

TEST(EnvFile, TrailingCommentAfterUnquotedValue) {
  expect_reads("A=1 # one\nB=pass#word\nC=x\t# tab\n",
               {{"A", "1"}, {"B", "pass#word"}, {"C", "x"}});
}

TEST(EnvFile, SingleQuotesAreLiteral) {
  expect_reads("A='  a # b \\n c  '  # comment\n", {{"A", "  a # b \\n c  "}});
}

TEST(EnvFile, DoubleQuotesUnderstandEscapes) {
  expect_reads(R"(A="line1\nline2 \"q\" back\\slash \$x \w")",
               {{"A", "line1\nline2 \"q\" back\\slash $x \\w"}});
}

TEST(EnvFile, QuotedValuesMaySpanLines) {
  expect_reads("A=\"one\ntwo\"\nB=3\n", {{"A", "one\ntwo"}, {"B", "3"}});
}

TEST(EnvFile, WindowsLineEndings) { expect_reads("A=1\r\nB=\"2\"\r\n", {{"A", "1"}, {"B", "2"}}); }

TEST(EnvFile, ByteOrderMarkIsSkipped) { expect_reads("\xEF\xBB\xBFPORT=1\n", {{"PORT", "1"}}); }

TEST(EnvFile, LaterLineWins) { EXPECT_EQ(value_of(parse("A=1\nA=2\n"), "A"), "2"); }

TEST(EnvFile, BadLinesAreReportedWithFileAndLine) {
  const EnvFileResult result = parse(
      "A=1\n"
      "just some words\n"
      "1BAD=x\n"
      "B=2\n"
      "C='closed' trailing\n");
  EXPECT_THAT(result.errors, ElementsAre(".env:2: expected KEY=VALUE", ".env:3: expected KEY=VALUE",
                                         ".env:5: unexpected text after the closing quote"));
  EXPECT_EQ(value_of(result, "A"), "1");
  EXPECT_EQ(value_of(result, "B"), "2");
  EXPECT_EQ(value_of(result, "C"), "<unset>");
}

TEST(EnvFile, UnterminatedQuoteNamesTheLineItOpened) {
  const EnvFileResult result = parse("A=1\nB=\"open\nC=2\n");
  EXPECT_THAT(result.errors, ElementsAre(".env:2: unterminated double-quoted value"));
  EXPECT_EQ(value_of(result, "A"), "1");
}

TEST(EnvFile, ErrorsNeverEchoTheLine) {
  const EnvFileResult result = parse("123456789:SECRETSECRETSECRET\nBOT_TOKEN='SECRET2\n");
  ASSERT_EQ(result.errors.size(), 2u);
  for (const std::string& error : result.errors) {
    EXPECT_THAT(error, Not(HasSubstr("SECRET")));
  }
}

TEST(EnvFile, MissingFileIsEmptyAndFine) {
  const EnvFileResult result = read_env_file("/nonexistent/dir/.env");
  EXPECT_TRUE(result.ok());
  EXPECT_TRUE(result.values.empty());
}

TEST(EnvFile, ReadsAFileAndLabelsErrorsWithItsPath) {
  const std::filesystem::path path =
      std::filesystem::path(TGLINK_BINARY_DIR) / "tests" / "env_file_test.env";
  {
    std::ofstream file(path);
    file << "PORT=9000\nnonsense\n";
  }
  const EnvFileResult result = read_env_file(path);
  std::filesystem::remove(path);
  EXPECT_EQ(value_of(result, "PORT"), "9000");
  EXPECT_THAT(result.errors, ElementsAre(path.string() + ":2: expected KEY=VALUE"));
}

TEST(EnvFile, DirectoryIsAnError) {
  const EnvFileResult result = read_env_file(TGLINK_BINARY_DIR);
  EXPECT_FALSE(result.ok());
}

}  // namespace
}  // namespace tglink
