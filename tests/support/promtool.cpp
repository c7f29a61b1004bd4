#include "support/promtool.hpp"

#include <array>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <sys/wait.h>

#include "support/temp_dir.hpp"

namespace tglink::testing {

namespace {

// Runs `promtool <arguments>` with `input` written to a file whose path replaces {}.
PromtoolVerdict run_promtool(const std::string& arguments, const std::string& input) {
  if (std::system("command -v promtool >/dev/null 2>&1") != 0) {
    throw std::runtime_error(
        "promtool is not on PATH: scripts/install-deps.sh --test installs Debian's prometheus");
  }
  TempDir directory("tglink-promtool");
  const std::filesystem::path file = directory.path() / "input.txt";
  std::ofstream(file, std::ios::binary) << input;
  std::string command = "promtool " + arguments + " 2>&1";
  command.replace(command.find("{}"), 2, "'" + file.string() + "'");
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run promtool");
  PromtoolVerdict verdict;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) verdict.output += buffer.data();
  const int status = ::pclose(pipe);
  verdict.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return verdict;
}

}  // namespace

PromtoolVerdict promtool_check_metrics(const std::string& scrape) {
  return run_promtool("check metrics < {}", scrape);
}

PromtoolVerdict promtool_check_rules(const std::string& rules_yaml) {
  return run_promtool("check rules {}", rules_yaml);
}

}  // namespace tglink::testing
