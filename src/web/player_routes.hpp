#pragma once
// Puts the player page (player_page.hpp) on the router: /player and /player/assets/.

#include "http/router.hpp"
#include "web/player_page.hpp"

namespace tglink {

class FileStreamer;
class ThumbnailSource;

// `page` must outlive the router. With `files` (what /dl serves from), the page shows the file's
// name and size as a download gets them, a file sent in parts joined as one; with `posters` (the
// bots' view of the log channel), its poster (/thumb/, web/thumbnail_route.hpp) when Telegram made
// one. Without them, or when the bots cannot look the file up, the page plays all the same.
void add_player_routes(Router& router, const PlayerPage& page, FileStreamer* files = nullptr,
                       ThumbnailSource* posters = nullptr);

}  // namespace tglink
