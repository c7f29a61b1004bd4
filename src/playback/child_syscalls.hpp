#pragma once
// The system calls an ffmpeg or ffprobe child may make: a seccomp-bpf filter, installed last
// before execve, on every kernel (Landlock's file and network rules need newer ones).
//
// The table (child_syscalls.cpp) is what ffmpeg 5.1 and ffprobe really call, measured, not
// guessed: `strace -f -qq -e trace=all` over the runs tglink makes (ffprobe, remux and
// transcode to fMP4 HLS, WebVTT and ASS subtitles, font dumps), read over HTTP from loopback,
// on H.264/AAC MP4, HEVC MP4, MPEG-4/MP3 AVI, VP9/Opus WebM and an MKV with SRT, ASS and an
// attached font; scripts/trace-child-syscalls.sh repeats it over the playback and hostile-media
// end-to-end tests. Every call seen is in the table, with the arguments it was seen with where
// the filter can check them. A few calls not seen are allowed too, each with its reason
// (glibc's other forms of the same call, sleeping between reconnects). The tests run the real
// ffmpeg under the filter: a call missing from the table fails them.
//
// Anything else fails with EPERM, not a kill: a call missing from the table shows up as a
// conversion that fails in the tests, never as a crash with a half-written segment. The
// refusals that matter for an exploited decoder:
//  - socket() only AF_INET/AF_INET6 with SOCK_STREAM: no UDP, no Unix socket, no netlink;
//  - no new process (clone only with CLONE_THREAD, no namespace flag; clone3, whose flags the
//    filter cannot read, answers ENOSYS so that glibc falls back to clone);
//  - kill and tgkill only at the child itself: the filter is built in the parent with a
//    placeholder where the child's pid goes, and the forked child writes its own pid into its
//    copy before installing it (own_pid_slots);
//  - no ptrace, process_vm_readv/writev, bpf, mount, keyctl, io_uring, perf_event_open,
//    userfaultfd, unshare, setns, kexec, module loading, execveat (execve is needed for the
//    exec itself; Landlock says which programs it may start);
//  - prctl, ioctl and prlimit64 only with the arguments seen (no limit can be raised).
// Other architectures than x86_64 are refused: the table holds x86_64's calls, and a 32-bit
// call from a 64-bit process (int 0x80, x32) kills the process (the thread where the kernel's
// action cannot be asked for).
//
// libseccomp allocates, so the program is built in the parent (build_child_syscall_filter) and
// the child only copies a number into it and makes one prctl call.

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <linux/filter.h>

namespace tglink {

// One allowed call of the table, and why ffmpeg makes it.
struct AllowedSyscall {
  std::string_view name;
  std::string_view why;
};

// The calls allowed whatever their arguments (those with argument checks are in the .cpp).
[[nodiscard]] const std::vector<AllowedSyscall>& unconditional_child_syscalls();

class ChildSyscallFilter {
 public:
  ChildSyscallFilter(std::vector<sock_filter> program, std::vector<std::size_t> own_pid_slots)
      : program_(std::move(program)), own_pid_slots_(std::move(own_pid_slots)) {}

  [[nodiscard]] const std::vector<sock_filter>& program() const { return program_; }
  // The instructions whose constant is the child's own pid (written in by the child).
  [[nodiscard]] const std::vector<std::size_t>& own_pid_slots() const { return own_pid_slots_; }

 private:
  std::vector<sock_filter> program_;
  std::vector<std::size_t> own_pid_slots_;
};

// The filter, or nullopt with `error` set (not x86_64, libseccomp failed).
[[nodiscard]] std::optional<ChildSyscallFilter> build_child_syscall_filter(std::string& error);

// Whether this kernel takes a seccomp filter (and a parent's filter, such as systemd's, lets
// us add one).
[[nodiscard]] bool seccomp_available();

// In the forked child only (async-signal-safe): writes `self` into the program's own-pid slots
// and installs it. `program` is the child's own copy. False with errno set when it fails.
[[nodiscard]] bool install_syscall_filter(sock_filter* program, std::size_t length,
                                          const std::size_t* own_pid_slots, std::size_t slots,
                                          int self) noexcept;

}  // namespace tglink
