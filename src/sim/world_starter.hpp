#pragma once
// How a process finds its shared world: connect to the world server of the directory, or start
// one first. Starting is safe when several processes race: each takes <dir>/start.lock in turn
// and looks again before starting, and the server itself holds <dir>/world.lock for its life.
// The server is detached (its own session, no inherited descriptors but stdio) so that killing
// the process that started it leaves Telegram running.

#include <string>

#include "sim/world_protocol.hpp"

namespace tglink::sim {

// A connection to the world's TDLib socket; starts `server_binary` when nothing answers there.
// Throws std::runtime_error (with the end of <dir>/world.log) when no server comes up.
int connect_to_world(const WorldPaths& paths, const std::string& server_binary);

}  // namespace tglink::sim
