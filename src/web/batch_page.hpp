#pragma once
// GET and HEAD of /b/{token}: a batch (chat/commands/batch_commands.cpp) as an HTML page listing
// every file with its download, stream and play links; as JSON with `Accept: application/json` (or
// ?format=json); as a plain URL list for download managers with ?format=urls (`aria2c -i`). And
// /b/{token}.m3u8: its videos and audio as a play queue (web/play_queue.hpp) for VLC and mpv.
//
// The batch token is checked first, with no Telegram call: 404 LINK_NOT_FOUND for a token not
// signed by us (a file token included), 410 LINK_EXPIRED, then the store: 404 LINK_NOT_FOUND
// for an unknown or unfinished batch, 404 LINK_REVOKED. Errors are JSON, as on /dl. Each file's
// links are signed afresh with the batch's expiry, so they stop working when the batch does; a
// file link an admin revoked on its own is refused by /dl as usual.
//
// The page has no script at all and a Content-Security-Policy that allows none, styles from
// this server only (the player's CSS), and no framing; every name is HTML-escaped.

#include <string>

#include "http/http_handler.hpp"
#include "http/http_request.hpp"
#include "http/http_response.hpp"
#include "links/batch_token.hpp"

namespace tglink {

struct Config;
class Clock;
class LinkTokenCodec;
class Log;
class PlayerPage;
class Router;
class Store;
class StoreExecutor;
struct BatchListing;
struct BatchRecord;

class BatchPage {
 public:
  // Everything must outlive the page.
  BatchPage(const Config& config, const LinkTokenCodec& links, Store& store, const Clock& clock,
            const PlayerPage& player, Log& log);

  [[nodiscard]] HttpResponse page(const HttpRequest& request) const;

 private:
  [[nodiscard]] HttpResponse checked_page(const HttpRequest& request) const;
  [[nodiscard]] BatchListing listing(const BatchRecord& batch) const;

  const Config& config_;
  const LinkTokenCodec& links_;
  BatchTokenCodec batches_;
  Store& store_;
  const Clock& clock_;
  const PlayerPage& player_;
  Log& log_;
};

// Adds the "/b/" prefix route; `page` and `store_work` must outlive the router. The page is
// built on `store_work` (store/store_executor.hpp): it reads the store, and everything it uses
// is read-only or thread-safe.
void add_batch_routes(Router& router, const BatchPage& page, StoreExecutor& store_work);

// The token in "/b/{token}[/anything]"; "" when there is none.
[[nodiscard]] std::string_view batch_route_token(std::string_view path);

}  // namespace tglink
