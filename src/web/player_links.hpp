#pragma once
// Links that hand a stream to an installed video player, for formats the browser cannot play.

#include <string>
#include <string_view>

namespace tglink {

// "vlc://<stream url>": VLC on Android, iOS and desktops registers the vlc:// scheme.
[[nodiscard]] std::string vlc_url(std::string_view stream_url);

// "mpv://<stream url>": the scheme desktop mpv URL handlers register (mpv itself takes the
// plain URL on its command line).
[[nodiscard]] std::string mpv_url(std::string_view stream_url);

// An Android intent: URL that opens the stream in MX Player (package com.mxtech.videoplayer.ad),
// with `title` shown as the video's name. Browsers other than Android ones ignore it.
[[nodiscard]] std::string mx_player_url(std::string_view stream_url, std::string_view title);

}  // namespace tglink
