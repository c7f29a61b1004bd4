#include "dav/propfind_request.hpp"

#include <algorithm>

#include "core/ascii_case.hpp"
#include "core/trim.hpp"
#include "dav/xml_check.hpp"

namespace tglink {

std::optional<DavDepth> parse_depth(std::optional<std::string_view> header) {
  if (!header) return DavDepth::kInfinity;
  const std::string_view value = trim(*header, " \t");
  if (value == "0") return DavDepth::kZero;
  if (value == "1") return DavDepth::kOne;
  if (iequals_ascii(value, "infinity")) return DavDepth::kInfinity;
  return std::nullopt;
}

std::optional<PropfindRefusal> check_propfind_body(std::string_view body) {
  if (body.size() > kPropfindBodyLimit) {
    return PropfindRefusal{
        413, "A PROPFIND body may be at most " + std::to_string(kPropfindBodyLimit) + " bytes"};
  }
  if (std::all_of(body.begin(), body.end(),
                  [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; })) {
    return std::nullopt;  // no body: allprop (RFC 4918 §9.1)
  }
  const XmlOutline outline = check_xml(body);
  if (!outline.well_formed) {
    return PropfindRefusal{400, "The PROPFIND body is not well-formed XML: " + outline.problem};
  }
  if (outline.root_namespace != "DAV:" || outline.root_name != "propfind") {
    return PropfindRefusal{400, "The PROPFIND body's root element is not DAV:propfind"};
  }
  return std::nullopt;
}

}  // namespace tglink
