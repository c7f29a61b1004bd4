#pragma once
// Landlock rules of an ffmpeg or ffprobe child: what it may read, write, execute and connect
// to, whatever code runs in it (an exploited decoder included).
//
// Files (ABI 1, Linux 5.13): the child may
//  - read what ffmpeg needs and nothing of ours (child_readable_paths: its libraries and /usr,
//    /etc/ld.so.cache, a few /sys and /proc files libraries read at start, its own /proc/self);
//    not DATA_DIR (the signing key, the database, TDLib's session), not /etc/tglink, not /tmp,
//    not tglink's /proc;
//  - write, create, truncate and remove files in its own job folder only (the probe: nowhere);
//  - execute only ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH, and the ones the child's PATH
//    finds) and what the kernel needs to start them: their ELF interpreter, or the shell of a
//    script set as FFMPEG_PATH (a wrapper that execs the real one, as the browser tests use).
//    Executing another ffmpeg, or that shell, under the same inherited rules and filter gains
//    nothing, and it lets a test's stand-in at FFMPEG_PATH exec the real one.
// Rights a kernel does not know are left out (REFER ABI 2, TRUNCATE ABI 3, IOCTL_DEV ABI 5):
// an older kernel enforces what it has, and refuses renames across folders outright before
// ABI 2, which ffmpeg never makes.
// Network (ABI 4, Linux 6.7): TCP connections to tglink's port only, no listening. Scopes
// (ABI 6, Linux 6.12): no signal to a process outside the child's domain, no abstract Unix
// socket outside it.
//
// The descriptors of the rules' paths are opened before fork (O_PATH); the child creates the
// ruleset from them with plain system calls (async-signal-safe), and opens its own /proc/self
// itself (the parent's would name the parent).

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tglink {

// The first Landlock ABI with file rules, TCP rules, and signal and abstract-socket scopes.
inline constexpr int kLandlockFileAbi = 1;
inline constexpr int kLandlockNetworkAbi = 4;
inline constexpr int kLandlockScopeAbi = 6;

// The Landlock ABI version this process may use: 0 when the kernel has none, or a seccomp
// filter (systemd's SystemCallFilter=@system-service) refuses its system calls.
[[nodiscard]] int landlock_abi();

struct ChildFileRules {
  std::vector<std::filesystem::path> executable;  // the only programs it may start
  std::filesystem::path writable;                 // its job folder; empty: it writes nowhere

  bool operator==(const ChildFileRules&) const = default;
};

// What every child may read, as measured with `strace -f -e trace=%file` over the conversion
// tests (scripts/trace-child-syscalls.sh lists the files too). Paths that do not exist on a
// system are skipped.
[[nodiscard]] const std::vector<std::filesystem::path>& child_readable_paths();

// What the kernel executes to start `program`: its ELF interpreter (PT_INTERP), or a script's
// `#!` interpreter; empty for a static program or an unreadable file.
[[nodiscard]] std::filesystem::path program_interpreter(const std::filesystem::path& program);

class PreparedLandlock {
 public:
  // `abi` is landlock_abi(); file rules when `files` is given, TCP rules when `tcp_port` is not
  // 0 and the ABI has them. error() says what could not be opened.
  PreparedLandlock(int abi, const ChildFileRules* files, std::uint16_t tcp_port);
  ~PreparedLandlock();
  PreparedLandlock(const PreparedLandlock&) = delete;
  PreparedLandlock& operator=(const PreparedLandlock&) = delete;

  [[nodiscard]] const std::string& error() const { return error_; }
  // Whether there is anything to apply.
  [[nodiscard]] bool active() const { return files_ || tcp_port_ != 0; }

  // In the forked child only: the rules take effect for it and whatever it executes. False
  // with errno set when the kernel refused.
  [[nodiscard]] bool apply_in_child() const noexcept;

 private:
  struct Rule {
    int fd = -1;
    std::uint64_t access = 0;
  };
  void add(const std::filesystem::path& path, std::uint64_t directory_access,
           std::uint64_t file_access, bool required);

  int abi_ = 0;
  bool files_ = false;
  std::uint16_t tcp_port_ = 0;
  std::uint64_t handled_fs_ = 0;
  std::vector<Rule> rules_;
  std::string error_;
};

}  // namespace tglink
