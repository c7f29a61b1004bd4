#include "http/entity_tag.hpp"

#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace tglink {
namespace {

EntityTag strong(std::string_view opaque) { return EntityTag{std::string(opaque), false}; }
EntityTag weak(std::string_view opaque) { return EntityTag{std::string(opaque), true}; }

TEST(HttpEntityTag, FileTagIsStrongStableAndQuotable) {
  const EntityTag tag = make_file_entity_tag("AQADBAADr7cxG0Vd", 1000);
  EXPECT_FALSE(tag.weak);
  EXPECT_EQ(tag, make_file_entity_tag("AQADBAADr7cxG0Vd", 1000));
  // The size in hex, then FNV-1a of the unique id: frozen, since caches keep old tags.
  EXPECT_EQ(tag.to_header(), "\"3e8-ebccce5d3b9b71e7\"");
  EXPECT_EQ(parse_entity_tag(tag.to_header()), tag);
}

TEST(HttpEntityTag, FileTagChangesWithIdOrSize) {
  const EntityTag base = make_file_entity_tag("unique-a", 1000);
  EXPECT_NE(base, make_file_entity_tag("unique-b", 1000));
  EXPECT_NE(base, make_file_entity_tag("unique-a", 1001));
  EXPECT_NE(make_file_entity_tag("", 0).opaque, "");
}

TEST(HttpEntityTag, FormatsStrongAndWeak) {
  EXPECT_EQ(strong("abc").to_header(), "\"abc\"");
  EXPECT_EQ(weak("abc").to_header(), "W/\"abc\"");
  EXPECT_EQ(strong("").to_header(), "\"\"");
}

TEST(HttpEntityTag, ParsesOneTag) {
  EXPECT_EQ(parse_entity_tag("\"abc\""), strong("abc"));
  EXPECT_EQ(parse_entity_tag("W/\"abc\""), weak("abc"));
  EXPECT_EQ(parse_entity_tag("\"\""), strong(""));
  EXPECT_EQ(parse_entity_tag("\"a,b\""), strong("a,b"));
  EXPECT_EQ(parse_entity_tag("\"\xC3\xA9\""), strong("\xC3\xA9"));  // obs-text
}

TEST(HttpEntityTag, RejectsMalformedTags) {
  for (const std::string_view text : {"", "abc", "\"abc", "abc\"", "w/\"abc\"", "W/abc", "W/", "\"",
                                      "\"a b\"", "\"a\"b\"", "\"a\tb\"", " \"abc\"", "\"a\x7f\""}) {
    EXPECT_EQ(parse_entity_tag(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(HttpEntityTag, StrongComparisonNeedsTwoStrongTags) {
  EXPECT_TRUE(strong_match(strong("1"), strong("1")));
  EXPECT_FALSE(strong_match(weak("1"), weak("1")));
  EXPECT_FALSE(strong_match(weak("1"), strong("1")));
  EXPECT_FALSE(strong_match(strong("1"), weak("1")));
  EXPECT_FALSE(strong_match(strong("1"), strong("2")));
}

TEST(HttpEntityTag, WeakComparisonIgnoresWeakness) {
  EXPECT_TRUE(weak_match(strong("1"), strong("1")));
  EXPECT_TRUE(weak_match(weak("1"), weak("1")));
  EXPECT_TRUE(weak_match(weak("1"), strong("1")));
  EXPECT_FALSE(weak_match(weak("1"), weak("2")));
}

TEST(HttpEntityTag, ListStarMatchesAnything) {
  const EntityTagList list = parse_entity_tag_list(" * ");
  EXPECT_TRUE(list.any);
  EXPECT_TRUE(list.matches_strong(weak("x")));
  EXPECT_TRUE(list.matches_weak(strong("y")));
}

TEST(HttpEntityTag, ListReadsEveryTagWithGapsAndQuotedCommas) {
  const EntityTagList list = parse_entity_tag_list(" \"a\" ,, W/\"b\",\"c,d\"\t, ");
  EXPECT_TRUE(list.complete);
  EXPECT_FALSE(list.any);
  const std::vector<EntityTag> expected = {strong("a"), weak("b"), strong("c,d")};
  EXPECT_EQ(list.tags, expected);
  EXPECT_TRUE(list.matches_strong(strong("c,d")));
  EXPECT_FALSE(list.matches_strong(strong("b")));  // listed only as weak
  EXPECT_TRUE(list.matches_weak(strong("b")));
  EXPECT_FALSE(list.matches_weak(strong("c")));
}

TEST(HttpEntityTag, MalformedListKeepsOnlyTheTagsBeforeTheError) {
  struct Case {
    std::string_view value;
    std::size_t tags_kept;
  };
  for (const Case& c : std::vector<Case>{{"\"a\", b, \"c\"", 1},
                                         {"\"a\" \"b\"", 0},
                                         {"abc", 0},
                                         {"\"a\", \"b", 1},
                                         {"*, \"a\"", 0},
                                         {"\"a\"x", 0}}) {
    const EntityTagList list = parse_entity_tag_list(c.value);
    EXPECT_FALSE(list.complete) << c.value;
    EXPECT_FALSE(list.any) << c.value;
    EXPECT_EQ(list.tags.size(), c.tags_kept) << c.value;
  }
}

TEST(HttpEntityTag, EmptyListMatchesNothing) {
  const EntityTagList list = parse_entity_tag_list("");
  EXPECT_TRUE(list.complete);
  EXPECT_FALSE(list.matches_weak(strong("")));
}

}  // namespace
}  // namespace tglink
