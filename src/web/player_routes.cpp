#include "web/player_routes.hpp"

#include "core/human_size.hpp"
#include "media/file_streamer.hpp"
#include "media/thumbnail_source.hpp"

namespace tglink {

namespace {

struct PlayerSources {
  FileStreamer* files = nullptr;
  ThumbnailSource* posters = nullptr;
};

// The name and size a download of the link gets (a joined file's, not its first part's), and
// whether Telegram made a poster.
boost::asio::awaitable<PlayerFacts> facts_of(PlayerSources sources, std::int64_t message_id) {
  PlayerFacts facts;
  if (sources.files != nullptr) {
    const LocateResult located = co_await sources.files->locate(message_id);
    if (located.status != LocateStatus::Found) co_return facts;
    facts.file_name = located.file.file_name;
    facts.size_text = format_size(located.file.size);
  }
  if (sources.posters != nullptr) {
    const LocateAnswer described = co_await sources.posters->describe(message_id);
    facts.has_poster =
        described.verdict == LocateVerdict::Found && described.located.thumbnail_file_id != 0;
  }
  co_return facts;
}

boost::asio::awaitable<void> serve_player(const PlayerPage& page, PlayerSources sources,
                                          const HttpRequest& request, ResponseChannel& out) {
  PlayerFacts facts;
  const std::optional<std::int64_t> message_id = page.playable_message(request);
  if (message_id) facts = co_await facts_of(sources, *message_id);
  HttpResponse response = page.page(request, facts);
  co_await out.send(std::move(response));
}

}  // namespace

void add_player_routes(Router& router, const PlayerPage& page, FileStreamer* files,
                       ThumbnailSource* posters) {
  const PlayerSources sources{files, posters};
  router.add_exact("/player", [&page, sources](const HttpRequest& request, ResponseChannel& out) {
    return serve_player(page, sources, request, out);
  });
  router.add_prefix("/player/assets/", [&page](const HttpRequest& request, ResponseChannel& out) {
    return out.send(page.asset(request));
  });
}

}  // namespace tglink
