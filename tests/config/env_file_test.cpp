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

TEST(EnvFile, PlainAssignmentsCommentsAndBlankLines) {
  const EnvFileResult result = parse(
      "# settings\n"
      "\n"
      "PORT=8080\n"
      "  BASE_URL = https://x.example  \n"
      "EMPTY=\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "PORT"), "8080");
  EXPECT_EQ(value_of(result, "BASE_URL"), "https://x.example");
  EXPECT_EQ(value_of(result, "EMPTY"), "");
  EXPECT_EQ(result.values.size(), 3u);
}

TEST(EnvFile, ExportPrefix) {
  const EnvFileResult result = parse("export PORT=1\nexport\tA=2\nexporter=3\nexport=4\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "PORT"), "1");
  EXPECT_EQ(value_of(result, "A"), "2");
  EXPECT_EQ(value_of(result, "exporter"), "3");
  EXPECT_EQ(value_of(result, "export"), "4");
}

TEST(EnvFile, TrailingCommentAfterUnquotedValue) {
  const EnvFileResult result = parse("A=1 # one\nB=pass#word\nC=x\t# tab\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "A"), "1");
  EXPECT_EQ(value_of(result, "B"), "pass#word");
  EXPECT_EQ(value_of(result, "C"), "x");
}

TEST(EnvFile, SingleQuotesAreLiteral) {
  const EnvFileResult result = parse("A='  a # b \\n c  '  # comment\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "A"), "  a # b \\n c  ");
}

TEST(EnvFile, DoubleQuotesUnderstandEscapes) {
  const EnvFileResult result = parse(R"(A="line1\nline2 \"q\" back\\slash \$x \w")");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "A"), "line1\nline2 \"q\" back\\slash $x \\w");
}

TEST(EnvFile, QuotedValuesMaySpanLines) {
  const EnvFileResult result = parse("A=\"one\ntwo\"\nB=3\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "A"), "one\ntwo");
  EXPECT_EQ(value_of(result, "B"), "3");
}

TEST(EnvFile, WindowsLineEndings) {
  const EnvFileResult result = parse("A=1\r\nB=\"2\"\r\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "A"), "1");
  EXPECT_EQ(value_of(result, "B"), "2");
}

TEST(EnvFile, ByteOrderMarkIsSkipped) {
  const EnvFileResult result = parse("\xEF\xBB\xBFPORT=1\n");
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(value_of(result, "PORT"), "1");
}

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
