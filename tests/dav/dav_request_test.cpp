#include "dav/dav_request.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/base64.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;

TEST(DavRequest, PathsSplitIntoRawSegments) {
  const std::optional<DavPathSegments> root = split_dav_path("/dav/");
  ASSERT_TRUE(root);
  EXPECT_TRUE(root->raw.empty());
  const std::optional<DavPathSegments> file = split_dav_path("/dav/TOKEN/Batch%201/a%2Fb.mp4");
  ASSERT_TRUE(file);
  EXPECT_THAT(file->raw, ElementsAre("TOKEN", "Batch%201", "a%2Fb.mp4"));
  EXPECT_FALSE(file->trailing_slash);
  EXPECT_TRUE(split_dav_path("/dav/TOKEN/")->trailing_slash);
  EXPECT_FALSE(split_dav_path("/dav/TOKEN//a"));
  EXPECT_FALSE(split_dav_path("/dl/TOKEN"));
}

TEST(DavRequest, SegmentsDecodeButNeverClimbOrSplit) {
  EXPECT_THAT(*decode_segments({"Batch%201", "a%20b.mp4"}), ElementsAre("Batch 1", "a b.mp4"));
  EXPECT_FALSE(decode_segments({".."}));
  EXPECT_FALSE(decode_segments({"%2e%2E"}));
  EXPECT_FALSE(decode_segments({"."}));
  EXPECT_FALSE(decode_segments({"a%2Fb"}));
  EXPECT_FALSE(decode_segments({"a%00b"}));
  EXPECT_FALSE(decode_segments({"%zz"}));
}

TEST(DavRequest, TheBasicPasswordIsTheTokenAndTheUserNameIsIgnored) {
  EXPECT_EQ(basic_password("Basic " + base64_encode("anyone:TOKEN")), "TOKEN");
  EXPECT_EQ(basic_password("basic   " + base64_encode(":TOK:EN")), "TOK:EN");
  EXPECT_FALSE(basic_password(std::nullopt));
  EXPECT_FALSE(basic_password("Bearer TOKEN"));
  EXPECT_FALSE(basic_password("Basic " + base64_encode("no colon")));
}

}  // namespace
}  // namespace tglink
