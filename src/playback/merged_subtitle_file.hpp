#pragma once
// A subtitle the player draws itself (the ASS script, the PGS stream), merged from its runs' files
// into one file in the job's folder and served from there, zero-copy, like a segment: a client
// that does not read holds a socket and a descriptor, not megabytes. The player asks for it every
// 4 s while the job grows it; it is merged again only when a run's file changed (its size or
// modification time) or a run was added, not on every request. The merge is written under a
// temporary name and renamed over the previous one, so an answer under way keeps the inode it
// opened, and a link or file that a run put under the merged name is replaced, never served.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "playback/job_file.hpp"

namespace tglink {

// How one kind of drawn subtitle is merged.
struct DrawnSubtitleMerge {
  std::function<std::string(int)> run_file_name;  // each run's file: "subs-{run}.ass"
  std::string merged_file_name;                   // the merged file: "subs.ass"
  // The merged bytes from the runs' bytes in run order; empty when there is nothing to show yet.
  std::function<std::string(const std::vector<std::string>&)> merge;
};

// The ASS script (playback/ass_script.hpp) as subs.ass, the PGS stream (playback/pgs_stream.hpp)
// as subs.sup.
[[nodiscard]] DrawnSubtitleMerge ass_script_merge();
[[nodiscard]] DrawnSubtitleMerge pgs_stream_merge();

class MergedSubtitleFiles {
 public:
  // The merged file of `kind` in `job_dir`, up to date with the runs' files and open for
  // serving; nullopt while the merge is empty or when it cannot be written. Reads every run's
  // file (within kMaxSubtitleRunsBytes) when one changed: call it off the I/O thread. One merge
  // at a time, whichever thread calls.
  [[nodiscard]] std::optional<JobFile> current(const std::filesystem::path& job_dir,
                                               const DrawnSubtitleMerge& kind);

  // Merges done so far (the unchanged runs' answers do none).
  [[nodiscard]] std::uint64_t merges() const;

 private:
  // What a merged file was made from: each run file's size and modification time, in run order.
  struct RunStamp {
    std::uint64_t size = 0;
    std::int64_t modified_ns = 0;
    bool operator==(const RunStamp&) const = default;
  };
  struct Merged {
    std::vector<RunStamp> runs;
    std::uint64_t inode = 0;  // of the file written; 0 when the merge was empty
  };

  [[nodiscard]] static std::vector<RunStamp> stamp_runs(const std::filesystem::path& job_dir,
                                                        const DrawnSubtitleMerge& kind);

  mutable std::mutex mutex_;
  std::map<std::string, Merged> merged_;  // by the merged file's path
  std::uint64_t merges_ = 0;
};

}  // namespace tglink
