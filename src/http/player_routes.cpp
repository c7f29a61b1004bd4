#include "http/player_routes.hpp"

namespace tglink {

void add_player_routes(Router& router, const PlayerPage& page) {
  router.add_exact("/player", [&page](const HttpRequest& request, ResponseChannel& out) {
    return out.send(page.page(request));
  });
  router.add_prefix("/player/assets/", [&page](const HttpRequest& request, ResponseChannel& out) {
    return out.send(page.asset(request));
  });
}

}  // namespace tglink
