#pragma once
// What an ffmpeg or ffprobe child starts with: nothing it does not need, and nothing that
// outlives tglink. Between fork and exec the child
//  - gets the parent-death signal (SIGKILL), and ends at once if tglink is already gone;
//  - sets no_new_privs (no set-uid program can give it more than we have);
//  - takes the limits below (address space, CPU seconds, file size, open files);
//  - keeps only stdin, stdout and stderr (every other descriptor, the listening socket and the
//    database's included, is closed);
//  - runs with a minimal environment: PATH and LANG=C, nothing of ours (no token, key, password
//    or URL);
//  - sits in a process group of its own, niced below the server.
// The parent-death signal follows the thread that forked: children are forked from threads that
// outlive them (the I/O thread for jobs, the probe's worker, which waits for its child).
//
// Where the kernel offers Landlock with network rules (ABI 4, Linux 6.7), the child may make
// TCP connections to tglink's own port only, and bind none; with ABI 6 it can neither signal
// processes outside its domain (tglink among them) nor reach abstract Unix sockets. No
// namespaces: the child must reach tglink's loopback listener to read its source, which a
// network namespace would cut off. The allow-lists (media_allow_lists.hpp) keep FFmpeg itself
// from opening anything but that source; these rules hold even for an exploited decoder.
//
// Everything the child needs is prepared before fork (PreparedExec), so that the child makes
// system calls only: the parent is multi-threaded, and only async-signal-safe calls are allowed
// between fork and exec.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tglink {

struct ChildLimits {
  std::uint64_t address_space_bytes = 0;  // RLIMIT_AS; 0 leaves it as it is
  std::uint64_t cpu_seconds = 0;          // RLIMIT_CPU (SIGKILL past it); 0 leaves it
  std::uint64_t file_size_bytes = 0;      // RLIMIT_FSIZE, per file written; 0 leaves it
  std::uint64_t open_files = 0;           // RLIMIT_NOFILE; 0 leaves it
  // The one TCP port the child may connect to, under Landlock ABI `landlock_abi` (>= 4); 0
  // for no network rules.
  std::uint16_t only_tcp_port = 0;
  int landlock_abi = 0;

  bool operator==(const ChildLimits&) const = default;
};

// The limit settings (CONVERTER_*), from which each run's limits are made.
struct ConfinementSettings {
  std::uint64_t memory_bytes = 4096ull << 20;
  // CPU seconds per second of media, and at least kMinCpuSeconds: a transcode on all cores
  // takes a few CPU seconds per second of video.
  std::uint64_t cpu_per_media_second = 4;
  std::uint64_t file_bytes = 1024ull << 20;
  std::uint64_t open_files = 64;
  // tglink's port, which children read their source from, and the Landlock ABI of this kernel
  // (landlock_abi(), 0 without Landlock); network rules need both.
  std::uint16_t source_port = 0;
  int landlock_abi = 0;
};

// The Landlock ABI version this process may use: 0 when the kernel has none, or a seccomp
// filter (systemd's SystemCallFilter=@system-service) refuses its system calls.
[[nodiscard]] int landlock_abi();

// The first Landlock ABI with TCP rules, and the one with signal and abstract-socket scopes.
inline constexpr int kLandlockNetworkAbi = 4;
inline constexpr int kLandlockScopeAbi = 6;

inline constexpr std::uint64_t kMinCpuSeconds = 120;

// The limits of a run over `media_seconds` of media (0 when unknown: the floor applies).
[[nodiscard]] ChildLimits limits_for(const ConfinementSettings& settings, double media_seconds);

// The environment of every child.
[[nodiscard]] std::vector<std::string> child_environment();

// The one line the log says at start about what confinement is in force.
[[nodiscard]] std::string confinement_summary(const ConfinementSettings& settings);

class PreparedExec {
 public:
  // `program` is an absolute path; `stderr_path` empty means /dev/null, unless a descriptor is
  // given to exec_in_child.
  PreparedExec(const std::filesystem::path& program, const std::vector<std::string>& argv,
               ChildLimits limits, const std::filesystem::path& stderr_path);
  PreparedExec(const PreparedExec&) = delete;
  PreparedExec& operator=(const PreparedExec&) = delete;

  // In the forked child only. `stdout_fd` / `stderr_fd` of -1 mean /dev/null (or stderr_path);
  // `report_fd` gets errno when something fails before exec, then the child exits 127.
  [[noreturn]] void exec_in_child(int parent_pid, int stdout_fd, int stderr_fd,
                                  int report_fd) const noexcept;

 private:
  std::string program_;
  std::vector<std::string> argv_;
  std::vector<std::string> environment_;
  std::vector<char*> argv_pointers_;
  std::vector<char*> environment_pointers_;
  ChildLimits limits_;
  std::string stderr_path_;
};

}  // namespace tglink
