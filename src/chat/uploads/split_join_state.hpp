#pragma once
// Whether the parts of a split file received so far make the whole file, and if not, what is
// missing. Pure: the upload flow (chat/uploads/split_upload.hpp) asks it after every part and
// on /join, and its tests ask it directly.
//
// The rules, from how splitters cut a file: every part but the last has the same size, and the
// last is no larger. So:
//   - numbering starts at 0 when a part 0 was received (`split -d`), else at 1;
//   - the last part is known when a part is smaller than the others (the highest number must be
//     that part), or when the user says so with /join (a file whose size is a multiple of the
//     part size has no smaller part);
//   - the file is whole when the last part is known and every number from the first to it came;
//   - parts that cannot be one file (two non-last parts of different sizes, or a later part
//     larger than an earlier one) are a mismatch: the user is told which, and a part sent again
//     with the same number replaces the one before.

#include <cstdint>
#include <string>
#include <vector>

namespace tglink {

struct SplitPartSize {
  int number = 0;
  std::int64_t size = 0;
};

struct SplitJoinState {
  enum class Verdict {
    whole,     // join now: every part up to the last is here
    waiting,   // parts are missing, or the last one is not known yet
    mismatch,  // the parts cannot make one file (problem says why)
  };
  Verdict verdict = Verdict::waiting;
  int first_number = 1;       // 0 or 1
  int highest_number = 0;     // the highest number received
  bool last_known = false;    // highest_number is the last part
  std::vector<int> missing;   // numbers between first_number and highest_number not received
  std::vector<int> received;  // ascending
  std::string problem;        // for a mismatch, in words for the user
};

// `parts`: one entry per number received (any order). `join_requested`: the user sent /join,
// so the highest number is the last part.
[[nodiscard]] SplitJoinState split_join_state(std::vector<SplitPartSize> parts,
                                              bool join_requested);

}  // namespace tglink
