#pragma once
// Whether a request body is well-formed XML (XML 1.0 §2.1, and Namespaces in XML: every name a
// QName, the root's prefix declared), and what its root element is. A WebDAV client may send a
// body with PROPFIND (RFC 4918 §9.1); tglink reads nothing from it but its root, yet a body that
// is not XML at all must be refused with 400 (§8.2) rather than taken as anything.
//
// A small checker of its own rather than a general parser: it builds no tree, allocates only the
// stack of open element names (bounded by kMaxXmlDepth), and refuses a document type declaration
// outright, so no entity can be defined, expanded or fetched (no "billion laughs", no external
// entities). Only the five predefined entities and character references are accepted.
//
// Pure, and fuzzed (tests/fuzz/fuzz_dav_propfind.cpp): the body comes from anyone who has a folder.

#include <cstddef>
#include <string>
#include <string_view>

namespace tglink {

// Deeper nesting is refused: no PROPFIND body needs more than a handful of levels.
inline constexpr std::size_t kMaxXmlDepth = 32;

struct XmlOutline {
  bool well_formed = false;
  std::string problem;         // why not, for the 400's message; empty when well-formed
  std::string root_namespace;  // the root element's namespace name ("DAV:"), "" for none
  std::string root_name;       // the root element's local name ("propfind")
};

[[nodiscard]] XmlOutline check_xml(std::string_view text);

}  // namespace tglink
