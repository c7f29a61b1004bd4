#include "support/promtool.hpp"

#include <array>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <sys/wait.h>

#include "support/temp_dir.hpp"

namespace tglink::testing {

PromtoolVerdict promtool_check_metrics(const std::string& scrape) {
  if (std::system("command -v promtool >/dev/null 2>&1") != 0) {
    throw std::runtime_error(
        "promtool is not on PATH: scripts/install-deps.sh --test installs Debian's prometheus");
  }
  TempDir directory("tglink-promtool");
  const std::filesystem::path input = directory.path() / "scrape.txt";
  std::ofstream(input, std::ios::binary) << scrape;
  const std::string command = "promtool check metrics < '" + input.string() + "' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run promtool");
  PromtoolVerdict verdict;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) verdict.output += buffer.data();
  const int status = ::pclose(pipe);
  verdict.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return verdict;
}

}  // namespace tglink::testing
