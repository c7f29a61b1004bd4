#pragma once
// A process as a local user sees it in /proc: the tests that look at tglink's ffmpeg children
// (what they hold, how many run, that none outlives tglink) read them through these.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <sys/types.h>

namespace tglink::testing {

// /proc/PID/`what` ("environ", "limits", "task/TID/children"), "" once the process is gone.
inline std::string read_proc(pid_t pid, const std::string& what) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/" + what, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The children of `parent`, forked by any of its threads.
inline std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> children;
  std::error_code ec;
  for (const std::filesystem::directory_entry& task :
       std::filesystem::directory_iterator("/proc/" + std::to_string(parent) + "/task", ec)) {
    std::istringstream listed(
        read_proc(parent, "task/" + task.path().filename().string() + "/children"));
    for (pid_t child = 0; listed >> child;) children.push_back(child);
  }
  return children;
}

// /proc/PID/fd: each open descriptor's number, and what it leads to ("socket:[1234]", a path).
inline std::map<std::string, std::string> descriptors_of(pid_t pid) {
  std::map<std::string, std::string> descriptors;
  std::error_code ec;
  for (const std::filesystem::directory_entry& fd :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    descriptors[fd.path().filename().string()] =
        std::filesystem::read_symlink(fd.path(), ec).string();
  }
  return descriptors;
}

// Whether `pid` still runs: it exists and is not a zombie.
inline bool running(pid_t pid) {
  const std::string stat = read_proc(pid, "stat");
  const std::size_t paren = stat.rfind(')');
  return !stat.empty() && paren != std::string::npos && stat.substr(paren + 2, 1) != "Z";
}

}  // namespace tglink::testing
