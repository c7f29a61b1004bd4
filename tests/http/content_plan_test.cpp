#include "http/content_plan.hpp"

#include <chrono>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "http/http_date.hpp"

namespace tglink {
namespace {

constexpr std::uint64_t kSize = 1000;
constexpr std::string_view kTag = "\"v1\"";
constexpr std::string_view kOtherTag = "\"v0\"";
constexpr std::string_view kWeakTag = "W/\"v1\"";
// The file was last modified at kModified (plus a fraction, to check second precision).
constexpr std::string_view kModified = "Tue, 02 Jan 2024 03:04:05 GMT";
constexpr std::string_view kBefore = "Tue, 02 Jan 2024 03:04:04 GMT";
constexpr std::string_view kAfter = "Tue, 02 Jan 2024 03:04:06 GMT";

ResourceFacts file() {
  return ResourceFacts{kSize, EntityTag{"v1", false},
                       *parse_http_date(kModified) + std::chrono::milliseconds{250}};
}

struct Expected {
  ContentStatus status;
  std::uint64_t offset;
  std::uint64_t length;
  std::string_view content_range;
};

constexpr Expected kFull{ContentStatus::kOk, 0, kSize, ""};
constexpr Expected kNotModified{ContentStatus::kNotModified, 0, 0, ""};
constexpr Expected kFailed{ContentStatus::kPreconditionFailed, 0, 0, ""};
constexpr Expected kPlanUnsatisfiable{ContentStatus::kRangeNotSatisfiable, 0, 0, "bytes */1000"};
constexpr Expected kFirstHundred{ContentStatus::kPartialContent, 0, 100, "bytes 0-99/1000"};

struct PlanCase {
  std::string_view name;
  ConditionalHeaders headers;
  Expected get;
  Expected head;
};

void expect_plan(std::string_view name, RequestMethod method, const ConditionalHeaders& headers,
                 const ResourceFacts& resource, const Expected& expected) {
  const ContentPlan plan = plan_content(method, headers, resource);
  const char* method_name = method == RequestMethod::kGet ? "GET" : "HEAD";
  EXPECT_EQ(plan.status_code(), static_cast<int>(expected.status)) << name << " " << method_name;
  EXPECT_EQ(plan.body.begin, expected.offset) << name << " " << method_name;
  EXPECT_EQ(plan.body.length(), expected.length) << name << " " << method_name;
  EXPECT_EQ(plan.content_range, expected.content_range) << name << " " << method_name;
}

void expect_cases(const std::vector<PlanCase>& cases) {
  for (const PlanCase& c : cases) {
    expect_plan(c.name, RequestMethod::kGet, c.headers, file(), c.get);
    expect_plan(c.name, RequestMethod::kHead, c.headers, file(), c.head);
  }
}

TEST(HttpContentPlan, PlainRequestsGetTheWholeFile) {
  expect_cases({{"no headers", {}, kFull, kFull}});
}

TEST(HttpContentPlan, RangesApplyToGetOnly) {
  expect_cases({
      {"first hundred", {.range = "bytes=0-99"}, kFirstHundred, kFull},
      {"tail",
       {.range = "bytes=-10"},
       {ContentStatus::kPartialContent, 990, 10, "bytes 990-999/1000"},
       kFull},
      {"open",
       {.range = "bytes=500-"},
       {ContentStatus::kPartialContent, 500, 500, "bytes 500-999/1000"},
       kFull},
      {"clamped",
       {.range = "bytes=999-5000"},
       {ContentStatus::kPartialContent, 999, 1, "bytes 999-999/1000"},
       kFull},
      {"past the end", {.range = "bytes=1000-"}, kPlanUnsatisfiable, kFull},
      {"-0", {.range = "bytes=-0"}, kPlanUnsatisfiable, kFull},
      {"space after =",
       {.range = "bytes= 0-"},
       {ContentStatus::kPartialContent, 0, 1000, "bytes 0-999/1000"},
       kFull},
      {"malformed", {.range = "bytes=9-1"}, kFull, kFull},
      {"several", {.range = "bytes=0-1,5-6"}, kFull, kFull},
      {"other unit", {.range = "lines=0-1"}, kFull, kFull},
  });
}

TEST(HttpContentPlan, EmptyFileRangesAreUnsatisfiable) {
  ResourceFacts empty = file();
  empty.size = 0;
  expect_plan("empty", RequestMethod::kGet, {.range = "bytes=0-"}, empty,
              {ContentStatus::kRangeNotSatisfiable, 0, 0, "bytes */0"});
  expect_plan("empty", RequestMethod::kGet, {}, empty, {ContentStatus::kOk, 0, 0, ""});
}

TEST(HttpContentPlan, IfRangeWithTheCurrentStrongTagKeepsTheRange) {
  expect_cases({
      {"matching tag", {.range = "bytes=0-99", .if_range = kTag}, kFirstHundred, kFull},
      {"matching date", {.range = "bytes=0-99", .if_range = kModified}, kFirstHundred, kFull},
  });
}

TEST(HttpContentPlan, IfRangeThatDoesNotHoldSendsTheWholeFile) {
  expect_cases({
      {"other tag", {.range = "bytes=0-99", .if_range = kOtherTag}, kFull, kFull},
      {"weak tag", {.range = "bytes=0-99", .if_range = kWeakTag}, kFull, kFull},
      {"older date", {.range = "bytes=0-99", .if_range = kBefore}, kFull, kFull},
      {"newer date", {.range = "bytes=0-99", .if_range = kAfter}, kFull, kFull},
      {"garbage", {.range = "bytes=0-99", .if_range = "v1"}, kFull, kFull},
      {"tag list", {.range = "bytes=0-99", .if_range = "\"v1\", \"v2\""}, kFull, kFull},
      {"unsatisfiable too", {.range = "bytes=5000-", .if_range = kOtherTag}, kFull, kFull},
  });
}

TEST(HttpContentPlan, IfRangeWithoutRangeIsIgnored) {
  expect_cases({{"no range", {.if_range = kOtherTag}, kFull, kFull}});
}

TEST(HttpContentPlan, IfNoneMatchUsesWeakComparison) {
  expect_cases({
      {"same", {.if_none_match = kTag}, kNotModified, kNotModified},
      {"weak form", {.if_none_match = kWeakTag}, kNotModified, kNotModified},
      {"in a list", {.if_none_match = "\"a\", W/\"v1\""}, kNotModified, kNotModified},
      {"star", {.if_none_match = "*"}, kNotModified, kNotModified},
      {"other", {.if_none_match = kOtherTag}, kFull, kFull},
      {"malformed", {.if_none_match = "v1"}, kFull, kFull},
      {"blank", {.if_none_match = "  "}, kFull, kFull},
      {"other, with range",
       {.range = "bytes=0-99", .if_none_match = kOtherTag},
       kFirstHundred,
       kFull},
      {"same, with range",
       {.range = "bytes=0-99", .if_none_match = kTag},
       kNotModified,
       kNotModified},
  });
}

TEST(HttpContentPlan, IfModifiedSinceComparesWholeSeconds) {
  expect_cases({
      {"same second", {.if_modified_since = kModified}, kNotModified, kNotModified},
      {"later", {.if_modified_since = kAfter}, kNotModified, kNotModified},
      {"earlier", {.if_modified_since = kBefore}, kFull, kFull},
      {"unreadable", {.if_modified_since = "last week"}, kFull, kFull},
  });
}

TEST(HttpContentPlan, IfNoneMatchOverridesIfModifiedSince) {
  expect_cases({
      {"tag differs, date says unchanged",
       {.if_none_match = kOtherTag, .if_modified_since = kAfter},
       kFull,
       kFull},
      {"tag matches, date says changed",
       {.if_none_match = kTag, .if_modified_since = kBefore},
       kNotModified,
       kNotModified},
  });
}

TEST(HttpContentPlan, IfMatchUsesStrongComparison) {
  expect_cases({
      {"same", {.if_match = kTag}, kFull, kFull},
      {"in a list", {.if_match = "\"x\", \"v1\""}, kFull, kFull},
      {"star", {.if_match = "*"}, kFull, kFull},
      {"weak form", {.if_match = kWeakTag}, kFailed, kFailed},
      {"other", {.if_match = kOtherTag}, kFailed, kFailed},
      {"malformed", {.if_match = "v1"}, kFailed, kFailed},
      {"same, with range", {.range = "bytes=0-99", .if_match = kTag}, kFirstHundred, kFull},
  });
}

TEST(HttpContentPlan, IfUnmodifiedSince) {
  expect_cases({
      {"same second", {.if_unmodified_since = kModified}, kFull, kFull},
      {"later", {.if_unmodified_since = kAfter}, kFull, kFull},
      {"earlier", {.if_unmodified_since = kBefore}, kFailed, kFailed},
      {"unreadable", {.if_unmodified_since = "soon"}, kFull, kFull},
      {"if-match wins", {.if_match = kTag, .if_unmodified_since = kBefore}, kFull, kFull},
  });
}

TEST(HttpContentPlan, PreconditionFailedBeatsNotModified) {
  expect_cases({
      {"412 over 304", {.if_match = kOtherTag, .if_none_match = kTag}, kFailed, kFailed},
      {"412 over 304 by date",
       {.if_none_match = kTag, .if_unmodified_since = kBefore},
       kFailed,
       kFailed},
      {"412 over 416", {.range = "bytes=5000-", .if_match = kOtherTag}, kFailed, kFailed},
      {"304 over 416", {.range = "bytes=5000-", .if_none_match = kTag}, kNotModified, kNotModified},
  });
  // HEAD with an unsatisfiable range and a failing If-Match is still 412.
  expect_plan("412 over 416", RequestMethod::kHead, {.range = "bytes=5000-", .if_match = kOtherTag},
              file(), kFailed);
}

TEST(HttpContentPlan, MissingValidatorsDisableTheirConditions) {
  const ResourceFacts bare{kSize, std::nullopt, std::nullopt};
  expect_plan("if-none-match", RequestMethod::kGet, {.if_none_match = kTag}, bare, kFull);
  expect_plan("if-none-match *", RequestMethod::kGet, {.if_none_match = "*"}, bare, kNotModified);
  expect_plan("if-match", RequestMethod::kGet, {.if_match = kTag}, bare, kFailed);
  expect_plan("if-match *", RequestMethod::kGet, {.if_match = "*"}, bare, kFull);
  expect_plan("if-modified-since", RequestMethod::kGet, {.if_modified_since = kAfter}, bare, kFull);
  expect_plan("if-unmodified-since", RequestMethod::kGet, {.if_unmodified_since = kBefore}, bare,
              kFull);
  expect_plan("if-range", RequestMethod::kGet, {.range = "bytes=0-99", .if_range = kTag}, bare,
              kFull);
  expect_plan("if-range date", RequestMethod::kGet, {.range = "bytes=0-99", .if_range = kModified},
              bare, kFull);
}

TEST(HttpContentPlan, ContentRangeFormats) {
  EXPECT_EQ(format_content_range(ByteRange{0, 1}, 1), "bytes 0-0/1");
  EXPECT_EQ(format_content_range(ByteRange{5, 18446744073709551615ULL}, 18446744073709551615ULL),
            "bytes 5-18446744073709551614/18446744073709551615");
  EXPECT_EQ(format_unsatisfied_content_range(0), "bytes */0");
}

TEST(HttpContentPlan, StatusCodesAndBodies) {
  ContentPlan plan;
  for (const auto& [status, code, body] : std::vector<std::tuple<ContentStatus, int, bool>>{
           {ContentStatus::kOk, 200, true},
           {ContentStatus::kPartialContent, 206, true},
           {ContentStatus::kNotModified, 304, false},
           {ContentStatus::kPreconditionFailed, 412, false},
           {ContentStatus::kRangeNotSatisfiable, 416, false}}) {
    plan.status = status;
    EXPECT_EQ(plan.status_code(), code);
    EXPECT_EQ(plan.has_body(), body) << code;
  }
}

}  // namespace
}  // namespace tglink
