#include "http/content_plan.hpp"

#include "http/header_text.hpp"
#include "http/http_date.hpp"
#include "http/range_header.hpp"

namespace tglink {
namespace {

// The outcome of one precondition (RFC 9110 §13.2.2 steps 1-4).
enum class Precondition { kNotPresent, kHolds, kFails };

// HTTP dates have one-second resolution, so a file time is compared at that resolution.
SystemTime whole_seconds(SystemTime t) { return std::chrono::floor<std::chrono::seconds>(t); }

Precondition evaluate_if_match(std::string_view value, const ResourceFacts& resource) {
  if (trim_ows(value).empty()) return Precondition::kNotPresent;
  const EntityTagList list = parse_entity_tag_list(value);
  if (list.any) return Precondition::kHolds;  // the file exists, or we would not be here
  const bool matched = resource.etag && list.matches_strong(*resource.etag);
  return matched ? Precondition::kHolds : Precondition::kFails;
}

Precondition evaluate_if_unmodified_since(std::string_view value, const ResourceFacts& resource) {
  const std::optional<SystemTime> date = parse_http_date(value);
  if (!date || !resource.last_modified) return Precondition::kNotPresent;
  const bool unmodified = whole_seconds(*resource.last_modified) <= *date;
  return unmodified ? Precondition::kHolds : Precondition::kFails;
}

Precondition evaluate_if_none_match(std::string_view value, const ResourceFacts& resource) {
  if (trim_ows(value).empty()) return Precondition::kNotPresent;
  const EntityTagList list = parse_entity_tag_list(value);
  const bool matched = list.any || (resource.etag && list.matches_weak(*resource.etag));
  return matched ? Precondition::kFails : Precondition::kHolds;
}

Precondition evaluate_if_modified_since(std::string_view value, const ResourceFacts& resource) {
  const std::optional<SystemTime> date = parse_http_date(value);
  if (!date || !resource.last_modified) return Precondition::kNotPresent;
  const bool modified = whole_seconds(*resource.last_modified) > *date;
  return modified ? Precondition::kHolds : Precondition::kFails;
}

// Steps 1-4; nullopt when the request may go on to range handling.
std::optional<ContentStatus> check_preconditions(const ConditionalHeaders& headers,
                                                 const ResourceFacts& resource) {
  Precondition state = evaluate_if_match(headers.if_match, resource);
  if (state == Precondition::kNotPresent) {
    state = evaluate_if_unmodified_since(headers.if_unmodified_since, resource);
  }
  if (state == Precondition::kFails) return ContentStatus::kPreconditionFailed;

  state = evaluate_if_none_match(headers.if_none_match, resource);
  if (state == Precondition::kNotPresent) {
    state = evaluate_if_modified_since(headers.if_modified_since, resource);
  }
  if (state == Precondition::kFails) return ContentStatus::kNotModified;
  return std::nullopt;
}

// If-Range (§13.1.5): an entity tag compared strongly, or an HTTP-date equal to Last-Modified.
bool if_range_holds(std::string_view value, const ResourceFacts& resource) {
  value = trim_ows(value);
  if (value.empty()) return true;
  if (const std::optional<EntityTag> tag = parse_entity_tag(value)) {
    return resource.etag && strong_match(*tag, *resource.etag);
  }
  const std::optional<SystemTime> date = parse_http_date(value);
  return date && resource.last_modified && whole_seconds(*resource.last_modified) == *date;
}

ContentPlan whole_resource(std::uint64_t size) {
  return ContentPlan{ContentStatus::kOk, ByteRange::whole(size), {}};
}

ContentPlan without_body(ContentStatus status) { return ContentPlan{status, {}, {}}; }

ContentPlan plan_range(const ConditionalHeaders& headers, const ResourceFacts& resource) {
  const RangeDecision decision = decide_byte_range(headers.range, resource.size);
  switch (decision.outcome) {
    case RangeOutcome::kPartial:
      return ContentPlan{ContentStatus::kPartialContent, decision.range,
                         format_content_range(decision.range, resource.size)};
    case RangeOutcome::kUnsatisfiable:
      return ContentPlan{
          ContentStatus::kRangeNotSatisfiable, {}, format_unsatisfied_content_range(resource.size)};
    case RangeOutcome::kWholeResource:
      break;
  }
  return whole_resource(resource.size);
}

}  // namespace

ContentPlan plan_content(RequestMethod method, const ConditionalHeaders& headers,
                         const ResourceFacts& resource) {
  if (const std::optional<ContentStatus> refused = check_preconditions(headers, resource)) {
    return without_body(*refused);
  }
  const bool use_range = method == RequestMethod::kGet && !headers.range.empty() &&
                         if_range_holds(headers.if_range, resource);
  return use_range ? plan_range(headers, resource) : whole_resource(resource.size);
}

std::string format_content_range(ByteRange range, std::uint64_t size) {
  return "bytes " + std::to_string(range.begin) + "-" + std::to_string(range.last()) + "/" +
         std::to_string(size);
}

std::string format_unsatisfied_content_range(std::uint64_t size) {
  return "bytes */" + std::to_string(size);
}

}  // namespace tglink
