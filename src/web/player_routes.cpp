#include "web/player_routes.hpp"

#include "core/human_size.hpp"
#include "media/thumbnail_source.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<PlayerFacts> facts_of(ThumbnailSource& files, std::int64_t message_id) {
  PlayerFacts facts;
  const LocateAnswer located = co_await files.describe(message_id);
  if (located.verdict != LocateVerdict::Found) co_return facts;
  facts.file_name = located.located.file.file_name;
  facts.size_text = format_size(located.located.file.size);
  facts.has_poster = located.located.thumbnail_file_id != 0;
  co_return facts;
}

boost::asio::awaitable<void> serve_player(const PlayerPage& page, ThumbnailSource* files,
                                          const HttpRequest& request, ResponseChannel& out) {
  PlayerFacts facts;
  const std::optional<std::int64_t> message_id = page.playable_message(request);
  if (files != nullptr && message_id) facts = co_await facts_of(*files, *message_id);
  HttpResponse response = page.page(request, facts);
  co_await out.send(std::move(response));
}

}  // namespace

void add_player_routes(Router& router, const PlayerPage& page, ThumbnailSource* files) {
  router.add_exact("/player", [&page, files](const HttpRequest& request, ResponseChannel& out) {
    return serve_player(page, files, request, out);
  });
  router.add_prefix("/player/assets/", [&page](const HttpRequest& request, ResponseChannel& out) {
    return out.send(page.asset(request));
  });
}

}  // namespace tglink
