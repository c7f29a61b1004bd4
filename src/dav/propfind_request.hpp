#pragma once
// What a PROPFIND asks (RFC 4918 §9.1): how deep (the Depth header, §10.2) and, in its body,
// which properties. tglink's folder has few properties and all of them are cheap, so every
// well-formed request, and an empty body, is answered as allprop (which §9.1 lets a server do for
// a "prop" request too: it may return more than asked); the body is only checked to be XML whose
// root is DAV:propfind, within kPropfindBodyLimit.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// A PROPFIND body is a few hundred bytes; more is not a PROPFIND we answer.
inline constexpr std::size_t kPropfindBodyLimit = 16 * 1024;

enum class DavDepth { kZero, kOne, kInfinity };

// "0", "1" or "infinity" (case-insensitive, RFC 4918 §10.2); no header means infinity (§9.1).
// nullopt for any other value: a 400.
[[nodiscard]] std::optional<DavDepth> parse_depth(std::optional<std::string_view> header);

// Why a PROPFIND body is refused, or nothing when it is acceptable.
struct PropfindRefusal {
  int status = 400;  // 413 for a body over kPropfindBodyLimit
  std::string message;
};

[[nodiscard]] std::optional<PropfindRefusal> check_propfind_body(std::string_view body);

}  // namespace tglink
