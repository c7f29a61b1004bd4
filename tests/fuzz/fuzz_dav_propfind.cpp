// Fuzz target for the WebDAV PROPFIND body check (dav/propfind_request.hpp) and the XML checker
// under it (dav/xml_check.hpp): anyone with a folder's address sends these bytes. A libFuzzer
// target (see tests/fuzz/CMakeLists.txt).
//
// Invariants: no crash, leak or undefined behaviour on any input; a well-formed document names
// its root; a refused body says why; a body is accepted exactly when it is blank or well-formed
// XML whose root is DAV:propfind, within kPropfindBodyLimit.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "dav/propfind_request.hpp"
#include "dav/xml_check.hpp"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_dav_propfind invariant broken: %s\n", what);
  std::abort();
}

bool blank(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const tglink::XmlOutline outline = tglink::check_xml(body);
  if (outline.well_formed) {
    require(!outline.root_name.empty(), "a well-formed document names its root");
    require(outline.problem.empty(), "a well-formed document has no problem");
  } else {
    require(!outline.problem.empty(), "a malformed document says why");
  }
  const std::optional<tglink::PropfindRefusal> refusal = tglink::check_propfind_body(body);
  const bool acceptable =
      size <= tglink::kPropfindBodyLimit &&
      (blank(body) || (outline.well_formed && outline.root_namespace == "DAV:" &&
                       outline.root_name == "propfind"));
  require(acceptable == !refusal.has_value(), "accepted exactly the blank or DAV:propfind bodies");
  if (refusal) require(refusal->status == 400 || refusal->status == 413, "refused with 400 or 413");
  return 0;
}
