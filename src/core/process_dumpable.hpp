#pragma once
// tglink is not dumpable: a process of the same user (an exploited ffmpeg child, whatever else
// runs as tglink) can't read its /proc/PID/environ (the bot token, DATABASE_URL's password) or
// /proc/PID/mem (the signing key), nor attach to it with ptrace, and no core file is written
// with those secrets in it. The kernel resets the flag at execve, so the children run dumpable
// again once they are ffmpeg (child_confinement.hpp says what holds them instead).
//
// LeakSanitizer's check at exit attaches to the threads with ptrace, which a non-dumpable
// process refuses; its StopTheWorld sets the flag back itself for the check (measured with
// Debian 12's GCC 12 libasan: a leak in a non-dumpable program is still reported), so the test
// build keeps its leak check without help (ConverterConfinement.TglinkIsNotDumpable...).

namespace tglink {

// PR_SET_DUMPABLE 0; call first in main. False when the kernel refused (nothing else changes).
bool stop_being_dumpable() noexcept;

}  // namespace tglink
