#include "playback/child_syscalls.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>

#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

namespace tglink {

namespace {

// Stands for the child's pid in the program built before fork: above PID_MAX_LIMIT (2^22), so
// no real pid and no other constant of the filter (call numbers, flags) can equal it.
constexpr std::uint32_t kOwnPidPlaceholder = 0x7EADBE11;

// socket()'s type without the flags a caller may add; what remains must be SOCK_STREAM.
constexpr std::uint64_t kSocketTypeMask =
    0xFFFFFFFFu & ~static_cast<std::uint32_t>(SOCK_CLOEXEC | SOCK_NONBLOCK);
// clone() flags that would make a new process or namespace: only threads may be made.
constexpr std::uint64_t kCloneNamespaces = CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS |
                                           CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID |
                                           CLONE_NEWNET;

}  // namespace

const std::vector<AllowedSyscall>& unconditional_child_syscalls() {
  // Measured: every name below was seen in the trace (scripts/trace-child-syscalls.sh), except
  // those marked "not seen", which say why they are here all the same.
  static const std::vector<AllowedSyscall> table{
      // Starting the program: the dynamic loader maps ffmpeg's ~200 libraries.
      {"execve", "the exec this filter is installed for (Landlock says which programs)"},
      {"arch_prctl", "glibc's thread pointer at start"},
      {"set_tid_address", "glibc at start"},
      {"set_robust_list", "glibc at start and per thread"},
      {"rseq", "glibc at start and per thread"},
      {"prlimit64", "glibc reads RLIMIT_STACK (only reading: see the argument rule)"},
      {"getrlimit", "not seen; the older form of the read above"},
      {"brk", "malloc"},
      {"mmap", "the loader and malloc"},
      {"munmap", "the loader and malloc"},
      {"mremap", "realloc of large buffers"},
      {"mprotect", "the loader (RELRO) and thread stacks' guard pages"},
      {"madvise", "malloc gives memory back"},
      {"mlock", "libgcrypt's secure memory (a library ffmpeg links)"},
      {"get_mempolicy", "libnuma (linked through x265)"},
      {"set_mempolicy", "libnuma (linked through x265)"},
      {"getrandom", "glibc's malloc and libgcrypt seeding"},
      // Files: Landlock says which ones.
      {"openat", "libraries, /etc/ld.so.cache, /proc/self/status, the job's files"},
      {"open", "not seen; older callers' form of openat"},
      {"close", "every descriptor"},
      {"read", "files and the source's socket"},
      {"pread64", "the loader reads ELF headers"},
      {"write", "segments, playlists, stderr"},
      {"pwrite64", "not seen; muxers that seek back may write at an offset"},
      {"readv", "not seen; stdio's buffered reads"},
      {"writev", "not seen; stdio's buffered writes"},
      {"lseek", "muxers patch headers (init.mp4, the playlist)"},
      {"newfstatat", "the loader and stdio"},
      {"fstat", "not seen; older glibc's form of newfstatat"},
      {"stat", "not seen; older glibc's form of newfstatat"},
      {"lstat", "not seen; older glibc's form of newfstatat"},
      {"statx", "not seen; newer glibc's form of newfstatat"},
      {"statfs", "libselinux looks for selinuxfs at start"},
      {"fstatfs", "not seen; the descriptor form of statfs"},
      {"access", "the loader (/etc/ld.so.preload), libgcrypt, libselinux"},
      {"faccessat", "not seen; newer glibc's form of access"},
      {"faccessat2", "not seen; newer glibc's form of access"},
      {"getdents64", "libnuma lists /sys/devices/system/node"},
      {"fcntl", "FD_CLOEXEC, O_NONBLOCK on the source's socket"},
      {"rename", "the HLS muxer's temp_file: N.m4s.tmp becomes N.m4s"},
      {"renameat", "not seen; other glibc's form of rename"},
      {"renameat2", "not seen; other glibc's form of rename"},
      {"unlink", "not seen; the HLS muxer removes a temporary file after an error"},
      {"unlinkat", "not seen; the same, other form"},
      {"mkdir", "not seen; the HLS muxer makes the segments' folder if missing (it exists)"},
      {"ftruncate", "not seen; a muxer shortens what it rewrites"},
      {"fsync", "not seen; avio's flush on close"},
      {"fdatasync", "not seen; avio's flush on close"},
      {"readlink", "not seen; the loader's $ORIGIN"},
      {"getcwd", "not seen; relative paths in URLs"},
      {"dup", "not seen; stdio"},
      {"dup2", "not seen; stdio"},
      {"dup3", "not seen; stdio"},
      // The source: TCP to tglink's loopback port (socket() has its own rule).
      {"connect", "the source's socket (Landlock ABI 4 says which port)"},
      {"getsockopt", "SO_ERROR after a non-blocking connect, SO_RCVBUF"},
      {"setsockopt", "not seen; TCP options of the http protocol"},
      {"getsockname", "not seen; the tcp protocol's address"},
      {"getpeername", "not seen; the tcp protocol's address"},
      {"sendto", "the HTTP request"},
      {"recvfrom", "the source's bytes"},
      {"sendmsg", "not seen; send() of other glibc builds"},
      {"recvmsg", "not seen; recv() of other glibc builds"},
      {"shutdown", "not seen; closing the source's connection"},
      {"poll", "waiting for the source"},
      {"ppoll", "not seen; newer glibc's form of poll"},
      {"pselect6", "ffmpeg's keyboard check on stdin (seen where -nostdin is not given)"},
      // Threads (clone has its own rule) and time.
      {"futex", "every lock and condition variable"},
      {"exit", "a thread ends"},
      {"exit_group", "the program ends"},
      {"sched_getaffinity", "counting cores for the decoder's threads"},
      {"sched_yield", "not seen; spin locks of x264 and libdav1d"},
      {"gettid", "not seen; glibc's pthread_kill and abort"},
      {"getpid", "libgcrypt, glibc"},
      {"getppid", "not seen; harmless"},
      {"getuid", "libgcrypt"},
      {"geteuid", "not seen; libgcrypt on other builds"},
      {"getgid", "not seen; libgcrypt on other builds"},
      {"getegid", "not seen; libgcrypt on other builds"},
      {"getrusage", "ffmpeg's -benchmark timings, read at the end"},
      {"uname", "not seen; library version checks"},
      {"sysinfo", "not seen; memory size for buffers"},
      {"clock_gettime", "not seen (the vDSO answers); the fallback when it is missing"},
      {"clock_getres", "not seen; the same"},
      {"gettimeofday", "not seen; the same"},
      {"time", "not seen; the same"},
      {"nanosleep", "not seen; the http protocol waits between reconnects"},
      {"clock_nanosleep", "not seen; the same, newer glibc"},
      // Signals: kill and tgkill have their own rule (own process only).
      {"rt_sigaction", "ffmpeg's SIGINT/SIGTERM handlers"},
      {"rt_sigprocmask", "threads start with signals blocked"},
      {"rt_sigreturn", "return from a signal handler"},
      {"sigaltstack", "not seen; glibc's stack-overflow handling"},
      {"restart_syscall", "the kernel restarts an interrupted sleep"},
  };
  return table;
}

namespace {

struct ContextDeleter {
  void operator()(void* ctx) const { seccomp_release(ctx); }
};
using Context = std::unique_ptr<void, ContextDeleter>;

bool allow(const Context& ctx, const char* name, std::string& error) {
  const int number = seccomp_syscall_resolve_name(name);
  if (number == __NR_SCMP_ERROR) {
    error = std::string("seccomp: no system call named ") + name;
    return false;
  }
  if (const int rc = seccomp_rule_add(ctx.get(), SCMP_ACT_ALLOW, number, 0); rc != 0) {
    error = std::string("seccomp: rule for ") + name + ": " + std::strerror(-rc);
    return false;
  }
  return true;
}

// The calls allowed only with some arguments.
bool add_argument_rules(const Context& ctx, std::string& error) {
  void* const c = ctx.get();
  int rc = 0;
  for (const int family : {AF_INET, AF_INET6}) {
    rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(socket), 2,
                           SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(family)),
                           SCMP_A1(SCMP_CMP_MASKED_EQ, kSocketTypeMask, SOCK_STREAM));
  }
  // Threads, never processes or namespaces.
  rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD | kCloneNamespaces,
                                 static_cast<scmp_datum_t>(CLONE_THREAD)));
  rc |= seccomp_rule_add(c, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  // Signals to itself only (abort, pthread_kill); the placeholder becomes the child's pid.
  rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1,
                         SCMP_A0(SCMP_CMP_EQ, kOwnPidPlaceholder));
  rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1,
                         SCMP_A0(SCMP_CMP_EQ, kOwnPidPlaceholder));
  // isatty() on stdio (TCGETS, seen); the window size and non-blocking mode (not seen).
  for (const unsigned long request : {TCGETS, TIOCGWINSZ, FIONBIO, FIOCLEX}) {
    rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1,
                           SCMP_A1(SCMP_CMP_EQ, static_cast<scmp_datum_t>(request)));
  }
  // libcap-style capability probing (seen), thread names (not seen).
  for (const int option : {PR_CAPBSET_READ, PR_SET_NAME, PR_GET_NAME}) {
    rc |= seccomp_rule_add(c, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1,
                           SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(option)));
  }
  if (rc != 0) error = "seccomp: an argument rule was refused";
  return rc == 0;
}

// The BPF program libseccomp made, read back through a memory file (libseccomp 2.5 exports to
// a descriptor only).
std::optional<std::vector<sock_filter>> exported(const Context& ctx, std::string& error) {
  const int fd = memfd_create("tglink-seccomp", MFD_CLOEXEC);
  if (fd < 0) {
    error = std::string("seccomp: memfd_create: ") + std::strerror(errno);
    return std::nullopt;
  }
  std::vector<sock_filter> program;
  if (const int rc = seccomp_export_bpf(ctx.get(), fd); rc != 0) {
    error = std::string("seccomp: export: ") + std::strerror(-rc);
  } else {
    const off_t size = lseek(fd, 0, SEEK_END);
    program.resize(static_cast<std::size_t>(size) / sizeof(sock_filter));
    const auto bytes = static_cast<ssize_t>(program.size() * sizeof(sock_filter));
    if (size <= 0 || pread(fd, program.data(), static_cast<std::size_t>(bytes), 0) != bytes) {
      error = "seccomp: the exported program could not be read back";
      program.clear();
    }
  }
  close(fd);
  if (program.empty()) return std::nullopt;
  return program;
}

}  // namespace

std::optional<ChildSyscallFilter> build_child_syscall_filter(std::string& error) {
#if !defined(__x86_64__)
  error = "the system-call table is x86_64's; this architecture has none";
  return std::nullopt;
#else
  const Context ctx(seccomp_init(SCMP_ACT_ERRNO(EPERM)));
  if (!ctx) {
    error = "seccomp: seccomp_init failed";
    return std::nullopt;
  }
  // The child sets no_new_privs itself; a call from another architecture is an attack, which
  // kills the whole process where libseccomp can tell the kernel has that action (it asks with
  // seccomp(), which a unit's SystemCallFilter=@system-service refuses), else the thread.
  if (seccomp_attr_set(ctx.get(), SCMP_FLTATR_CTL_NNP, 0) != 0 ||
      (seccomp_attr_set(ctx.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS) != 0 &&
       seccomp_attr_set(ctx.get(), SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL) != 0) ||
      seccomp_attr_set(ctx.get(), SCMP_FLTATR_CTL_OPTIMIZE, 2) != 0) {
    error = "seccomp: a filter attribute was refused";
    return std::nullopt;
  }
  for (const AllowedSyscall& call : unconditional_child_syscalls()) {
    if (!allow(ctx, std::string(call.name).c_str(), error)) return std::nullopt;
  }
  if (!add_argument_rules(ctx, error)) return std::nullopt;
  std::optional<std::vector<sock_filter>> program = exported(ctx, error);
  if (!program) return std::nullopt;
  std::vector<std::size_t> slots;
  for (std::size_t i = 0; i < program->size(); ++i) {
    const sock_filter& op = (*program)[i];
    if (op.code == (BPF_JMP | BPF_JEQ | BPF_K) && op.k == kOwnPidPlaceholder) slots.push_back(i);
  }
  // kill's and tgkill's comparisons (libseccomp may share one between them); without them the
  // filter would refuse the child's own abort.
  if (slots.empty()) {
    error = "seccomp: the own-pid comparisons were not found in the program";
    return std::nullopt;
  }
  return ChildSyscallFilter(std::move(*program), std::move(slots));
#endif
}

bool seccomp_available() {
  // 0: no filter yet, 2: filtered (a unit's SystemCallFilter), which a new filter may join.
  const int mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
  return mode == 0 || mode == SECCOMP_MODE_FILTER;
}

bool install_syscall_filter(sock_filter* program, std::size_t length,
                            const std::size_t* own_pid_slots, std::size_t slots,
                            int self) noexcept {
  for (std::size_t i = 0; i < slots; ++i) program[own_pid_slots[i]].k = static_cast<__u32>(self);
  sock_fprog prog{};
  prog.len = static_cast<unsigned short>(length);
  prog.filter = program;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0;
}

}  // namespace tglink
