#pragma once
// Entity tags (RFC 9110 §8.8.3) and the lists carried by If-Match / If-None-Match (§13.1.1-2).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

struct EntityTag {
  std::string opaque;  // the characters between the quotes
  bool weak = false;

  // The field value: "\"abc\"" or "W/\"abc\"".
  [[nodiscard]] std::string to_header() const;
  friend bool operator==(const EntityTag&, const EntityTag&) = default;
};

// The strong ETag of a stored file. A Telegram file's unique id never changes while the bytes
// stay the same, and the size is folded in so a (never expected) re-upload under the same id
// with other content still changes the tag. The id is hashed so the tag is short and made only
// of safe characters; the result looks like "\"1f4-9c3e2a0d5b7f8e61\"" (hex size, hex hash).
[[nodiscard]] EntityTag make_file_entity_tag(std::string_view file_unique_id, std::uint64_t size);

// One entity-tag: optional "W/" then a quoted string of etagc characters (no spaces, no inner
// quotes). nullopt for anything else.
[[nodiscard]] std::optional<EntityTag> parse_entity_tag(std::string_view text);

// Strong comparison: both strong and the same opaque string (used by If-Match and If-Range).
[[nodiscard]] bool strong_match(const EntityTag& a, const EntityTag& b);
// Weak comparison: the same opaque string, weakness ignored (used by If-None-Match).
[[nodiscard]] bool weak_match(const EntityTag& a, const EntityTag& b);

// The value of If-Match or If-None-Match: "*" or a comma-separated list of entity tags.
// Reading stops at the first element that is not an entity tag; the tags before it are kept and
// `complete` is false. A malformed list thus only matches what it clearly said, which makes
// If-None-Match fall through to a full answer and If-Match fail with 412.
struct EntityTagList {
  bool any = false;  // "*": matches whenever the resource exists
  std::vector<EntityTag> tags;
  bool complete = true;

  [[nodiscard]] bool matches_strong(const EntityTag& current) const;
  [[nodiscard]] bool matches_weak(const EntityTag& current) const;
};

[[nodiscard]] EntityTagList parse_entity_tag_list(std::string_view field_value);

}  // namespace tglink
