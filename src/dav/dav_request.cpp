#include "dav/dav_request.hpp"

#include <algorithm>
#include <cctype>

#include "core/ascii_case.hpp"
#include "core/base64.hpp"
#include "core/url_encoding.hpp"

namespace tglink {

std::optional<DavPathSegments> split_dav_path(std::string_view path) {
  if (!path.starts_with(kDavPrefix)) return std::nullopt;
  std::string_view rest = path.substr(kDavPrefix.size());
  DavPathSegments segments;
  if (rest.empty()) return segments;
  if (rest.ends_with('/')) {
    segments.trailing_slash = true;
    rest.remove_suffix(1);
  }
  for (;;) {
    const std::size_t slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    if (segment.empty()) return std::nullopt;
    segments.raw.push_back(segment);
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return segments;
}

std::optional<std::vector<std::string>> decode_segments(const std::vector<std::string_view>& raw) {
  std::vector<std::string> decoded;
  for (const std::string_view segment : raw) {
    std::optional<std::string> name = url_decode_component(segment);
    if (!name || *name == "." || *name == ".." ||
        name->find_first_of(std::string_view("/\0", 2)) != std::string::npos) {
      return std::nullopt;
    }
    decoded.push_back(std::move(*name));
  }
  return decoded;
}

std::optional<std::string> basic_password(std::optional<std::string_view> authorization) {
  if (!authorization) return std::nullopt;
  std::string_view value = *authorization;
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  constexpr std::string_view kScheme = "basic ";
  if (!iequals_ascii(value.substr(0, kScheme.size()), kScheme)) return std::nullopt;
  value.remove_prefix(kScheme.size());
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  const std::string credentials = base64_decode(value);
  const std::size_t colon = credentials.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return credentials.substr(colon + 1);
}

}  // namespace tglink
