#pragma once
// What the test harnesses hand execve when they start a child (tglink, the simulator's world):
// its environment, and the null-terminated arrays execve takes.

#include <map>
#include <string>
#include <vector>

namespace tglink::testing {

// "NAME=value" for every variable of `env`, plus those a child needs from ours unless `env` sets
// them: the search path and the sanitizers' settings.
[[nodiscard]] std::vector<std::string> child_environment(std::map<std::string, std::string> env);

// Pointers into `strings` followed by nullptr, as execve's argv and envp; `strings` must outlive
// them.
[[nodiscard]] std::vector<char*> exec_pointers(std::vector<std::string>& strings);

}  // namespace tglink::testing
