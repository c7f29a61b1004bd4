#include "http/entity_tag.hpp"

#include <array>
#include <cstdio>

#include "http/header_text.hpp"

namespace tglink {
namespace {

// etagc = %x21 / %x23-7E / obs-text
bool is_etagc(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte == 0x21 || (byte >= 0x23 && byte != 0x7F);
}

// 64-bit FNV-1a: tiny, stable across builds and platforms, and good enough to tell files apart
// (this is an identifier, not a security boundary).
std::uint64_t fnv1a_64(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

template <typename Compare>
bool list_matches(const EntityTagList& list, const EntityTag& current, Compare compare) {
  if (list.any) return true;
  for (const EntityTag& tag : list.tags) {
    if (compare(tag, current)) return true;
  }
  return false;
}

// Consumes OWS and commas: the gaps between list elements, empty elements included.
void skip_list_separators(std::string_view& rest) {
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t' || rest.front() == ',')) {
    rest.remove_prefix(1);
  }
}

// Consumes one entity tag from the front of `rest`. A quoted tag may itself hold commas, which is
// why the list is scanned rather than split. The tag must be followed by OWS, a comma or the end.
std::optional<EntityTag> scan_entity_tag(std::string_view& rest) {
  const std::size_t prefix = rest.starts_with("W/") ? 2 : 0;
  if (rest.size() < prefix + 2 || rest[prefix] != '"') return std::nullopt;
  const std::size_t closing = rest.find('"', prefix + 1);
  if (closing == std::string_view::npos) return std::nullopt;
  std::optional<EntityTag> tag = parse_entity_tag(rest.substr(0, closing + 1));
  rest.remove_prefix(closing + 1);
  const std::string_view after = trim_ows(rest.substr(0, rest.find(',')));
  if (!after.empty()) return std::nullopt;
  return tag;
}

}  // namespace

std::string EntityTag::to_header() const { return (weak ? "W/\"" : "\"") + opaque + "\""; }

EntityTag make_file_entity_tag(std::string_view file_unique_id, std::uint64_t size) {
  std::array<char, 48> buffer{};
  const int n = std::snprintf(buffer.data(), buffer.size(), "%llx-%016llx",
                              static_cast<unsigned long long>(size),
                              static_cast<unsigned long long>(fnv1a_64(file_unique_id)));
  return EntityTag{std::string(buffer.data(), static_cast<std::size_t>(n)), false};
}

std::optional<EntityTag> parse_entity_tag(std::string_view text) {
  EntityTag tag;
  if (text.starts_with("W/")) {
    tag.weak = true;
    text.remove_prefix(2);
  }
  if (text.size() < 2 || text.front() != '"' || text.back() != '"') return std::nullopt;
  text = text.substr(1, text.size() - 2);
  for (const char c : text) {
    if (!is_etagc(c)) return std::nullopt;
  }
  tag.opaque = std::string(text);
  return tag;
}

bool strong_match(const EntityTag& a, const EntityTag& b) {
  return !a.weak && !b.weak && a.opaque == b.opaque;
}

bool weak_match(const EntityTag& a, const EntityTag& b) { return a.opaque == b.opaque; }

bool EntityTagList::matches_strong(const EntityTag& current) const {
  return list_matches(*this, current, strong_match);
}

bool EntityTagList::matches_weak(const EntityTag& current) const {
  return list_matches(*this, current, weak_match);
}

EntityTagList parse_entity_tag_list(std::string_view field_value) {
  EntityTagList list;
  if (trim_ows(field_value) == "*") {
    list.any = true;
    return list;
  }
  std::string_view rest = field_value;
  while (true) {
    skip_list_separators(rest);
    if (rest.empty()) break;
    std::optional<EntityTag> tag = scan_entity_tag(rest);
    if (!tag) {
      list.complete = false;
      break;
    }
    list.tags.push_back(std::move(*tag));
  }
  return list;
}

}  // namespace tglink
