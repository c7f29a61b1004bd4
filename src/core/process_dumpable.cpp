#include "core/process_dumpable.hpp"

#include <cstdlib>

#include <sys/prctl.h>

#if defined(__SANITIZE_ADDRESS__)
#define TGLINK_LEAK_CHECK_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TGLINK_LEAK_CHECK_AT_EXIT 1
#endif
#endif

namespace tglink {

namespace {

#if defined(TGLINK_LEAK_CHECK_AT_EXIT)
void dumpable_for_leak_check() { prctl(PR_SET_DUMPABLE, 1, 0, 0, 0); }
#endif

}  // namespace

bool stop_being_dumpable() noexcept {
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return false;
#if defined(TGLINK_LEAK_CHECK_AT_EXIT)
  std::atexit(dumpable_for_leak_check);
#endif
  return true;
}

}  // namespace tglink
