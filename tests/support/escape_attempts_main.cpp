// A stand-in for an exploited decoder: installed as FFMPEG_PATH or FFPROBE_PATH (a symbolic
// link named ffmpeg or ffprobe in a test folder T), it tries what hijacked code in the child
// would try, reports each attempt, then execs the real ffmpeg or ffprobe with its arguments, so
// that the conversion still plays. Built without sanitizers: it runs under the children's
// address-space limit and system-call filter, as ffmpeg does.
//
// It reads nothing to learn its targets (the confinement would refuse it); the test lays them
// out around T = the folder of argv[0]:
//   T/data                  DATA_DIR: secret.key, tglink.db, hls/<job>/, hls/sibling/
//   T/outside/tglink.env    an env file (0640)
//   T/outside/unix.sock     a listening Unix socket
//   T/tcp-port, T/udp-port  symbolic links whose targets are a loopback port number: another
//                           TCP listener than tglink's, and a UDP socket (readlink needs no
//                           permission on the target, so the confinement does not hide them)
//   T/read-1 ... T/read-8   optional: symbolic links to more files to read (a deployment's
//                           own secrets: TDLib's session, another user's download)
// In a deployment (scripts/ci/escape-standin.sh) T/data, T/outside/tglink.env and
// T/outside/unix.sock are symbolic links to the real DATA_DIR, env file and a listening socket:
// the kernel follows them, and Landlock judges the path they resolve to.
// The report goes into the job folder (the folder of -hls_segment_filename) as
// escapes-<pid>.txt, or to stderr for ffprobe, one line per attempt:
//   <attempt>: held (<errno text>)      or      <attempt>: ESCAPED
// or, for a file that does not exist there (a deployment without a key file, say), which no
// confinement decided: <attempt>: not tried (no such file here). tglink's /proc files always
// exist: not finding them is "held (No such file or directory)", tglink hidden.
// A later line for the same attempt replaces an earlier one (exec /bin/sh is reported ESCAPED
// before it is tried: when it works, nothing after it runs).

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

// Compiled alone too (scripts/ci/escape-standin.sh): only headers beside this file.
#include "loopback.hpp"

namespace {

int report_fd = 2;

void report_line(const std::string& line) {
  [[maybe_unused]] const ssize_t written = write(report_fd, line.data(), line.size());
}

void report(const std::string& attempt, bool escaped, int error = 0) {
  report_line(attempt +
              (escaped ? ": ESCAPED\n" : ": held (" + std::string(std::strerror(error)) + ")\n"));
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string link_target(const std::string& link) {
  char target[4096] = {};
  if (readlink(link.c_str(), target, sizeof target - 1) <= 0) return {};
  return target;
}

int port_in_link(const std::string& link) { return std::atoi(link_target(link).c_str()); }

// What is read: a file a deployment may lack, or a file of tglink's /proc, which exists while
// tglink runs (a lookup that finds nothing there is tglink hidden from the child: procfs's
// hidepid, which the .deb unit's ProtectProc=invisible sets, hides what it may not trace).
enum class ReadTarget { kFile, kTglinksProcFile, kTglinksMemory };

// kTglinksMemory: /proc/PID/mem checks access at open (a read at offset 0 fails anyway).
void try_read(const std::string& attempt, const std::string& path,
              ReadTarget target = ReadTarget::kFile) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT && target == ReadTarget::kFile) {
    // The path lookup found nothing: Landlock refuses an open with EACCES, never ENOENT.
    report_line(attempt + ": not tried (no such file here)\n");
    return;
  }
  if (fd < 0) {
    report(attempt, false, errno);
    return;
  }
  if (target == ReadTarget::kTglinksMemory) {
    close(fd);
    report(attempt, true);
    return;
  }
  char byte = 0;
  const ssize_t got = read(fd, &byte, 1);
  const int error = errno;
  close(fd);
  report(attempt, got >= 0, error);
}

void try_write(const std::string& attempt, const std::string& path) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    report(attempt, false, errno);
    return;
  }
  const ssize_t put = write(fd, "x", 1);
  const int error = errno;
  close(fd);
  unlink(path.c_str());
  report(attempt, put == 1, error);
}

// A new socket of `domain` and `type`; -1, with `attempt` reported held, when even that is
// refused.
int socket_for(const std::string& attempt, int domain, int type) {
  const int fd = socket(domain, type | SOCK_CLOEXEC, 0);
  if (fd < 0) report(attempt, false, errno);
  return fd;
}

void try_tcp(const std::string& attempt, int port) {
  const int fd = socket_for(attempt, AF_INET, SOCK_STREAM);
  if (fd < 0) return;
  const sockaddr_in to = tglink::testing::loopback_address(static_cast<std::uint16_t>(port));
  const bool connected = connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to) == 0;
  const int error = errno;
  close(fd);
  report(attempt, connected, error);
}

void try_udp(const std::string& attempt, int port) {
  const int fd = socket_for(attempt, AF_INET, SOCK_DGRAM);
  if (fd < 0) return;
  const sockaddr_in to = tglink::testing::loopback_address(static_cast<std::uint16_t>(port));
  const char message[] = "escaped";
  const bool sent =
      sendto(fd, message, sizeof message, 0, reinterpret_cast<const sockaddr*>(&to), sizeof to) > 0;
  const int error = errno;
  close(fd);
  report(attempt, sent, error);
}

void try_unix(const std::string& attempt, const std::string& path) {
  const int fd = socket_for(attempt, AF_UNIX, SOCK_STREAM);
  if (fd < 0) return;
  sockaddr_un to{};
  to.sun_family = AF_UNIX;
  std::strncpy(to.sun_path, path.c_str(), sizeof to.sun_path - 1);
  const bool connected = connect(fd, reinterpret_cast<const sockaddr*>(&to), sizeof to) == 0;
  const int error = errno;
  close(fd);
  report(attempt, connected, error);
}

void try_fork(const std::string& attempt) {
  const pid_t pid = fork();
  if (pid < 0) {
    report(attempt, false, errno);
    return;
  }
  if (pid == 0) _exit(0);
  waitpid(pid, nullptr, 0);
  report(attempt, true);
}

// process_vm_readv checks the right to trace the target before it looks at the address: EFAULT
// (no such address in tglink) means the check passed. No attach, so tglink never stops.
void try_memory(const std::string& attempt, pid_t target) {
  char byte = 0;
  iovec local{&byte, 1};
  iovec remote{reinterpret_cast<void*>(0x10000), 1};
  const bool read = process_vm_readv(target, &local, 1, &remote, 1, 0) >= 0 || errno == EFAULT;
  report(attempt, read, errno);
}

// The real program, as the children's PATH finds it; the stand-in is not on it.
[[noreturn]] void exec_real(const std::string& name, char** argv) {
  std::vector<char*> args{const_cast<char*>(name.c_str())};
  for (char** arg = argv + 1; *arg != nullptr; ++arg) args.push_back(*arg);
  args.push_back(nullptr);
  execvp(name.c_str(), args.data());
  std::perror("escape_attempts: exec of the real program");
  _exit(127);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string self = argv[0];
  const std::string test_dir = folder_of(self);
  const std::string data = test_dir + "/data";
  std::string job;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "-hls_segment_filename") == 0) job = folder_of(argv[i + 1]);
  }
  if (!job.empty()) {
    const std::string path = job + "/escapes-" + std::to_string(getpid()) + ".txt";
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd >= 0) report_fd = fd;
  }
  const pid_t parent = getppid();
  const std::string parent_proc = "/proc/" + std::to_string(parent);

  try_read("read DATA_DIR/secret.key", data + "/secret.key");
  try_read("read DATA_DIR/tglink.db", data + "/tglink.db");
  try_read("read the env file", test_dir + "/outside/tglink.env");
  try_read("read tglink's /proc environ", parent_proc + "/environ", ReadTarget::kTglinksProcFile);
  try_read("read tglink's /proc mem", parent_proc + "/mem", ReadTarget::kTglinksMemory);
  for (int i = 1; i <= 8; ++i) {
    const std::string target = link_target(test_dir + "/read-" + std::to_string(i));
    if (!target.empty()) try_read("read " + target, target);
  }
  try_write("write into DATA_DIR", data + "/escaped");
  try_write("write into /tmp", "/tmp/tglink-escaped-" + std::to_string(getpid()));
  try_write("write into a sibling job folder", data + "/hls/sibling/0.m4s");
  try_udp("send UDP", port_in_link(test_dir + "/udp-port"));
  try_unix("connect to a Unix socket", test_dir + "/outside/unix.sock");
  try_tcp("connect by TCP to another port", port_in_link(test_dir + "/tcp-port"));
  const bool signalled = kill(parent, 0) == 0;
  report("signal tglink", signalled, errno);
  try_memory("read tglink's memory", parent);
  try_fork("start a process");

  // Reported first: when the shell starts, it execs the real program and nothing after runs.
  report("exec /bin/sh", true);
  const std::string real = base_of(self);
  std::vector<char*> shell{const_cast<char*>("sh"), const_cast<char*>("-c"),
                           const_cast<char*>("exec \"$0\" \"$@\""),
                           const_cast<char*>(real.c_str())};
  for (int i = 1; i < argc; ++i) shell.push_back(argv[i]);
  shell.push_back(nullptr);
  char* const environment[] = {const_cast<char*>("PATH=/usr/local/bin:/usr/bin:/bin"), nullptr};
  execve("/bin/sh", shell.data(), environment);
  report("exec /bin/sh", false, errno);
  if (report_fd != 2) close(report_fd);
  exec_real(real, argv);
}
