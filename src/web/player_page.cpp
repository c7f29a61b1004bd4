#include "web/player_page.hpp"

#include "web/page_layout.hpp"
#include "web/player_assets.hpp"
#include "web/player_html.hpp"
#include "web/player_links.hpp"
#include "web/player_source.hpp"
#include "web/thumbnail_route.hpp"

namespace tglink {
namespace {

constexpr std::string_view kAssetsPath = "/player/assets/";
constexpr std::string_view kGenericTitle = "Video";

// media-src also allows blob: because hls.js plays remuxed and converted files through Media
// Source Extensions, whose object URLs are blob:. hls.js runs without a worker; the ASS
// renderer's worker is a file of this server (worker-src: 'self', from default-src) and compiles
// its WebAssembly under its own response's policy, so script-src needs no 'wasm-unsafe-eval'.
std::string content_security_policy(std::string_view base_origin) {
  const std::string media = "'self' " + std::string(base_origin);
  return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; media-src " +
         media + " blob:; connect-src " + media +
         "; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
}

// A refused link's reason (a fixed word, for the page's data and the logs) and what the viewer
// reads, side by side.
struct RefusalWords {
  std::string_view reason;
  std::string_view message;
};

RefusalWords refusal_words(PlayerRefusal refusal) {
  switch (refusal) {
    case PlayerRefusal::kMissing:
      return {"missing", "No video link was given. Open the player from the bot's Play button."};
    case PlayerRefusal::kForeign:
      return {"foreign", "This player only plays streaming links made by this server."};
    default:
      return {"malformed",
              "The video link is damaged. Copy the whole streaming link from the bot again."};
  }
}

}  // namespace

PlayerPage::PlayerPage(const Config& config, const LinkTokenCodec& links, const Clock& clock)
    : config_(config), links_(links), clock_(clock) {}

std::string PlayerPage::asset_base() const {
  const std::string_view base = config_.base_url;
  const std::size_t origin_size = url_origin(base).size();
  return std::string(base.substr(origin_size)) + std::string(kAssetsPath) +
         std::string(player_asset_files_version());
}

HttpResponse PlayerPage::page(const HttpRequest& request) const {
  return page(request, PlayerFacts{});
}

std::optional<std::int64_t> PlayerPage::playable_message(const HttpRequest& request) const {
  const std::string stream = request.query_param("stream").value_or("");
  const PlayerSourceCheck check = check_player_source(config_.base_url, stream);
  if (!check.source) return std::nullopt;
  const DecodeResult decoded = links_.decode(check.source->token, clock_.now());
  if (decoded.status != LinkStatus::Valid) return std::nullopt;
  return decoded.claims.message_id;
}

HttpResponse PlayerPage::page(const HttpRequest& request, const PlayerFacts& facts) const {
  const std::string stream = request.query_param("stream").value_or("");
  const PlayerSourceCheck check = check_player_source(config_.base_url, stream);
  if (!check.source) {
    const RefusalWords words = refusal_words(check.refusal);
    return notice_response(400, words.reason, "Cannot play this link", words.message);
  }
  switch (links_.decode(check.source->token, clock_.now()).status) {
    case LinkStatus::Valid:
      return player_response(*check.source, facts);
    case LinkStatus::Expired:
      return notice_response(410, "expired", "Link expired",
                             "This link has expired. Send the file to the bot again to get a "
                             "new link.");
    case LinkStatus::Invalid:
      break;
  }
  return notice_response(404, "invalid", "Link not valid",
                         "This link is not valid. Copy the whole streaming link from the bot "
                         "again.");
}

HttpResponse PlayerPage::player_response(const PlayerSource& source,
                                         const PlayerFacts& facts) const {
  const std::string named = !source.file_name.empty() ? source.file_name : facts.file_name;
  const std::string title = named.empty() ? std::string(kGenericTitle) : named;
  const std::string base_path =
      std::string(std::string_view(config_.base_url).substr(url_origin(config_.base_url).size()));
  const TemplateValues values{
      {"poster", facts.has_poster ? base_path + thumbnail_path(source.token) : std::string()},
      {"size", facts.size_text},
      {"title", title},
      {"assets", asset_base()},
      {"stream_url", source.stream_url},
      {"download_url", source.download_url},
      {"vlc_url", vlc_url(source.stream_url)},
      {"mx_url", mx_player_url(source.stream_url, title)},
      {"mpv_url", mpv_url(source.stream_url)},
      {"playback_url", config_.base_url + "/api/playback/" + source.token},
      {"named", named.empty() ? "0" : "1"},
  };
  return html_response(200, fill_page("player.html", values));
}

HttpResponse PlayerPage::notice_response(int status, std::string_view reason,
                                         std::string_view heading, std::string_view message) const {
  const TemplateValues values{
      {"assets", asset_base()},          {"reason", std::string(reason)},
      {"heading", std::string(heading)}, {"title", std::string(heading)},
      {"message", std::string(message)},
  };
  return html_response(status, fill_page("notice.html", values));
}

HttpResponse PlayerPage::html_response(int status, std::string body) const {
  HttpResponse response;
  response.status = status;
  response.body = std::move(body);
  response.set_header("Content-Type", "text/html; charset=utf-8");
  // The page names a capability (the stream link) in its URL: keep it out of caches and
  // Referer headers, and out of other sites' frames.
  response.set_header("Cache-Control", "no-store");
  response.set_header("Content-Security-Policy",
                      content_security_policy(url_origin(config_.base_url)));
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "no-referrer");
  response.set_header("X-Frame-Options", "DENY");
  response.set_header("Cross-Origin-Opener-Policy", "same-origin");
  return response;
}

HttpResponse PlayerPage::asset(const HttpRequest& request) const {
  // path: /player/assets/{version}/{name}
  std::string_view rest = request.path();
  if (rest.starts_with(kAssetsPath)) rest.remove_prefix(kAssetsPath.size());
  const std::size_t slash = rest.find('/');
  const std::string_view version = rest.substr(0, slash);
  const std::string_view name = slash == std::string_view::npos ? "" : rest.substr(slash + 1);
  const std::optional<PublicAsset> file = find_public_player_asset(name);
  if (!file) return json_error(404, "NOT_FOUND", "No such player asset");

  const bool current = version == player_asset_files_version();
  const std::string etag = "\"" + std::string(player_asset_files_version()) + "\"";
  HttpResponse response;
  response.set_header("Content-Type", std::string(file->content_type));
  response.set_header("Cache-Control",
                      current ? "public, max-age=31536000, immutable" : "public, no-cache");
  response.set_header("ETag", etag);
  response.set_header("X-Content-Type-Options", "nosniff");
  if (request.header("if-none-match") == std::optional<std::string_view>(etag)) {
    response.status = 304;
    return response;
  }
  response.body = std::string(file->bytes);
  return response;
}

}  // namespace tglink
