#pragma once
// The running service: one io_context thread that owns every part (bots, HTTP server, store,
// periodic jobs), plus TDLib's receive thread that posts into it.
//
// Start-up order: store → TDLib library → bots → HTTP server. Shutdown on SIGTERM or SIGINT:
// stop accepting and drain HTTP (up to 3 s), close every TDLib client (up to 3 s), then return.

#include <memory>

#include "config/config.hpp"

namespace tglink {

class Log;

struct ServiceOptions {
  // The demo also acts as a user on the simulator once the bot is up.
  bool demo = false;
  std::vector<std::string> demo_files;
};

class Service {
 public:
  Service(const Config& config, Log& log, ServiceOptions options = {});
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  // Runs until a shutdown signal; returns the exit code. Throws std::runtime_error with a
  // message for people when a part cannot start (port taken, library missing, ...).
  int run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tglink
