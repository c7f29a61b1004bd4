#include "serving/file_handler.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "http/cache_lifetime.hpp"
#include "http/content_disposition.hpp"
#include "http/content_plan.hpp"
#include "http/entity_tag.hpp"
#include "http/http_date.hpp"
#include "http/http_response.hpp"
#include "http/internal_request.hpp"
#include "http/request_conditions.hpp"
#include "http/router.hpp"
#include "logging/log.hpp"
#include "media/file_streamer.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "serving/counted_body.hpp"
#include "serving/link_check.hpp"
#include "serving/link_traffic.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;

constexpr std::string_view kDownloadPrefix = "/dl/";
constexpr std::string_view kStreamPrefix = "/stream/";
// How long a cache may keep a /stream answer; links that expire sooner get less (never more
// than their remaining life), and so do /dl answers of such links, which would otherwise be
// cached heuristically from Last-Modified (RFC 9111 §4.2.2) past the link's end.
constexpr std::chrono::seconds kStreamMaxAge{3600};

std::string lower_case(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::optional<SystemTime> last_modified(const StoredFile& file) {
  if (file.date_unix <= 0) return std::nullopt;
  return SystemTime{std::chrono::seconds{file.date_unix}};
}

DispositionType disposition_for(FileRoute route, std::string_view mime_type) {
  if (route == FileRoute::kStream && !runs_as_page_in_browser(mime_type)) {
    return DispositionType::kInline;
  }
  return DispositionType::kAttachment;
}

// The Cache-Control of the file's answers, or "" for none.
std::string cache_control_for(FileRoute route, std::optional<SystemTime> expires_at,
                              SystemTime now) {
  if (route == FileRoute::kSource) return "no-store";  // one run's read: nothing to keep
  if (route != FileRoute::kStream && !expires_at) return {};
  return public_cache_control(kStreamMaxAge, expires_at, now);
}

// The validators of a file's answers: its own, or those a WebDAV listing showed for it.
struct FileValidators {
  EntityTag etag;
  std::optional<SystemTime> last_modified;
};

FileValidators validators_of(const StoredFile& file) {
  return FileValidators{make_file_entity_tag(file.unique_id, static_cast<std::uint64_t>(file.size)),
                        last_modified(file)};
}

// The validators every answer about the file carries, 304 included.
void add_validators(HttpResponse& response, const FileValidators& validators) {
  response.set_header("ETag", validators.etag.to_header());
  if (validators.last_modified) {
    response.set_header("Last-Modified", format_http_date(*validators.last_modified));
  }
}

HttpResponse body_head(const StoredFile& file, FileRoute route, const ContentPlan& plan,
                       const std::string& cache_control, const FileValidators& validators) {
  HttpResponse head;
  head.status = plan.status_code();
  const std::string type = file.mime_type.empty() ? "application/octet-stream" : file.mime_type;
  head.set_header("Content-Type", type);
  head.set_header("Accept-Ranges", "bytes");
  head.set_header("X-Content-Type-Options", "nosniff");
  head.set_header("Content-Disposition",
                  content_disposition(disposition_for(route, type), file.file_name));
  if (!plan.content_range.empty()) head.set_header("Content-Range", plan.content_range);
  add_validators(head, validators);
  if (!cache_control.empty()) head.set_header("Cache-Control", cache_control);
  return head;
}

// 304, 412 and 416: no file bytes. A 304 carries the Cache-Control a 200 would (RFC 9110
// §15.4.5); the errors keep json_error's no-store.
HttpResponse bodiless_answer(const StoredFile& file, const ContentPlan& plan,
                             const std::string& cache_control, const FileValidators& validators) {
  HttpResponse answer;
  if (plan.status == ContentStatus::kRangeNotSatisfiable) {
    answer = json_error(
        416, "RANGE_NOT_SATISFIABLE",
        "The requested range is outside the file (" + std::to_string(file.size) + " bytes)");
    answer.set_header("Content-Range", plan.content_range);
  } else if (plan.status == ContentStatus::kPreconditionFailed) {
    answer = json_error(412, "PRECONDITION_FAILED", "A precondition of the request does not hold");
  } else {
    answer.status = plan.status_code();
    if (!cache_control.empty()) answer.set_header("Cache-Control", cache_control);
  }
  answer.set_header("Accept-Ranges", "bytes");
  add_validators(answer, validators);
  return answer;
}

}  // namespace

std::string_view file_route_token(std::string_view path) {
  for (const std::string_view prefix : {kDownloadPrefix, kStreamPrefix}) {
    if (path.starts_with(prefix)) {
      const std::string_view rest = path.substr(prefix.size());
      return rest.substr(0, rest.find('/'));
    }
  }
  return {};
}

bool runs_as_page_in_browser(std::string_view mime_type) {
  std::string type = lower_case(mime_type.substr(0, mime_type.find(';')));
  type.erase(type.find_last_not_of(" \t") + 1);
  // "+xml" covers image/svg+xml and application/xhtml+xml; "xml" alone text/ and application/.
  for (const std::string_view marker : {"html", "xml", "javascript", "ecmascript"}) {
    if (type.find(marker) != std::string::npos) return true;
  }
  return false;
}

namespace {

// tglink's own converter reading: not viewer traffic (not metered, not in the link's figures,
// not an active stream), and through the converter's small download window.
asio::awaitable<void> send_internal_body(FileStreamer& files, Log& log, const StoredFile& file,
                                         ByteRange body, HttpResponse head, ResponseChannel& out) {
  co_await out.begin_body(std::move(head), body.length());
  if (body.empty()) co_return;
  const StreamOutcome outcome = co_await files.stream_internal(file, body, out);
  if (outcome == StreamOutcome::SourceFailed) {
    log.warning("File {}: source failed for a converter's read; closing the connection",
                file.message_id);
    out.abort();
  }
}

asio::awaitable<void> send_body(const FileRouteDeps& deps, const StoredFile& file,
                                const ContentPlan& plan, HttpResponse head, ResponseChannel& out,
                                std::string client) {
  if (deps.traffic != nullptr && plan.body.begin == 0) {
    deps.traffic->count_download(file.message_id);
  }
  CountedBody body(ViewerCounting{deps.bandwidth, deps.traffic, deps.streams}, out, file.message_id,
                   StreamLabel{std::move(client), file.file_name});
  CountingChannel& counted = body.channel();
  co_await counted.begin_body(std::move(head), plan.body.length());
  if (plan.body.empty()) co_return;
  const StreamOutcome outcome = co_await deps.files.stream(file, plan.body, counted);
  if (counted.stopped_by_limit()) {
    deps.log.info(
        "File {}: the monthly bandwidth limit is reached; transfer stopped after {} of {} bytes",
        file.message_id, counted.body_bytes_sent(), plan.body.length());
    out.abort();
  } else if (outcome == StreamOutcome::SourceFailed) {
    deps.log.warning("File {}: source failed after {} of {} bytes; closing the connection",
                     file.message_id, counted.body_bytes_sent(), plan.body.length());
    out.abort();
  }
}

// Everything after the link's checks: locate the file, plan the answer, send it.
asio::awaitable<void> serve_checked(const FileRouteDeps& deps, FileRoute route,
                                    const LinkCheck& check, bool internal,
                                    const std::optional<FileValidators>& listed,
                                    const HttpRequest& request, ResponseChannel& out) {
  if (check.refusal) {
    HttpResponse refusal = *check.refusal;
    co_await out.send(std::move(refusal));
    co_return;
  }
  const LocateResult located = co_await deps.files.locate(check.message_id);
  if (located.status != LocateStatus::Found) {
    deps.log.debug("File {}: not served ({})", check.message_id, located.detail);
    HttpResponse refusal = locate_refusal(located);
    co_await out.send(std::move(refusal));
    co_return;
  }
  const StoredFile& file = located.file;
  const FileValidators validators = listed ? *listed : validators_of(file);
  ResourceFacts facts;
  facts.size = static_cast<std::uint64_t>(file.size);
  facts.etag = validators.etag;
  facts.last_modified = validators.last_modified;
  const RequestMethod method = request.is_head() ? RequestMethod::kHead : RequestMethod::kGet;
  const ContentPlan plan = plan_content(method, conditional_headers(request), facts);
  const std::string cache_control = cache_control_for(route, check.expires_at, deps.clock.now());
  if (!plan.has_body()) {
    HttpResponse answer = bodiless_answer(file, plan, cache_control, validators);
    co_await out.send(std::move(answer));
    co_return;
  }
  HttpResponse head = body_head(file, route, plan, cache_control, validators);
  if (request.is_head()) {
    co_await out.begin_body(std::move(head), plan.body.length());
    co_return;
  }
  if (internal) {
    co_await send_internal_body(deps.files, deps.log, file, plan.body, std::move(head), out);
    co_return;
  }
  co_await send_body(deps, file, plan, std::move(head), out, request.client_address);
}

}  // namespace

asio::awaitable<void> FileHandler::operator()(const HttpRequest& request,
                                              ResponseChannel& out) const {
  std::optional<std::int64_t> granted;
  if (route_ == FileRoute::kSource) {
    if (deps_.grants != nullptr) granted = deps_.grants->accepts(request);
    if (!granted) {
      HttpResponse not_found = json_error(404, "NOT_FOUND", "No such page");
      co_await out.send(std::move(not_found));
      co_return;
    }
  }
  const bool internal = granted.has_value();
  // A capability stands for its file: the link that asked for the run was checked when it was
  // granted, and the run goes on for every viewer of the file (http/internal_request.hpp).
  const LinkCheckDeps link_deps{deps_.links, deps_.revoked, deps_.bandwidth, deps_.clock};
  LinkCheck check;
  if (internal) {
    check.message_id = *granted;
  } else {
    check = check_link(link_deps, file_route_token(request.path()));
  }
  const std::optional<FileValidators> own;  // named: GCC 12 destroys a temporary argument twice
  co_await serve_checked(deps_, route_, check, internal, own, request, out);
}

asio::awaitable<void> serve_listed_file(const FileRouteDeps& deps, const ListedFile& listed,
                                        const HttpRequest& request, ResponseChannel& out) {
  const LinkCheckDeps link_deps{deps.links, deps.revoked, deps.bandwidth, deps.clock};
  const LinkCheck check = check_message(link_deps, listed.message_id, listed.expires_at);
  const std::optional<FileValidators> listed_validators =
      FileValidators{listed.etag, listed.last_modified};
  co_await serve_checked(deps, FileRoute::kDownload, check, false, listed_validators, request, out);
}

void add_file_routes(Router& router, const FileRouteDeps& deps) {
  router.add_prefix(std::string(kDownloadPrefix), FileHandler{deps, FileRoute::kDownload});
  router.add_prefix(std::string(kStreamPrefix), FileHandler{deps, FileRoute::kStream});
  router.add_prefix(std::string(kSourcePrefix), FileHandler{deps, FileRoute::kSource});
}

}  // namespace tglink
