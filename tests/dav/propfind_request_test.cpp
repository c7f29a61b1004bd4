#include "dav/propfind_request.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;

TEST(PropfindRequest, DepthIsZeroOneOrInfinityAndNoneMeansInfinity) {
  EXPECT_EQ(parse_depth("0"), DavDepth::kZero);
  EXPECT_EQ(parse_depth(" 1 "), DavDepth::kOne);
  EXPECT_EQ(parse_depth("Infinity"), DavDepth::kInfinity);
  EXPECT_EQ(parse_depth(std::nullopt), DavDepth::kInfinity);
  EXPECT_FALSE(parse_depth("2"));
  EXPECT_FALSE(parse_depth(""));
  EXPECT_FALSE(parse_depth("1,0"));
}

TEST(PropfindRequest, AnEmptyBodyOrAnyWellFormedPropfindIsAccepted) {
  expect_false_for(
      check_propfind_body,
      {"", "\r\n", "<D:propfind xmlns:D=\"DAV:\"><D:allprop/></D:propfind>",
       "<?xml version=\"1.0\"?><propfind xmlns=\"DAV:\"><prop><getetag/></prop></propfind>"});
}

TEST(PropfindRequest, MalformedOrForeignBodiesAre400AndHugeOnes413) {
  const std::optional<PropfindRefusal> broken =
      check_propfind_body("<D:propfind xmlns:D=\"DAV:\">");
  ASSERT_TRUE(broken);
  EXPECT_EQ(broken->status, 400);
  EXPECT_NE(broken->message.find("not well-formed"), std::string::npos);
  const std::optional<PropfindRefusal> foreign = check_propfind_body("<propfind/>");
  ASSERT_TRUE(foreign);
  EXPECT_EQ(foreign->status, 400);
  const std::optional<PropfindRefusal> huge =
      check_propfind_body(std::string(kPropfindBodyLimit + 1, ' '));
  ASSERT_TRUE(huge);
  EXPECT_EQ(huge->status, 413);
}

}  // namespace
}  // namespace tglink
