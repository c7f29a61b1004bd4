#include "web/player_links.hpp"

#include "core/url_encoding.hpp"

namespace tglink {

std::string vlc_url(std::string_view stream_url) { return "vlc://" + std::string(stream_url); }

std::string mpv_url(std::string_view stream_url) { return "mpv://" + std::string(stream_url); }

std::string mx_player_url(std::string_view stream_url, std::string_view title) {
  // An intent URL keeps the scheme apart: intent://host/path#Intent;scheme=https;...;end
  const std::size_t scheme_end = stream_url.find("://");
  const std::string_view scheme =
      scheme_end == std::string_view::npos ? "https" : stream_url.substr(0, scheme_end);
  const std::string_view rest =
      scheme_end == std::string_view::npos ? stream_url : stream_url.substr(scheme_end + 3);
  return "intent://" + std::string(rest) + "#Intent;scheme=" + std::string(scheme) +
         ";type=video/*;package=com.mxtech.videoplayer.ad;S.title=" + url_encode_component(title) +
         ";end";
}

}  // namespace tglink
