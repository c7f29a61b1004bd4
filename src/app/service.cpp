#include "app/service.hpp"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "app/dashboard_feed.hpp"
#include "app/database_wait.hpp"
#include "app/database_work.hpp"
#include "app/demo.hpp"
#include "app/open_store.hpp"
#include "app/revocation_watch.hpp"
#include "chat/chat_service.hpp"
#include "chat/commands/broadcast_jobs.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/message_relay.hpp"
#include "cluster/leadership.hpp"
#include "config/config_warnings.hpp"
#include "core/clock.hpp"
#include "core/disk_usage.hpp"
#include "core/private_files.hpp"
#include "core/process_memory.hpp"
#include "dashboard/dashboard_access.hpp"
#include "dashboard/minute_meter.hpp"
#include "dav/dav_access.hpp"
#include "dav/dav_routes.hpp"
#include "http/api_info.hpp"
#include "http/http_server.hpp"
#include "http/internal_request.hpp"
#include "http/rate_limiter.hpp"
#include "http/request_guard.hpp"
#include "http/request_meter.hpp"
#include "http/router.hpp"
#include "links/link_token.hpp"
#include "links/secret_key.hpp"
#include "logging/log.hpp"
#include "media/joined_file_streamer.hpp"
#include "media/telegram_file_streamer.hpp"
#include "media/thumbnail_source.hpp"
#include "metrics/metric_registry.hpp"
#include "metrics/metrics_endpoint.hpp"
#include "metrics/service_metrics.hpp"
#include "ops/maintenance_jobs.hpp"
#include "ops/open_file_limit.hpp"
#include "ops/periodic_jobs.hpp"
#include "ops/uptime.hpp"
#include "playback/child_process.hpp"
#include "playback/session_token.hpp"
#include "selftest/self_test_answer.hpp"
#include "selftest/self_test_nonce_file.hpp"
#include "selftest/self_test_route.hpp"
#include "selftest/self_test_watch.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "serving/file_handler.hpp"
#include "serving/link_traffic.hpp"
#include "serving/playback_routes.hpp"
#include "serving/playback_service.hpp"
#include "serving/sidecar_subtitles.hpp"
#include "store/postgres_revocation_listener.hpp"
#include "telegram/bot_pool.hpp"
#include "telegram/bot_session.hpp"
#include "telegram/channel_access_check.hpp"
#include "telegram/reachability_watch.hpp"
#include "telegram/td_json_library.hpp"
#include "web/batch_page.hpp"
#include "web/dashboard_routes.hpp"
#include "web/player_page.hpp"
#include "web/player_routes.hpp"
#include "web/thumbnail_route.hpp"

namespace tglink {

namespace asio = boost::asio;
using namespace std::chrono_literals;

namespace {
// How long a dashboard session lasts once its link is opened: a working day.
constexpr std::chrono::seconds kDashboardSession = 8h;
}  // namespace

struct Service::Impl {
  Impl(const Config& config_in, Log& log_in, ServiceOptions options_in)
      : config(config_in), log(log_in), options(std::move(options_in)) {}

  const Config& config;
  Log& log;
  ServiceOptions options;
  SystemClock clock;
  Uptime uptime{clock};
  asio::io_context io{1};
  std::unique_ptr<Store> store;            // SQLite in DATA_DIR, or PostgreSQL (DATABASE_URL)
  std::unique_ptr<Leadership> leadership;  // whether this node holds the leader lease
  std::unique_ptr<LinkTokenCodec> links;   // signs and checks every link id
  std::shared_ptr<TdJsonLibrary> library;
  std::unique_ptr<BotPool> bots;
  std::unique_ptr<TelegramFileStreamer> streamer;  // locates files and sends their bytes
  std::unique_ptr<JoinedFileStreamer> files;       // the same, and split files joined as one
  std::unique_ptr<BandwidthMeter> bandwidth;       // bytes sent this month, flushed every 5 s
  std::unique_ptr<LinkTrafficMeter> traffic;       // each link's downloads and bytes, likewise
  ActiveStreams streams{clock};                    // bodies being sent now
  PeriodicJobs jobs{clock, log};                   // sweeps and clean-ups (ops/)
  // Before the database work, whose queued jobs may still add to it while it is joined.
  std::unique_ptr<RevocationWatch> revocations;  // revoked links in memory, kept current
  // After what its jobs use, so it is joined before that goes.
  std::unique_ptr<DatabaseWork> database;  // the database work kept off the I/O thread
  RateLimiter limiter{clock, RateLimitSettings{.per_minute = config.rate_limit_per_minute,
                                               .burst = config.rate_limit_burst}};
  std::unique_ptr<PlayerPage> player;           // the built-in /player page
  std::unique_ptr<ThumbnailSource> thumbnails;  // posters (/thumb/) and the player's file facts
  std::unique_ptr<BatchPage> batch_page;        // /b/{token}: one link for many files
  std::unique_ptr<DavAccess> dav_access;        // who opens which WebDAV folder (/dav/)
  // The player's conversions (docs/playback.md): ffmpeg reads its source with a capability of
  // `grants` made for that one run; sessions sign the /hls URLs; `playback` probes files and
  // runs the jobs.
  SourceGrants grants;
  std::unique_ptr<SessionTokenCodec> sessions;
  std::unique_ptr<SidecarSubtitles> sidecars;  // subtitles sent beside a video
  std::unique_ptr<PlaybackService> playback;
  metrics::Registry registry;  // what /metrics shows
  std::unique_ptr<metrics::ServiceMetrics> metrics;
  // The operator's dashboard (/dashboard in chat, /admin/ on the web): who may open it, what it
  // shows, the per-minute traffic every request adds to, and a rate limit of its own.
  std::unique_ptr<DashboardAccess> dashboard_access;
  std::unique_ptr<DashboardFeed> dashboard;
  std::unique_ptr<MinuteMeter> minute_meter;
  RateLimiter dashboard_limiter{clock, RateLimitSettings{.per_minute = 120, .burst = 60}};
  std::unique_ptr<DashboardRoutes> dashboard_routes;
  Router router;
  std::unique_ptr<HttpServer> server;
  Router metrics_router;                            // the METRICS_ADDRESS listener's only route
  std::unique_ptr<HttpServer> metrics_server;       // METRICS_ADDRESS, when set
  std::unique_ptr<ReachabilityWatch> reachability;  // bots that cannot reach Telegram
  std::unique_ptr<SelfTestWatch> self_test;         // do links on BASE_URL reach this process?
  asio::signal_set signals{io, SIGINT, SIGTERM};
  std::vector<bool> channel_checked;
  bool main_bot_ready = false;  // logged in, connected, getMe answered
  std::int64_t chat_term = 0;   // the lease term under which the chat side last took over
  std::unique_ptr<Broadcaster> broadcaster;  // /broadcast jobs, resumed at start
  std::unique_ptr<ChatService> chat;         // answers users through the main bot
  // Several nodes: users' messages this node's session gets while it follows go to the leader,
  // and those other nodes got come in here while it leads (docs/scaling.md).
  std::unique_ptr<MessageRelay> relay;
  std::unique_ptr<RelayedMessages> relayed;
  bool draining_relayed = false;  // one drain at a time
  // Last, so it is stopped and joined before anything it talks to goes away.
  std::unique_ptr<Demo> demo;  // `tglink demo`: the simulated user

  int run() {
    // sendfile() to a client that has gone raises SIGPIPE, whose default action ends the
    // process; the failed write is handled as an error instead.
    std::signal(SIGPIPE, SIG_IGN);
    open_store();
    leadership = std::make_unique<Leadership>(open_leader_lease(config), log, clock);
    leadership->on_change([this](bool leading, std::int64_t term) {
      // Renewals run on the lease's worker; the chat side lives on the I/O thread.
      if (leading) asio::post(io, [this, term] { on_leading(term); });
    });
    renew_lease();
    make_meters();
    load_link_key();
    library = TdJsonLibrary::load(config.tdjson_path);
    log.info("TDLib library: {}", library->path().string());
    bots = std::make_unique<BotPool>(io.get_executor(), config, log, library);
    streamer = std::make_unique<TelegramFileStreamer>(io.get_executor(), config, log, *bots, clock);
    files = std::make_unique<JoinedFileStreamer>(*streamer, joined_parts_lookup());
    channel_checked.assign(bots->size(), false);
    reachability = std::make_unique<ReachabilityWatch>(bots->size(), clock.steady_now());
    make_self_test();
    make_metrics();
    make_dashboard();
    bots->subscribe_state([this](const BotSession& bot) { on_bot_state(bot); });
    if (config.uses_postgres()) start_relay();  // before the login: no message slips past
    add_routes();
    start_http();
    start_metrics_listener();
    start_jobs();
    bots->start();
    signals.async_wait([this](const boost::system::error_code& ec, int signal) {
      if (!ec) asio::co_spawn(io, shut_down(signal), asio::detached);
    });
    io.run();
    return 0;
  }

  void open_store() {
    create_private_directory(config.data_dir);  // TDLib and the link key live here too
    const auto sleep = [](std::chrono::seconds pause) { std::this_thread::sleep_for(pause); };
    OpenedStore opened =
        open_store_waiting([this] { return tglink::open_store(config); },
                           DatabaseWait{.total = config.database_wait}, clock, sleep, log);
    store = std::move(opened.store);
    log.info("Store: {} ({} users)", opened.description, store->count_users());
    database = std::make_unique<DatabaseWork>(config, *store, log);
    revocations = std::make_unique<RevocationWatch>(config, *store, *database, log);
  }

  // Which link names a split file joined into one (chat/uploads/split_upload.hpp), asked of the
  // store on its executor.
  JoinedPartsLookup joined_parts_lookup() {
    return [this](std::int64_t message_id) -> asio::awaitable<std::optional<JoinedParts>> {
      const std::optional<SplitFile> joined = co_await database->store_work().run(
          [this, message_id] { return database->store().find_joined_file(message_id); });
      if (!joined) co_return std::nullopt;
      JoinedParts parts{joined->name, {}};
      for (const SplitPart& part : joined->parts) parts.message_ids.push_back(part.message_id);
      co_return parts;
    };
  }

  // Counted on the I/O thread, stored on the store executor.
  void make_meters() {
    bandwidth = std::make_unique<BandwidthMeter>(database->store(), clock, bandwidth_limit_bytes());
    traffic = std::make_unique<LinkTrafficMeter>(database->store(), &clock);
    if (database->store_work().mode() == StoreExecutor::Mode::kWorker) {
      bandwidth->on_batch_full([this] {
        database->store_work().post_job("bandwidth flush", [this] { bandwidth->flush(); });
      });
    }
  }

  // The nonce goes to DATA_DIR too, for `check-config --online` run beside this process.
  void make_self_test() {
    self_test = std::make_unique<SelfTestWatch>(config.base_url, make_self_test_nonce(), log);
    write_self_test_nonce(config.data_dir, self_test->nonce());
  }

  // Counters are kept whether or not /metrics is served: they cost a map update each.
  void make_metrics() {
    std::vector<std::string> bot_ids;
    for (std::size_t i = 0; i < bots->size(); ++i) {
      bot_ids.push_back(std::to_string(bots->bot(i).bot_id()));
    }
    metrics::ServiceFigures figures;
    figures.active_streams = [this] { return static_cast<double>(streams.count()); };
    // The server is made after the metrics; a scrape before it exists reads 0.
    figures.http_connections = [this] {
      return server ? static_cast<double>(server->open_connections()) : 0.0;
    };
    figures.http_bodies_waiting = [this] {
      return server ? static_cast<double>(server->bodies_waiting()) : 0.0;
    };
    figures.cache_disk_bytes = [this] { return static_cast<double>(streamer->cached_bytes()); };
    figures.cache_limit_bytes = [this] { return config.cache_max_gb * 1024 * 1024 * 1024; };
    figures.bandwidth_used_bytes = [this] { return static_cast<double>(bandwidth->used_bytes()); };
    figures.bandwidth_limit_bytes = [this] {
      return static_cast<double>(bandwidth->limit_bytes());
    };
    figures.conversions = [this] {
      if (!playback) return metrics::ConversionFigure{};
      const ConversionLoad load = playback->conversion_load();
      return metrics::ConversionFigure{
          static_cast<double>(load.running), static_cast<double>(load.queued),
          static_cast<double>(load.transcode_slots), static_cast<double>(load.remux_slots),
          static_cast<double>(load.runs_started)};
    };
    figures.bots = [this] {
      std::vector<metrics::BotFigure> out;
      for (std::size_t i = 0; i < bots->size(); ++i) {
        const BotSession& bot = bots->bot(i);
        out.push_back(metrics::BotFigure{std::to_string(bot.bot_id()), bot.connected()});
      }
      return out;
    };
    metrics = std::make_unique<metrics::ServiceMetrics>(registry, TGLINK_VERSION,
                                                        std::move(bot_ids), std::move(figures));
    streamer->set_observer(metrics.get());
    self_test->register_metrics(registry);
    bots->watch_messages([this](std::size_t bot, const boost::json::object& message) {
      const std::optional<TdError> error = td_error(message);
      if (error && error->code == 429) metrics->flood_wait(bot);
    });
    if (!config.metrics_token.empty()) log.add_secret(config.metrics_token);
  }

  // After the link key (the dashboard's keys derive from it) and the metrics (it reads them).
  void make_dashboard() {
    dashboard_access = std::make_unique<DashboardAccess>(
        *links, clock,
        DashboardAccessSettings{config.admins, config.dashboard_link_ttl, kDashboardSession});
    dashboard = std::make_unique<DashboardFeed>(DashboardSources{
        config, log, clock, uptime, database->store(), database->store_work(), *bots, *streamer,
        streams, *bandwidth, *self_test, *metrics,
        [this]() -> const PlaybackService* { return playback.get(); },
        [this] { return server ? server->open_connections() : std::size_t{0}; },
        [this] { return leadership->node_id(); }, [this] { return leadership->leading(); }});
    dashboard->load_history();
    minute_meter = std::make_unique<MinuteMeter>(dashboard->ring(), *metrics, clock);
  }

  void load_link_key() {
    const SecretKey key = load_secret_key(config.secret_key, config.data_dir);
    log.info("Link key: {}{}", key.origin, key.created ? " (new)" : "");
    links = std::make_unique<LinkTokenCodec>(key.bytes);
  }

  void add_routes() {
    router.add_exact("/api/info", [this](const HttpRequest&, ResponseChannel& out) {
      return serve_api_info(out);
    });
    add_health_route(router);
    player = std::make_unique<PlayerPage>(config, *links, clock);
    thumbnails = std::make_unique<ThumbnailSource>(std::make_unique<BotPoolRoster>(*bots),
                                                   config.log_channel);
    add_player_routes(router, *player, files.get(), thumbnails.get());
    add_thumbnail_route(
        router, ThumbnailRouteDeps{*links, revocations->revoked(), *thumbnails, clock, log});
    batch_page =
        std::make_unique<BatchPage>(config, *links, database->store(), clock, *player, log);
    add_batch_routes(router, *batch_page, database->store_work());
    const FileRouteDeps file_deps{
        *links, revocations->revoked(), *files, *bandwidth, streams, clock,
        log,    traffic.get(),          &grants};
    add_file_routes(router, file_deps);
    dav_access = std::make_unique<DavAccess>(config, *links, clock);
    add_dav_routes(router, DavRouteDeps{config, *dav_access, database->store(),
                                        database->store_work(), file_deps, player->asset_base()});
    add_playback();
    dashboard_routes = std::make_unique<DashboardRoutes>(DashboardRouteDeps{
        *dashboard_access, database->store(), database->store_work(), dashboard_limiter,
        player->asset_base(), config.base_url.starts_with("https://"),
        [this] { return dashboard->data(); }});
    dashboard_routes->add_to(router);
    if (!config.metrics_token.empty()) {
      router.add_exact("/metrics", metrics_handler(registry, config.metrics_token));
    }
  }

  void add_playback() {
    sessions = std::make_unique<SessionTokenCodec>(links->derived_key("playback session"));
    playback = std::make_unique<PlaybackService>(
        io.get_executor(), playback_settings_from(config), database->store(),
        database->store_work(), grants, std::make_unique<PosixProcessRunner>(), clock, log);
    playback->start();
    sidecars = std::make_unique<SidecarSubtitles>(database->store(), database->store_work());
    const LinkCheckDeps link_checks{*links, revocations->revoked(), *bandwidth, clock};
    add_playback_routes(router, PlaybackRouteDeps{link_checks, *files, *playback, *sessions,
                                                  streams, traffic.get(), nullptr, sidecars.get()});
    add_sidecar_subtitle_routes(router, SidecarRouteDeps{link_checks, *sidecars});
  }

  // METRICS_ADDRESS: a listener of its own that serves /metrics without a token.
  void start_metrics_listener() {
    if (!config.metrics_listener_enabled()) return;
    metrics_router.add_exact("/metrics", metrics_handler(registry, std::nullopt));
    HttpServerOptions options;
    options.bind_address = config.metrics_host;
    options.port = config.metrics_port;
    options.max_connections = 16;  // a few scrapers, never the public
    metrics_server = std::make_unique<HttpServer>(
        io, options,
        [this](const HttpRequest& r, ResponseChannel& c) { return metrics_router.dispatch(r, c); },
        log);
    metrics_server->start();
    log.info("Metrics on http://{}:{}/metrics", config.metrics_host, metrics_server->port());
  }

  [[nodiscard]] std::int64_t bandwidth_limit_bytes() const {
    return static_cast<std::int64_t>(config.bandwidth_limit_gb * kBytesPerGb);
  }

  void start_jobs() {
    TelegramFileStreamer& media = *streamer;
    add_maintenance_jobs(
        jobs, MaintenanceTargets{database->store(), database->store_work(), *bandwidth, streams,
                                 limiter, [&media] { media.trim(); }, clock, log});
    jobs.add(PeriodicJob{
        "leader lease", kLeaseRenewEvery, [this] {
          database->lease_work().post_job("leader lease", [this] { leadership->renew(); });
          database->store_work().post_job("heartbeat", [this] { record_heartbeat(); });
        }});
    jobs.add(PeriodicJob{"dashboard save", DashboardFeed::kSaveEvery, [this] {
                           dashboard->save();
                           dashboard_limiter.sweep();  // forget clients whose bucket is full
                         }});
    jobs.add(PeriodicJob{"revocation refresh", kRevocationRefreshEvery,
                         [this] { revocations->refresh_if_unheard(); }});
    jobs.add(PeriodicJob{"link traffic flush", kBandwidthFlushEvery, [this] {
                           database->store_work().post_job("link traffic flush",
                                                           [this] { traffic->flush(); });
                         }});
    if (!config.tdlib_network_none) {  // offline on purpose: nothing to warn about
      jobs.add(PeriodicJob{"Telegram reachability", 5s, [this] { warn_unreached_bots(); }});
    }
    jobs.start(io);
  }

  // Renews the lease and records this node's heartbeat for the admin's /stats.
  void renew_lease() {
    leadership->renew();
    record_heartbeat();
  }

  void record_heartbeat() {
    const std::int64_t now_unix =
        std::chrono::duration_cast<std::chrono::seconds>(clock.now().time_since_epoch()).count();
    try {
      database->store().record_node(
          NodeRecord{leadership->node_id(), now_unix, leadership->leading()});
    } catch (const StoreError& e) {
      log.warning("Could not record this node's heartbeat: {}", e.what());
    }
  }

  // The lease was won (or its term changed): the chat side starts here, or takes over again
  // what another node did meanwhile.
  void on_leading(std::int64_t term) {
    if (!chat) {
      if (main_bot_ready) start_chat();  // else once the main bot is ready
      return;
    }
    if (term != chat_term) {
      chat_term = term;
      chat->take_over();
    }
  }

  // At shutdown, after the last body: the bytes counted since the last periodic flush.
  void flush_bandwidth() {
    try {
      bandwidth->flush();
    } catch (const StoreError& e) {
      log.error("Could not save the bandwidth counter: {}", e.what());
    }
    try {
      traffic->flush();
    } catch (const StoreError& e) {
      log.error("Could not save the links' download counts: {}", e.what());
    }
  }

  // MAX_CONNECTIONS, or as many as the open-file limit (raised to its hard limit) allows.
  std::size_t max_connections() {
    const OpenFileLimit files = raise_open_file_limit();
    const std::size_t fitting = connections_for_descriptors(files.soft);
    if (config.max_connections <= 0) {
      log.info("MAX_CONNECTIONS: {} (open-file limit {})", fitting, files.soft);
      return fitting;
    }
    const auto wanted = static_cast<std::size_t>(config.max_connections);
    if (wanted > fitting) {
      log.warning(
          "MAX_CONNECTIONS={} is more than the open-file limit ({}) leaves room for ({}); "
          "busy downloads may fail to open their files",
          wanted, files.soft, fitting);
    }
    return wanted;
  }

  void start_http() {
    HttpServerOptions http_options;
    http_options.bind_address = config.bind_address;
    http_options.port = config.port;
    http_options.write_timeout = config.write_timeout;
    http_options.max_connections = max_connections();
    RequestGuard guard{limiter, config.trusted_proxies,
                       with_self_test([this](const HttpRequest& r,
                                             ResponseChannel& c) { return router.dispatch(r, c); },
                                      self_test->nonce()),
                       &grants};
    HttpHandler counted = metered_handler(
        std::move(guard), [this](const HttpRequest& r) { return router.route_name(r.path()); },
        *minute_meter);
    server = std::make_unique<HttpServer>(io, http_options, std::move(counted), log);
    server->start();
    log.info("HTTP server on {}:{}; links start with {}", config.bind_address, server->port(),
             config.base_url);
    const ConfigMode mode = options.demo ? ConfigMode::Demo : ConfigMode::Bot;
    for (const std::string& warning : config_warnings(config, mode)) log.warning("{}", warning);
    asio::co_spawn(io, self_test->run(clock, config.self_test_interval), asio::detached);
  }

  void warn_unreached_bots() {
    const std::string proxy =
        config.telegram_proxy ? redacted_proxy_url(*config.telegram_proxy) : std::string();
    for (const UnreachedBot& late : reachability->overdue(clock.steady_now())) {
      const BotSession& bot = bots->bot(late.index);
      log.warning("{}", unreached_warning(bot.label(), late, ReachabilityWatch::kGrace,
                                          to_string(bot.connection()), proxy));
    }
  }

  void on_bot_state(const BotSession& bot) {
    log.info("{}: login {}, connection {}", bot.label(), to_string(bot.auth_state()),
             to_string(bot.connection()));
    const bool reached =
        bot.connection() == ConnectionState::ready || bot.connection() == ConnectionState::updating;
    reachability->update(bot.index(), reached, clock.steady_now());
    // Wait for getMe, so the check's messages can name the bot by its username.
    if (!bot.connected() || !bot.me() || channel_checked[bot.index()]) return;
    channel_checked[bot.index()] = true;
    if (bot.index() == 0) main_bot_ready = true;
    if (bot.index() == 0 && !chat && leadership->leading()) start_chat();
    if (bot.index() == 0 && options.demo && !demo) start_demo();
    asio::co_spawn(io, check_channels(bot.index()), asio::detached);
  }

  // Users are answered from the first time the main bot is logged in and connected while this
  // node leads; only the leader runs the chat side (docs/scaling.md).
  // Its store calls run on a store executor of its own, as the HTTP side's run on theirs
  // (app/database_work.hpp).
  void start_chat() {
    ChatContext context{
        config,           log, database->chat_store(), clock, *links, bots->main_bot().client(),
        io.get_executor()};
    context.store_work = &database->chat_work();
    context.status = [this] { return chat_status(); };
    context.leading = [this] { return leadership->leading(); };
    if (relay) context.pass_on = [this](const boost::json::object& u) { relay->relay(u); };
    chat_term = leadership->term();
    BroadcastOptions broadcast;
    broadcast.messages_per_second = config.broadcast_messages_per_second;
    broadcast.bot_connected = [this] { return bots->main_bot().connected(); };
    context.events = metrics.get();
    context.dashboard = dashboard_access.get();
    broadcaster = std::make_unique<Broadcaster>(context, std::move(broadcast));
    context.broadcaster = broadcaster.get();
    chat = std::make_unique<ChatService>(std::move(context), default_commands());
    chat->start();
    broadcaster->resume();
  }

  // Only with several nodes: a single node's session receives every update itself.
  void start_relay() {
    TelegramClient& client = bots->main_bot().client();
    relay = std::make_unique<MessageRelay>(client, database->store(), database->store_work(),
                                           io.get_executor(), log, clock,
                                           [this] { return chat != nullptr; });
    relayed =
        std::make_unique<RelayedMessages>(client, database->store(), database->store_work(), log,
                                          clock, [this](const boost::json::object& update) {
                                            if (chat) chat->receive_relayed(update);
                                          });
    jobs.add(PeriodicJob{"relayed messages", kRelayDrainEvery, [this] { drain_relayed(); }});
  }

  void drain_relayed() {
    if (!chat || draining_relayed || !leadership->leading()) return;
    draining_relayed = true;
    asio::co_spawn(io, relayed->drain(),
                   [this](const std::exception_ptr&) { draining_relayed = false; });
  }

  // Runs on a thread of its own: the simulator's control client blocks.
  void start_demo() {
    const char* socket = std::getenv("TGLINK_SIM_SOCKET");
    DemoOptions demo_options{config.data_dir, socket != nullptr ? socket : "", options.demo_files};
    demo = std::make_unique<Demo>(std::move(demo_options), std::cout);
    demo->start();
  }

  // The figures /info and the admin /stats show.
  ServiceStatus chat_status() {
    ServiceStatus s;
    s.version = TGLINK_VERSION;
    s.uptime = uptime.elapsed();
    s.bandwidth_used_bytes = bandwidth->used_bytes();
    s.bandwidth_limit_bytes = bandwidth->limit_bytes();
    s.bandwidth_month = bandwidth->month();
    s.active_streams = static_cast<std::int64_t>(streams.count());
    s.bots_connected = bots->connected_count();
    s.bots_total = bots->size();
    s.cache_bytes = directory_bytes(config.data_dir / "tdlib");
    s.memory = read_process_memory();
    s.links_self_test = short_status(self_test->last());
    return s;
  }

  asio::awaitable<void> check_channels(std::size_t index) {
    BotSession& bot = bots->bot(index);
    co_await check_channel_access(bot, config.log_channel, "LOG_CHANNEL", log);
    if (index != 0) co_return;  // only the main bot talks to users
    for (const std::int64_t channel : config.force_sub_channels) {
      co_await check_channel_access(bot, channel, "FORCE_SUB_CHANNELS", log);
    }
  }

  StatusSnapshot snapshot() {
    StatusSnapshot s;
    const BotSession& main = bots->main_bot();
    s.bot_connected = main.connected() && main.me().has_value();
    if (!s.bot_connected) {
      s.disconnected_reason = "Bot is not connected to Telegram (login " +
                              std::string(to_string(main.auth_state())) + ", connection " +
                              std::string(to_string(main.connection())) + ")";
    }
    if (main.me()) s.bot = BotIdentity{main.me()->id, main.me()->username, main.me()->first_name};
    s.now = clock.now();
    s.uptime = uptime.elapsed();
    s.node = NodeStatus{leadership->node_id(), leadership->leading()};
    s.active_streams = static_cast<std::int64_t>(streams.count());
    if (playback) {
      s.player_conversion = playback->conversion_summary();
      s.player_confinement = confinement_in_force(playback->settings().confinement);
    }
    return s;
  }

  // /api/info: the store's figures are read on the store executor (load balancers poll it).
  asio::awaitable<void> serve_api_info(ResponseChannel& out) {
    StatusSnapshot s = snapshot();
    co_await database->store_work().run([this, &s] { fill_store_figures(s); });
    co_await out.send(api_info_response(config, s));
  }

  void fill_store_figures(StatusSnapshot& s) {
    s.bandwidth.month = bandwidth->month();
    try {
      s.total_users = database->store().count_users();
      s.bandwidth.used_bytes = bandwidth->used_bytes();
    } catch (const StoreError& e) {
      s.bandwidth.readable = false;
      s.bandwidth.error = e.what();
    }
  }

  asio::awaitable<void> shut_down(int signal) {
    log.info("Signal {}: draining HTTP connections and closing TDLib clients", signal);
    if (demo) demo->stop();
    // Broadcasts wait on the main bot's client: they stop while it is still open.
    if (broadcaster) co_await broadcaster->stop(2s);
    if (playback) playback->stop();  // every ffmpeg killed and reaped
    co_await server->drain(3s);
    if (metrics_server) co_await metrics_server->drain(1s);
    jobs.stop();
    dashboard->save();  // the last minutes, before the store work is joined
    co_await database->store_work().run([this] { flush_bandwidth(); });
    const bool closed = co_await bots->async_close(3s);
    if (!closed) log.warning("Some TDLib clients did not close in time");
    // The chat side has stopped: another node may take it at once.
    co_await database->lease_work().run([this] { leadership->release(); });
    // /stats shows this node as no longer leading.
    co_await database->store_work().run([this] { record_heartbeat(); });
    log.info("Stopped");
    io.stop();
  }
};

Service::Service(const Config& config, Log& log, ServiceOptions options)
    : impl_(std::make_unique<Impl>(config, log, std::move(options))) {}

Service::~Service() = default;

int Service::run() { return impl_->run(); }

}  // namespace tglink
