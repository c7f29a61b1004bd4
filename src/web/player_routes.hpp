#pragma once
// Puts the player page (player_page.hpp) on the router: /player and /player/assets/.

#include "http/router.hpp"
#include "web/player_page.hpp"

namespace tglink {

class ThumbnailSource;

// `page` must outlive the router. With `files` (the bots' view of the log channel), the
// page shows the file's size and its poster (/thumb/, web/thumbnail_route.hpp) when Telegram
// made one; without, or when the bot cannot look the file up, the page plays all the same.
void add_player_routes(Router& router, const PlayerPage& page, ThumbnailSource* files = nullptr);

}  // namespace tglink
