#pragma once
// Puts the player page (player_page.hpp) on the router: /player and /player/assets/.

#include "http/player_page.hpp"
#include "http/router.hpp"

namespace tglink {

// `page` must outlive the router.
void add_player_routes(Router& router, const PlayerPage& page);

}  // namespace tglink
