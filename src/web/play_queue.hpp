#pragma once
// A play queue as an extended M3U playlist (.m3u8: UTF-8, RFC 8216's #EXTM3U and #EXTINF lines),
// the form VLC, mpv, Kodi and most players open as a list to play in turn: a batch's
// (/b/{token}.m3u8, web/batch_page.hpp) and a WebDAV folder's (/dav/{token}.m3u8).
//
// Titles come from users' file names: a line break in one would start a line the player reads as
// a URL, so every character that hides or changes layout (core/user_text.hpp) becomes a space, and
// invalid UTF-8 becomes U+FFFD. URLs must be absolute and already percent-encoded by the caller;
// one that still holds a space, a control character or no "http" scheme is left out rather than
// written. Pure.

#include <string>
#include <vector>

namespace tglink {

struct PlayQueueItem {
  std::string title;
  std::string url;
};

// "#EXTM3U\n" then, for each item, "#EXTINF:-1,<title>\n<url>\n".
[[nodiscard]] std::string play_queue_m3u8(const std::vector<PlayQueueItem>& items);

}  // namespace tglink
