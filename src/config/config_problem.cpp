#include "config/config_problem.hpp"

namespace tglink {

std::string ConfigProblem::describe() const {
  std::string text = variable + ": " + message;
  if (!example.empty()) {
    text += "; example: " + example;
  }
  return text;
}

std::string format_problems(const std::vector<ConfigProblem>& problems) {
  std::string text = "The configuration has " + std::to_string(problems.size()) +
                     (problems.size() == 1 ? " problem" : " problems") + ":\n";
  for (const ConfigProblem& problem : problems) {
    text += "  - " + problem.describe() + "\n";
  }
  text +=
      "Set these in the environment or in .env, then run `tglink check-config` to check the "
      "configuration without starting the bot.";
  return text;
}

}  // namespace tglink
