// The four functions of libtdjson, the only symbols this library exports. They forward to the
// process-wide Simulator.

#include <string>

#include "sim/simulator.hpp"

#define TGLINK_SIM_EXPORT extern "C" __attribute__((visibility("default")))

TGLINK_SIM_EXPORT int td_create_client_id() {
  return tglink::sim::Simulator::instance().create_client();
}

TGLINK_SIM_EXPORT void td_send(int client_id, const char* request) {
  tglink::sim::Simulator::instance().send(client_id, request == nullptr ? "" : request);
}

// The answer stays valid until the next td_receive call, as with the real library (which is
// called from one thread only).
TGLINK_SIM_EXPORT const char* td_receive(double timeout) {
  static std::string last;  // owned by the single receiving thread
  std::optional<std::string> message = tglink::sim::Simulator::instance().receive(timeout);
  if (!message) return nullptr;
  last = std::move(*message);
  return last.c_str();
}

// The answer stays valid until the next td_execute call on the same thread.
TGLINK_SIM_EXPORT const char* td_execute(const char* request) {
  thread_local std::string last;
  last = tglink::sim::Simulator::instance().execute(request == nullptr ? "" : request);
  return last.c_str();
}
