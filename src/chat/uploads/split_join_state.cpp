#include "chat/uploads/split_join_state.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace tglink {

namespace {

// Two non-last parts of different sizes, or a last part larger than the others; "" when the
// sizes fit. `parts` is sorted by number and not empty.
std::string split_size_problem(const std::vector<SplitPartSize>& parts) {
  const SplitPartSize& highest = parts.back();
  if (parts.size() < 2) return {};
  const SplitPartSize& first = parts.front();
  for (std::size_t i = 1; i + 1 < parts.size(); ++i) {
    if (parts[i].size != first.size) {
      return fmt::format(
          "part {} is {} bytes and part {} is {} bytes, but only the last part may differ",
          first.number, first.size, parts[i].number, parts[i].size);
    }
  }
  if (highest.size > first.size) {
    return fmt::format("part {} ({} bytes) is larger than part {} ({} bytes)", highest.number,
                       highest.size, first.number, first.size);
  }
  return {};
}

}  // namespace

SplitJoinState split_join_state(std::vector<SplitPartSize> parts, bool join_requested) {
  SplitJoinState state;
  if (parts.empty()) return state;
  std::sort(parts.begin(), parts.end(),
            [](const SplitPartSize& a, const SplitPartSize& b) { return a.number < b.number; });
  state.first_number = parts.front().number == 0 ? 0 : 1;
  state.highest_number = parts.back().number;
  for (const SplitPartSize& part : parts) state.received.push_back(part.number);
  for (int number = state.first_number; number <= state.highest_number; ++number) {
    if (!std::binary_search(state.received.begin(), state.received.end(), number)) {
      state.missing.push_back(number);
    }
  }
  state.problem = split_size_problem(parts);
  if (!state.problem.empty()) {
    state.verdict = SplitJoinState::Verdict::mismatch;
    return state;
  }
  const bool smaller_last = parts.size() >= 2 && parts.back().size < parts.front().size;
  state.last_known = join_requested || smaller_last;
  state.verdict = state.last_known && state.missing.empty() ? SplitJoinState::Verdict::whole
                                                            : SplitJoinState::Verdict::waiting;
  return state;
}

}  // namespace tglink
