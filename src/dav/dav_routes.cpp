#include "dav/dav_routes.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "config/config.hpp"
#include "dav/dav_access.hpp"
#include "dav/dav_folder.hpp"
#include "dav/dav_request.hpp"
#include "dav/folder_cache.hpp"
#include "dav/folder_html.hpp"
#include "dav/multistatus.hpp"
#include "dav/propfind_request.hpp"
#include "http/content_disposition.hpp"
#include "http/entity_tag.hpp"
#include "http/router.hpp"
#include "links/revoked_links.hpp"
#include "logging/log.hpp"
#include "media/mime_types.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"
#include "web/play_queue.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;

constexpr std::string_view kAllow = "OPTIONS, GET, HEAD, PROPFIND";
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'";
constexpr std::string_view kRootName = "tglink";

// Which folder a request names, and where in it, before the store is asked.
struct FolderRequest {
  DavGrant grant;
  std::string token;              // the folder's token, as sent
  bool by_password = false;       // the token came as the Basic password
  bool playlist = false;          // /dav/{token}.m3u8
  std::vector<std::string> path;  // decoded segments inside the folder
};

// A request that names no folder: the answer to send.
struct Resolved {
  std::optional<FolderRequest> folder;
  HttpResponse refusal;
};

HttpResponse with_private_headers(HttpResponse response) {
  // The address is a credential: keep it out of caches and Referer headers.
  response.set_header("Cache-Control", "no-store");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "no-referrer");
  return response;
}

HttpResponse not_found() {
  return json_error(404, "FOLDER_NOT_FOUND", "No folder has this address; /davlink gives yours");
}

HttpResponse unauthorized() {
  HttpResponse response = json_error(
      401, "UNAUTHORIZED", "Sign in with your folder's token (from /davlink) as the password");
  response.set_header("WWW-Authenticate", "Basic realm=\"tglink folder\", charset=\"UTF-8\"");
  return response;
}

HttpResponse read_only() {
  HttpResponse response = json_error(405, "METHOD_NOT_ALLOWED",
                                     "This folder is read-only: it answers " + std::string(kAllow));
  response.set_header("Allow", std::string(kAllow));
  return response;
}

bool is_read_method(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "OPTIONS" || method == "PROPFIND";
}

// "/tg" of "https://host/tg": where tglink's paths start on the address users have.
std::string base_path(std::string_view base_url) {
  const std::size_t scheme = base_url.find("://");
  const std::size_t path = base_url.find('/', scheme == std::string_view::npos ? 0 : scheme + 3);
  if (path == std::string_view::npos) return {};
  std::string out(base_url.substr(path));
  while (!out.empty() && out.back() == '/') out.pop_back();
  return out;
}

Resolved resolve(const DavAccess& access, const HttpRequest& request) {
  const std::optional<DavPathSegments> segments = split_dav_path(request.path());
  if (!segments) return Resolved{std::nullopt, not_found()};
  const std::vector<std::string_view>& raw = segments->raw;
  FolderRequest folder;
  if (!raw.empty()) {
    std::string_view first = raw.front();
    folder.playlist =
        raw.size() == 1 && !segments->trailing_slash && first.ends_with(kPlaylistSuffix);
    if (folder.playlist) first.remove_suffix(kPlaylistSuffix.size());
    if (const std::optional<DavGrant> grant = access.signed_grant(first)) {
      const std::optional<std::vector<std::string>> path = decode_segments(
          folder.playlist ? std::vector<std::string_view>{}
                          : std::vector<std::string_view>(raw.begin() + 1, raw.end()));
      if (!path) return Resolved{std::nullopt, not_found()};
      folder.grant = *grant;
      folder.token = std::string(first);
      folder.path = *path;
      return Resolved{std::move(folder), {}};
    }
    folder.playlist = false;
  }
  const std::optional<std::string_view> authorization = request.header("Authorization");
  const std::optional<std::string> password = basic_password(authorization);
  const std::optional<DavGrant> grant = password ? access.signed_grant(*password) : std::nullopt;
  if (!grant) {
    return Resolved{std::nullopt, authorization || raw.empty() ? unauthorized() : not_found()};
  }
  const std::optional<std::vector<std::string>> path = decode_segments(raw);
  if (!path) return Resolved{std::nullopt, not_found()};
  folder.grant = *grant;
  folder.token = *password;
  folder.by_password = true;
  folder.path = *path;
  return Resolved{std::move(folder), {}};
}

std::optional<SystemTime> batch_expiry(std::int64_t expires_unix) {
  if (expires_unix == 0) return std::nullopt;
  return SystemTime{std::chrono::seconds{expires_unix}};
}

// The user's folder, read from the store; nullopt when the grant opens none (ended, not allowed).
std::optional<DavFolder> read_folder(const DavRouteDeps& deps, const DavGrant& grant) {
  Store& store = deps.store;
  if (!deps.access.opens(grant, store)) return std::nullopt;
  const SystemTime now = deps.files.clock.now();
  const std::vector<LinkRecord> links = store.user_links(grant.user_id, 0, kDavFolderFiles);
  std::vector<BatchContents> batches;
  for (BatchRecord& batch : store.user_batches(grant.user_id, kDavFolderBatches)) {
    const std::optional<SystemTime> expires_at = batch_expiry(batch.expires_unix);
    if (batch.revoked || (expires_at && now >= *expires_at)) continue;
    std::vector<BatchFile> files = store.batch_files(batch.id);
    batches.push_back(BatchContents{std::move(batch), std::move(files)});
  }
  const RevokedLinks& revoked = deps.files.revoked;
  return build_dav_folder(links, batches, now,
                          [&revoked](std::int64_t id) { return revoked.contains(id); });
}

SystemTime at_unix(std::int64_t unix_seconds) {
  return SystemTime{std::chrono::seconds{std::max<std::int64_t>(unix_seconds, 0)}};
}

EntityTag listed_etag(const DavFileEntry& file) {
  return make_file_entity_tag("dav " + std::to_string(file.message_id),
                              static_cast<std::uint64_t>(std::max<std::int64_t>(file.size, 0)));
}

DavResource file_resource(std::vector<std::string> path, const DavFileEntry& file) {
  DavResource resource;
  resource.path = std::move(path);
  resource.display_name = file.name;
  resource.size = file.size;
  resource.content_type = file.content_type;
  resource.modified = at_unix(file.created_unix);
  resource.created = resource.modified;
  resource.etag = listed_etag(file).to_header();
  return resource;
}

DavResource batch_resource(const DavBatchEntry& batch) {
  DavResource resource;
  resource.path = {batch.name};
  resource.collection = true;
  resource.display_name = batch.name;
  resource.modified = at_unix(batch.created_unix);
  resource.created = resource.modified;
  return resource;
}

DavResource root_resource(const DavFolder& folder, const DavGrant& grant) {
  std::int64_t newest = grant.issued_ms / 1000;
  for (const DavFileEntry& file : folder.files) newest = std::max(newest, file.created_unix);
  for (const DavBatchEntry& batch : folder.batches) newest = std::max(newest, batch.created_unix);
  DavResource resource;
  resource.collection = true;
  resource.display_name = std::string(kRootName);
  resource.modified = at_unix(newest);
  resource.created = at_unix(grant.issued_ms / 1000);
  return resource;
}

// The resource a target is, and with Depth: 1 its members too.
std::vector<DavResource> propfind_resources(const DavFolder& folder, const DavGrant& grant,
                                            const DavTarget& target, DavDepth depth) {
  std::vector<DavResource> resources;
  if (target.file != nullptr) {
    std::vector<std::string> path;
    if (target.batch != nullptr) path.push_back(target.batch->name);
    path.push_back(target.file->name);
    resources.push_back(file_resource(std::move(path), *target.file));
    return resources;
  }
  if (target.batch != nullptr) {
    resources.push_back(batch_resource(*target.batch));
    if (depth == DavDepth::kOne) {
      for (const DavFileEntry& file : target.batch->files) {
        resources.push_back(file_resource({target.batch->name, file.name}, file));
      }
    }
    return resources;
  }
  resources.push_back(root_resource(folder, grant));
  if (depth == DavDepth::kOne) {
    for (const DavBatchEntry& batch : folder.batches) resources.push_back(batch_resource(batch));
    for (const DavFileEntry& file : folder.files)
      resources.push_back(file_resource({file.name}, file));
  }
  return resources;
}

HttpResponse propfind_answer(const HttpRequest& request, const std::string& href_base,
                             const DavFolder& folder, const DavGrant& grant,
                             const DavTarget& target) {
  const std::optional<DavDepth> depth = parse_depth(request.header("Depth"));
  if (!depth) {
    return json_error(400, "BAD_DEPTH", "Depth must be 0, 1 or infinity");
  }
  if (*depth == DavDepth::kInfinity) {
    HttpResponse refusal;
    refusal.status = 403;
    refusal.body = finite_depth_error_xml();
    refusal.set_header("Content-Type", "application/xml; charset=utf-8");
    return refusal;
  }
  if (const std::optional<PropfindRefusal> refused = check_propfind_body(request.body)) {
    return refused->status == 413 ? json_error(413, "BODY_TOO_LARGE", refused->message)
                                  : json_error(400, "BAD_PROPFIND", refused->message);
  }
  HttpResponse response;
  response.status = 207;
  response.body = multistatus_xml(href_base, propfind_resources(folder, grant, target, *depth));
  response.set_header("Content-Type", "application/xml; charset=utf-8");
  return response;
}

HttpResponse index_answer(const DavRouteDeps& deps, const std::string& href_base,
                          const FolderRequest& request, const DavFolder& folder,
                          const DavTarget& target) {
  FolderIndex index;
  index.playlist_url =
      deps.config.base_url + "/dav/" + request.token + std::string(kPlaylistSuffix);
  if (target.batch != nullptr) {
    index.title = target.batch->name;
    index.parent_href = dav_href(href_base, {}, true);
    for (const DavFileEntry& file : target.batch->files) {
      index.entries.push_back(
          FolderIndexEntry{file.name, dav_href(href_base, {target.batch->name, file.name}, false),
                           false, file.size});
    }
  } else {
    index.title = "Your files";
    for (const DavBatchEntry& batch : folder.batches) {
      index.entries.push_back(
          FolderIndexEntry{batch.name, dav_href(href_base, {batch.name}, true), true, 0});
    }
    for (const DavFileEntry& file : folder.files) {
      index.entries.push_back(
          FolderIndexEntry{file.name, dav_href(href_base, {file.name}, false), false, file.size});
    }
  }
  HttpResponse response;
  response.body = folder_index_html(index, deps.assets);
  response.set_header("Content-Type", "text/html; charset=utf-8");
  response.set_header("Content-Security-Policy", std::string(kContentSecurityPolicy));
  response.set_header("X-Frame-Options", "DENY");
  return response;
}

bool plays(const DavFileEntry& file) {
  return is_streamable_video(file.content_type) || is_audio(file.content_type);
}

HttpResponse playlist_answer(const DavRouteDeps& deps, const FolderRequest& request,
                             const DavFolder& folder) {
  const std::string base = deps.config.base_url + "/dav/" + request.token + "/";
  std::vector<PlayQueueItem> items;
  for (const DavFileEntry& file : folder.files) {
    if (plays(file)) items.push_back(PlayQueueItem{file.name, dav_href(base, {file.name}, false)});
  }
  // A batch's files are links of their own too, mostly listed already: each plays once.
  std::set<std::int64_t> queued;
  for (const DavFileEntry& file : folder.files) queued.insert(file.message_id);
  for (const DavBatchEntry& batch : folder.batches) {
    for (const DavFileEntry& file : batch.files) {
      if (!plays(file) || !queued.insert(file.message_id).second) continue;
      items.push_back(PlayQueueItem{batch.name + "/" + file.name,
                                    dav_href(base, {batch.name, file.name}, false)});
    }
  }
  HttpResponse response;
  response.body = play_queue_m3u8(items);
  response.set_header("Content-Type", "audio/x-mpegurl; charset=utf-8");
  response.set_header("Content-Disposition",
                      content_disposition(DispositionType::kAttachment, "tglink.m3u8"));
  return response;
}

HttpResponse options_answer() {
  HttpResponse response;
  response.set_header("DAV", "1");
  response.set_header("Allow", std::string(kAllow));
  response.set_header("MS-Author-Via", "DAV");  // Windows' client asks for it
  return response;
}

// Every answer is a named variable moved in: GCC 12 destroys a temporary in a co_await's
// arguments twice.
asio::awaitable<void> send(ResponseChannel& out, HttpResponse response) {
  HttpResponse sent = with_private_headers(std::move(response));
  co_await out.send(std::move(sent));
}

// A folder as a request found it: open, closed (no folder), or the store unreadable.
struct FolderRead {
  std::shared_ptr<const DavFolder> folder;  // null when the grant opens no folder
  bool unreadable = false;
};

// The folder read from the store now, and kept for the reads of its files.
asio::awaitable<FolderRead> fresh_folder(const DavRouteDeps& deps, DavFolderCache& folders,
                                         const DavGrant& grant) {
  FolderRead read;
  try {
    std::optional<DavFolder> folder =
        co_await deps.store_work.run([&deps, grant] { return read_folder(deps, grant); });
    if (folder) read.folder = folders.keep(grant, std::move(*folder));
  } catch (const StoreError& e) {
    deps.files.log.error("WebDAV folder of user {}: store unreadable: {}", grant.user_id, e.what());
    read.unreadable = true;
  }
  co_return read;
}

// For a file's GET or HEAD: the folder kept from a recent read, when it names that file, once
// the store says the folder still opens (dav/folder_cache.hpp); nullopt when nothing kept serves.
asio::awaitable<std::optional<FolderRead>> kept_folder(const DavRouteDeps& deps,
                                                       const DavFolderCache& folders,
                                                       const FolderRequest& wanted) {
  std::shared_ptr<const DavFolder> kept = folders.find(wanted.grant);
  if (wanted.playlist || kept == nullptr) co_return std::nullopt;
  const std::optional<DavTarget> target = find_in_folder(*kept, wanted.path);
  if (!target || target->is_collection()) co_return std::nullopt;
  FolderRead read;
  try {
    const bool opens = co_await deps.store_work.run(
        [&deps, grant = wanted.grant] { return deps.access.opens(grant, deps.store); });
    if (opens) read.folder = std::move(kept);
  } catch (const StoreError& e) {
    deps.files.log.error("WebDAV folder of user {}: store unreadable: {}", wanted.grant.user_id,
                         e.what());
    read.unreadable = true;
  }
  co_return read;
}

asio::awaitable<void> serve(const DavRouteDeps& deps, DavFolderCache& folders,
                            const HttpRequest& request, ResponseChannel& out) {
  if (!is_read_method(request.method)) {
    HttpResponse answer = read_only();
    co_await send(out, std::move(answer));
    co_return;
  }
  const Resolved resolved = resolve(deps.access, request);
  if (!resolved.folder) {
    HttpResponse answer = resolved.refusal;
    co_await send(out, std::move(answer));
    co_return;
  }
  const FolderRequest& wanted = *resolved.folder;
  std::optional<FolderRead> read;
  if (request.method == "GET" || request.method == "HEAD") {
    read = co_await kept_folder(deps, folders, wanted);
  }
  if (!read) read = co_await fresh_folder(deps, folders, wanted.grant);
  if (read->unreadable) {
    HttpResponse answer = json_error(500, "INTERNAL_ERROR", "The folder could not be read");
    co_await send(out, std::move(answer));
    co_return;
  }
  if (!read->folder) {
    HttpResponse answer = wanted.by_password ? unauthorized() : not_found();
    co_await send(out, std::move(answer));
    co_return;
  }
  const DavFolder* folder = read->folder.get();
  if (wanted.playlist) {
    HttpResponse answer = playlist_answer(deps, wanted, *folder);
    co_await send(out, std::move(answer));
    co_return;
  }
  const std::optional<DavTarget> target = find_in_folder(*folder, wanted.path);
  if (!target) {
    HttpResponse answer = json_error(404, "NOT_FOUND", "This folder holds nothing of that name");
    co_await send(out, std::move(answer));
    co_return;
  }
  const std::string href_base = base_path(deps.config.base_url) + std::string(kDavPrefix) +
                                (wanted.by_password ? std::string() : wanted.token + "/");
  if (request.method == "OPTIONS") {
    HttpResponse answer = options_answer();
    co_await send(out, std::move(answer));
  } else if (request.method == "PROPFIND") {
    HttpResponse answer = propfind_answer(request, href_base, *folder, wanted.grant, *target);
    co_await send(out, std::move(answer));
  } else if (target->is_collection()) {
    HttpResponse answer = index_answer(deps, href_base, wanted, *folder, *target);
    co_await send(out, std::move(answer));
  } else {
    const DavFileEntry& file = *target->file;
    const ListedFile listed{file.message_id, file.expires_at, listed_etag(file),
                            at_unix(file.created_unix)};
    co_await serve_listed_file(deps.files, listed, request, out);
  }
}

}  // namespace

void add_dav_routes(Router& router, const DavRouteDeps& deps) {
  auto shared = std::make_shared<const DavRouteDeps>(deps);
  auto folders = std::make_shared<DavFolderCache>(deps.files.clock);
  router.add_every_method_prefix(
      std::string(kDavPrefix), [shared, folders](const HttpRequest& request, ResponseChannel& out) {
        return serve(*shared, *folders, request, out);
      });
}

}  // namespace tglink
