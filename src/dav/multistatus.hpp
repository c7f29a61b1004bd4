#pragma once
// The XML a PROPFIND is answered with (RFC 4918 §13, §14.16): one DAV:response per resource, each
// with its href and one propstat holding the live properties tglink keeps (§15): displayname,
// getcontentlength and getcontenttype (files only), getlastmodified, creationdate, getetag and
// resourcetype (DAV:collection for a folder). And the DAV:error body of a refused Depth: infinity
// (§9.1, "propfind-finite-depth").
//
// Every name and href comes from users' file names, so both are escaped here whatever the caller
// did: text as XML character data (& < > " ' as references; invalid UTF-8 and the characters XML
// 1.0 forbids even as references become U+FFFD), hrefs as URL paths (each segment
// percent-encoded, so '/', '?', '#', '%' and ".." in a name stay inside its segment). Pure.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

struct DavResource {
  // The href's segments under `base` (see dav_href), unescaped; none for the base itself.
  std::vector<std::string> path;
  bool collection = false;
  std::string display_name;
  std::int64_t size = 0;     // files only
  std::string content_type;  // files only
  SystemTime modified;       // getlastmodified
  SystemTime created;        // creationdate
  std::string etag;          // the quoted entity tag as the ETag header carries it; may be empty
};

// `text` as XML character data or attribute value.
[[nodiscard]] std::string xml_escape(std::string_view text);

// `base` ("/dav/TOKEN/", always ending in '/') followed by each segment percent-encoded, and a
// final '/' for a collection.
[[nodiscard]] std::string dav_href(std::string_view base, const std::vector<std::string>& path,
                                   bool collection);

// The 207 body: <D:multistatus> with one <D:response> per resource, in the order given.
[[nodiscard]] std::string multistatus_xml(std::string_view base,
                                          const std::vector<DavResource>& resources);

// The 403 body for Depth: infinity.
[[nodiscard]] std::string finite_depth_error_xml();

}  // namespace tglink
