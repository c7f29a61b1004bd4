#pragma once
// A user's read-only WebDAV folder (RFC 4918, class 1), every method of /dav/...:
//   /dav/{token}/...          the folder and what is in it (dav/dav_folder.hpp)
//   /dav/...                  the same, with the token as the Basic authentication password
//   /dav/{token}.m3u8         the folder's videos and audio as a play queue (web/play_queue.hpp)
//
// Methods:
//   OPTIONS                   200, "DAV: 1", Allow
//   PROPFIND                  207 with the resource (Depth: 0) and its members (Depth: 1); Depth:
//                             infinity (or none) is 403 DAV:propfind-finite-depth (§9.1); a body
//                             that is not XML with a DAV:propfind root is 400, one over
//                             kPropfindBodyLimit 413 (dav/propfind_request.hpp)
//   GET, HEAD of a file       as /dl answers, from the same counted path with the same ranges and
//                             conditions (serving/file_handler.hpp serve_listed_file)
//   GET, HEAD of a folder     a plain HTML index (dav/folder_html.hpp), no script, strict CSP
//   anything else             405 with Allow: the folder is read-only
//
// Refusals: a token we did not sign, or one /davlink off ended, or a user no longer allowed (not
// on ALLOWED_USERS, banned) is 404 FOLDER_NOT_FOUND on every node at once (the store is read on
// every request, dav/dav_access.hpp; a file's GET or HEAD may find which file its name stands
// for in the folder as read up to 10 s before, dav/folder_cache.hpp); /dav/ without credentials, or
// with a password that opens no folder, is 401 with WWW-Authenticate: Basic. A name the folder does
// not hold is 404. A file's revoked or expired link, the monthly bandwidth and the per-address rate
// limit apply as on /dl. Listings are no-store, never sent as a Referer, and carry
// X-Content-Type-Options: nosniff.

#include <string>

#include "http/http_handler.hpp"
#include "serving/file_handler.hpp"

namespace tglink {

struct Config;
class DavAccess;
class Log;
class Router;
class Store;
class StoreExecutor;

struct DavRouteDeps {
  const Config& config;
  const DavAccess& access;
  Store& store;  // read on store_work only
  StoreExecutor& store_work;
  FileRouteDeps files;  // what /dl serves with (its revoked links and clock too)
  std::string assets;   // the player's asset prefix (PlayerPage::asset_base), for the index
};

// Adds the "/dav/" route; `deps` is copied, and what it refers to must outlive the router.
void add_dav_routes(Router& router, const DavRouteDeps& deps);

}  // namespace tglink
