// The four functions of libtdjson, the only symbols this library exports. They forward to the
// process-wide Simulator, or with TGLINK_SIM_WORLD to the shared world's server (world_proxy.*).

#include <string>

#include "sim/simulator.hpp"
#include "sim/world_proxy.hpp"

#define TGLINK_SIM_EXPORT extern "C" __attribute__((visibility("default")))

using tglink::sim::Simulator;
using tglink::sim::WorldProxy;

TGLINK_SIM_EXPORT int td_create_client_id() {
  if (WorldProxy* world = WorldProxy::instance()) return world->create_client();
  return Simulator::instance().create_client();
}

TGLINK_SIM_EXPORT void td_send(int client_id, const char* request) {
  const std::string_view text = request == nullptr ? "" : request;
  if (WorldProxy* world = WorldProxy::instance()) return world->send(client_id, text);
  Simulator::instance().send(client_id, text);
}

// The answer stays valid until the next td_receive call, as with the real library (which is
// called from one thread only).
TGLINK_SIM_EXPORT const char* td_receive(double timeout) {
  static std::string last;  // owned by the single receiving thread
  std::optional<std::string> message;
  if (WorldProxy* world = WorldProxy::instance()) {
    message = world->receive(timeout);
  } else if (std::optional<tglink::sim::Output> output = Simulator::instance().receive(timeout)) {
    message = std::move(output->text);
  }
  if (!message) return nullptr;
  last = std::move(*message);
  return last.c_str();
}

// The answer stays valid until the next td_execute call on the same thread.
TGLINK_SIM_EXPORT const char* td_execute(const char* request) {
  thread_local std::string last;
  const std::string_view text = request == nullptr ? "" : request;
  if (WorldProxy* world = WorldProxy::instance()) {
    last = world->execute(text);
  } else {
    last = Simulator::instance().execute(text);
  }
  return last.c_str();
}
