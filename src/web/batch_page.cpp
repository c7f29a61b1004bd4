#include "web/batch_page.hpp"

#include "config/config.hpp"
#include "core/clock.hpp"
#include "core/human_size.hpp"
#include "core/url_encoding.hpp"
#include "http/content_disposition.hpp"
#include "http/router.hpp"
#include "links/link_token.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "media/file_kind.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"
#include "web/batch_formats.hpp"
#include "web/play_queue.hpp"
#include "web/player_page.hpp"

namespace tglink {

namespace {

constexpr std::string_view kBatchPrefix = "/b/";

// No script may run on the page; it only needs the player's stylesheet and icon.
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'";

enum class BatchForm { kHtml, kJson, kUrls, kPlaylist };

// "/b/{token}.m3u8" asks for the batch's play queue.
constexpr std::string_view kPlaylistSuffix = ".m3u8";

// The batch's videos and audio, by their /stream links, as a play queue for VLC and mpv.
std::string batch_play_queue(const BatchListing& listing) {
  std::vector<PlayQueueItem> items;
  for (const BatchEntry& entry : listing.files) {
    if (entry.stream_url) items.push_back(PlayQueueItem{entry.name, *entry.stream_url});
  }
  return play_queue_m3u8(items);
}

BatchForm requested_form(const HttpRequest& request) {
  const std::string format = request.query_param("format").value_or("");
  if (format == "urls") return BatchForm::kUrls;
  if (format == "json") return BatchForm::kJson;
  if (format == "html") return BatchForm::kHtml;
  const std::string accept = request.joined_header("Accept");
  return accept.find("application/json") != std::string::npos ? BatchForm::kJson : BatchForm::kHtml;
}

std::optional<SystemTime> expiry_of(const BatchRecord& batch) {
  if (batch.expires_unix == 0) return std::nullopt;
  return SystemTime{std::chrono::seconds{batch.expires_unix}};
}

HttpResponse with_common_headers(HttpResponse response) {
  // The URL is a capability: keep it out of caches and Referer headers.
  response.set_header("Cache-Control", "no-store");
  response.set_header("Vary", "Accept");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "no-referrer");
  return response;
}

}  // namespace

std::string_view batch_route_token(std::string_view path) {
  if (!path.starts_with(kBatchPrefix)) return {};
  const std::string_view rest = path.substr(kBatchPrefix.size());
  return rest.substr(0, rest.find('/'));
}

BatchPage::BatchPage(const Config& config, const LinkTokenCodec& links, Store& store,
                     const Clock& clock, const PlayerPage& player, Log& log)
    : config_(config),
      links_(links),
      batches_(links),
      store_(store),
      clock_(clock),
      player_(player),
      log_(log) {}

HttpResponse BatchPage::page(const HttpRequest& request) const {
  try {
    return checked_page(request);
  } catch (const StoreError& e) {
    log_.error("Batch page: store unreadable: {}", e.what());
    return json_error(500, "INTERNAL_ERROR", "The batch could not be read");
  }
}

HttpResponse BatchPage::checked_page(const HttpRequest& request) const {
  std::string_view token = batch_route_token(request.path());
  const bool playlist = token.ends_with(kPlaylistSuffix) &&
                        request.path().size() == kBatchPrefix.size() + token.size();
  if (playlist) token.remove_suffix(kPlaylistSuffix.size());
  const BatchDecodeResult decoded = batches_.decode(token, clock_.now());
  if (decoded.status == LinkStatus::Expired) {
    return json_error(410, "LINK_EXPIRED",
                      "This batch link has expired; ask the bot for a new one");
  }
  const std::optional<BatchRecord> batch = decoded.status == LinkStatus::Valid
                                               ? store_.find_batch(decoded.claims.batch_id)
                                               : std::nullopt;
  if (!batch || batch->state != "closed") {
    return json_error(404, "LINK_NOT_FOUND", "No batch has this link");
  }
  if (batch->revoked) return json_error(404, "LINK_REVOKED", "This batch link was revoked");

  const BatchListing files = listing(*batch);
  HttpResponse response;
  switch (playlist ? BatchForm::kPlaylist : requested_form(request)) {
    case BatchForm::kPlaylist:
      response.body = batch_play_queue(files);
      response.set_header("Content-Type", "audio/x-mpegurl; charset=utf-8");
      response.set_header("Content-Disposition",
                          content_disposition(DispositionType::kAttachment, "batch.m3u8"));
      break;
    case BatchForm::kUrls:
      response.body = batch_url_list(files);
      response.set_header("Content-Type", "text/plain; charset=utf-8");
      break;
    case BatchForm::kJson:
      response = json_response(200, batch_json(files));
      break;
    case BatchForm::kHtml: {
      const std::string urls = batch_url(config_.base_url, token) + "?format=urls";
      response.body = batch_html(files, player_.asset_base(), urls);
      response.set_header("Content-Type", "text/html; charset=utf-8");
      response.set_header("Content-Security-Policy", std::string(kContentSecurityPolicy));
      response.set_header("X-Frame-Options", "DENY");
      break;
    }
  }
  return with_common_headers(std::move(response));
}

BatchListing BatchPage::listing(const BatchRecord& batch) const {
  BatchListing listing;
  listing.expires_at = expiry_of(batch);
  for (const BatchFile& stored : store_.batch_files(batch.id)) {
    const FileKind kind = file_kind_named(stored.file_kind).value_or(FileKind::document);
    const std::string token = links_.encode(LinkClaims{stored.copy_message_id, listing.expires_at});
    const std::string named = token + "/" + url_encode_component(stored.file_name);
    BatchEntry entry;
    entry.name = stored.file_name;
    entry.size = stored.file_size;
    entry.mime_type = stored.mime_type;
    entry.kind = stored.file_kind;
    entry.size_text = format_size(stored.file_size);
    entry.download_url = download_url(config_.base_url, named);
    if (is_streamable(kind, stored.mime_type))
      entry.stream_url = stream_url(config_.base_url, named);
    if (is_video(kind, stored.mime_type) && config_.video_frontend_enabled) {
      entry.player_url = player_link(config_.player_url(), *entry.stream_url);
    }
    listing.files.push_back(std::move(entry));
  }
  return listing;
}

namespace {

// The page reads the store twice; on the store executor, so that a slow or held database delays
// this page only, never the I/O thread's other connections.
boost::asio::awaitable<void> serve_batch(const BatchPage& page, StoreExecutor& store_work,
                                         const HttpRequest& request, ResponseChannel& out) {
  HttpResponse response = co_await store_work.run([&page, &request] { return page.page(request); });
  co_await out.send(std::move(response));
}

}  // namespace

void add_batch_routes(Router& router, const BatchPage& page, StoreExecutor& store_work) {
  router.add_prefix(std::string(kBatchPrefix),
                    [&page, &store_work](const HttpRequest& request, ResponseChannel& out) {
                      return serve_batch(page, store_work, request, out);
                    });
}

}  // namespace tglink
