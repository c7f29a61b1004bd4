#pragma once
// How a request names a WebDAV folder and a place in it. The folder's token is either the first
// segment of the path (/dav/{token}/Batch 2026-11-29 06h50/movie.mkv) or, for players that only
// ask for a user name and a password, the password of HTTP Basic authentication (RFC 7617) on
// /dav/ itself (the user name is ignored). The playlist of a folder is /dav/{token}.m3u8. Pure.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

inline constexpr std::string_view kDavPrefix = "/dav/";
inline constexpr std::string_view kPlaylistSuffix = ".m3u8";

// The path after kDavPrefix split at '/': raw (still percent-encoded) segments, without the
// empty one a trailing '/' leaves. nullopt for a path outside kDavPrefix or with an empty segment
// ("a//b").
struct DavPathSegments {
  std::vector<std::string_view> raw;
  bool trailing_slash = false;
};
[[nodiscard]] std::optional<DavPathSegments> split_dav_path(std::string_view path);

// Each segment percent-decoded; nullopt when one is badly encoded, decodes to "." or "..", or
// holds a '/' or a NUL: no name in a folder has those, so nothing could be found anyway.
[[nodiscard]] std::optional<std::vector<std::string>> decode_segments(
    const std::vector<std::string_view>& raw);

// The password of an "Authorization: Basic ..." header; nullopt for no header, another scheme,
// or credentials without a ':'.
[[nodiscard]] std::optional<std::string> basic_password(
    std::optional<std::string_view> authorization);

}  // namespace tglink
