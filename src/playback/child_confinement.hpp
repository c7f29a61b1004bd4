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
//  - sits in a process group of its own, niced below the server, with the highest
//    oom_score_adj (1000): when memory runs out the kernel kills a conversion, which a viewer's
//    next request restarts, before tglink, which holds every download in flight;
//  - takes the Landlock rules of playback/child_landlock.hpp (read only what ffmpeg needs,
//    write only its job folder, execute only ffmpeg and ffprobe, TCP to tglink's port only);
//  - and last, right before execve, the system-call filter of playback/child_syscalls.hpp.
// The parent-death signal follows the thread that forked: children are forked from threads that
// outlive them (the I/O thread for jobs, the probe's worker, which waits for its child).
//
// No namespaces: the child must reach tglink's loopback listener to read its source, which a
// network namespace would cut off. The allow-lists (media_allow_lists.hpp) keep FFmpeg itself
// from opening anything but that source; these rules hold even for an exploited decoder.
//
// CONVERTER_CONFINEMENT says what happens on a kernel without what the rules need (seccomp, or
// Landlock's file rules): `required` (the default) refuses conversions there, `available` runs
// them with what there is. Either way the start log says what is in force (confinement_summary).
//
// Everything the child needs is prepared before fork (PreparedExec), so that the child makes
// system calls only: the parent is multi-threaded, and only async-signal-safe calls are allowed
// between fork and exec.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <linux/filter.h>

#include "playback/child_landlock.hpp"
#include "playback/child_syscalls.hpp"

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
  // Landlock file rules (ABI >= 1) when set: read what ffmpeg needs, write `files.writable`,
  // execute `files.executable`, nothing else.
  bool file_rules = false;
  ChildFileRules files;
  // The system-call filter; none when null.
  std::shared_ptr<const ChildSyscallFilter> syscalls;

  bool operator==(const ChildLimits&) const = default;
};

// CONVERTER_CONFINEMENT: whether conversions need the whole confinement.
enum class ConfinementMode { kRequired, kAvailable };

// The limit settings (CONVERTER_*), from which each run's limits are made.
struct ConfinementSettings {
  ConfinementMode mode = ConfinementMode::kRequired;
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
  // What children may execute (confined_executables), and the filter (null: none); both are
  // found at start.
  std::vector<std::filesystem::path> executables;
  std::shared_ptr<const ChildSyscallFilter> syscalls;
  std::string syscalls_error;  // why there is no filter
};

// What is in force on this host, found at start (detect_confinement).
struct ConfinementState {
  int landlock_abi = 0;
  std::shared_ptr<const ChildSyscallFilter> syscalls;  // null when seccomp can't be used
  std::string syscalls_error;                          // why not
};

// Looks at this kernel: its Landlock ABI, whether seccomp takes a filter, and builds it.
[[nodiscard]] ConfinementState detect_confinement();

// Fills `settings` with what `state` offers; the programs children may execute are `ffmpeg`
// and `ffprobe` as configured, the ones the children's PATH finds, and their ELF interpreters.
void apply_confinement_state(ConfinementSettings& settings, const ConfinementState& state,
                             const std::string& ffmpeg, const std::string& ffprobe);

// Whether conversions must be refused: CONVERTER_CONFINEMENT=required, and the host lacks
// seccomp or Landlock's file rules.
[[nodiscard]] bool confinement_refuses(const ConfinementSettings& settings);

// A few words on what is in force, for /api/info: "seccomp, Landlock files, TCP and scopes",
// "seccomp only", "none".
[[nodiscard]] std::string confinement_in_force(const ConfinementSettings& settings);

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
                                  int report_fd) noexcept;

  // Why the rules could not be prepared (a rule's path could not be opened); empty when ready.
  [[nodiscard]] const std::string& error() const { return landlock_.error(); }

 private:
  std::string program_;
  std::vector<std::string> argv_;
  std::vector<std::string> environment_;
  std::vector<char*> argv_pointers_;
  std::vector<char*> environment_pointers_;
  ChildLimits limits_;
  std::string stderr_path_;
  PreparedLandlock landlock_;
  // The child's own copy of the filter, into which it writes its pid.
  std::vector<sock_filter> syscall_program_;
};

}  // namespace tglink
