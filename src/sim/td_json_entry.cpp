// The four functions of libtdjson, the only symbols this library exports. They forward to the
// process-wide Simulator, or with TGLINK_SIM_WORLD to the shared world's server (world_proxy.*).

#include <string>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

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

namespace {

// The answer of td_execute on the calling thread. Its storage is a block glibc allocates for this
// library's thread-locals when a thread first uses them, reachable only from the thread's own
// TLS, which the test build's LeakSanitizer does not scan (use_tls=0, scripts/run-tests.sh says
// why): so the block of a thread alive at exit, the main thread's at least, would be reported as
// a leak. LeakSanitizer does suppress it by name, but matching that name loads the debug
// information of every module of the process, a quarter to half a second of CPU at each exit
// (docs/development.md, "What keeps the tests short"). Marked as not a leak once per thread, it
// is never reported and nothing is symbolized.
std::string& execute_answer() {
  thread_local std::string answer;
#if defined(__SANITIZE_ADDRESS__)
  thread_local const bool marked = [] {
    __lsan_ignore_object(&answer);
    return true;
  }();
  static_cast<void>(marked);
#endif
  return answer;
}

}  // namespace

// The answer stays valid until the next td_execute call on the same thread.
TGLINK_SIM_EXPORT const char* td_execute(const char* request) {
  std::string& last = execute_answer();
  const std::string_view text = request == nullptr ? "" : request;
  if (WorldProxy* world = WorldProxy::instance()) {
    last = world->execute(text);
  } else {
    last = Simulator::instance().execute(text);
  }
  return last.c_str();
}
