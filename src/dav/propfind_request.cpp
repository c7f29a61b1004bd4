#include "dav/propfind_request.hpp"

#include <algorithm>
#include <cctype>

#include "dav/xml_check.hpp"

namespace tglink {

namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<DavDepth> parse_depth(std::optional<std::string_view> header) {
  if (!header) return DavDepth::kInfinity;
  const std::string_view value = trimmed(*header);
  if (value == "0") return DavDepth::kZero;
  if (value == "1") return DavDepth::kOne;
  if (same_ignoring_case(value, "infinity")) return DavDepth::kInfinity;
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
