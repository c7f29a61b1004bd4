#include "core/process_dumpable.hpp"

#include <sys/prctl.h>

namespace tglink {

bool stop_being_dumpable() noexcept { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0; }

}  // namespace tglink
