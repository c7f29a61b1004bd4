#include "playback/child_landlock.hpp"

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>

#include <elf.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace tglink {

namespace {

// Landlock's file rights (<linux/landlock.h>; the later ones are newer than Debian 12's
// header) and the ABI that brought each.
constexpr std::uint64_t kExecute = 1ULL << 0;
constexpr std::uint64_t kWriteFile = 1ULL << 1;
constexpr std::uint64_t kReadFile = 1ULL << 2;
constexpr std::uint64_t kReadDir = 1ULL << 3;
constexpr std::uint64_t kRemoveFile = 1ULL << 5;
constexpr std::uint64_t kMakeReg = 1ULL << 8;
constexpr std::uint64_t kAbi1Rights = (1ULL << 13) - 1;  // EXECUTE .. MAKE_SYM
constexpr std::uint64_t kRefer = 1ULL << 13;             // ABI 2
constexpr std::uint64_t kTruncate = 1ULL << 14;          // ABI 3
constexpr std::uint64_t kIoctlDev = 1ULL << 15;          // ABI 5

// The network and scope fields; the kernel takes the shorter structure of older ABIs, so the
// size passed says which fields are there.
struct RulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;
  std::uint64_t scoped;
};
struct PathBeneathAttr {
  std::uint64_t allowed_access;
  std::int32_t parent_fd;
} __attribute__((packed));
struct NetPortAttr {
  std::uint64_t allowed_access;
  std::uint64_t port;
};
constexpr int kRulePathBeneath = 1;                        // LANDLOCK_RULE_PATH_BENEATH
constexpr int kRuleNetPort = 2;                            // LANDLOCK_RULE_NET_PORT
constexpr std::uint64_t kAccessNetBindTcp = 1ULL << 0;     // LANDLOCK_ACCESS_NET_BIND_TCP
constexpr std::uint64_t kAccessNetConnectTcp = 1ULL << 1;  // LANDLOCK_ACCESS_NET_CONNECT_TCP
constexpr std::uint64_t kScopeAbstractUnixSocket = 1ULL << 0;
constexpr std::uint64_t kScopeSignal = 1ULL << 1;

// The rights a non-directory may be given in a rule.
constexpr std::uint64_t kFileOnlyRights = kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;

// The file rights this ABI knows, all of which the ruleset handles (denies unless a rule
// grants them).
std::uint64_t handled_file_rights(int abi) {
  std::uint64_t rights = kAbi1Rights;
  if (abi >= 2) rights |= kRefer;
  if (abi >= 3) rights |= kTruncate;
  if (abi >= 5) rights |= kIoctlDev;
  return rights;
}

constexpr std::uint64_t kReadTree = kReadFile | kReadDir;
// The job folder: its files are written, replaced (temp_file's rename), truncated and removed.
constexpr std::uint64_t kWriteTree =
    kReadFile | kReadDir | kWriteFile | kMakeReg | kRemoveFile | kTruncate;

}  // namespace

int landlock_abi() {
  const long abi =
      syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi > 0 ? static_cast<int>(abi) : 0;
}

const std::vector<std::filesystem::path>& child_readable_paths() {
  static const std::vector<std::filesystem::path> paths{
      "/usr",  // programs, libraries, /usr/share (fonts, x264/x265 data, locales)
      "/lib",
      "/lib64",            // the same where /usr is not merged (symbolic links where it is)
      "/etc/ld.so.cache",  // the dynamic loader
      "/etc/localtime",    // glibc's local time (not seen; harmless)
      "/etc/gcrypt",
      "/etc/gnutls",                    // libgcrypt's and GnuTLS's settings (absent here)
      "/dev/urandom",                   // av_get_random_seed's first source
      "/proc/filesystems",              // libselinux looks for selinuxfs
      "/proc/sys/crypto/fips_enabled",  // libgcrypt
      "/sys/devices/system/cpu",        // glibc and libnuma count processors
      "/sys/devices/system/node",       // libnuma (through x265)
  };
  return paths;
}

namespace {

// "#!/bin/sh -e" -> "/bin/sh".
std::filesystem::path script_interpreter(std::ifstream& in) {
  in.clear();
  in.seekg(0);
  std::string line;
  if (!std::getline(in, line) || !line.starts_with("#!")) return {};
  const std::size_t start = line.find_first_not_of(" \t", 2);
  if (start == std::string::npos) return {};
  const std::size_t end = line.find_first_of(" \t\r", start);
  return line.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace

std::filesystem::path program_interpreter(const std::filesystem::path& program) {
  std::ifstream in(program, std::ios::binary);
  Elf64_Ehdr header{};
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header) ||
      std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) {
    return script_interpreter(in);
  }
  if (header.e_ident[EI_CLASS] != ELFCLASS64) return {};
  for (int i = 0; i < header.e_phnum; ++i) {
    Elf64_Phdr segment{};
    in.seekg(static_cast<std::streamoff>(header.e_phoff + i * sizeof segment));
    if (!in.read(reinterpret_cast<char*>(&segment), sizeof segment)) return {};
    if (segment.p_type != PT_INTERP || segment.p_filesz == 0 || segment.p_filesz > 4096) continue;
    std::string path(segment.p_filesz, '\0');
    in.seekg(static_cast<std::streamoff>(segment.p_offset));
    if (!in.read(path.data(), static_cast<std::streamsize>(path.size()))) return {};
    path.resize(std::strlen(path.c_str()));
    return path;
  }
  return {};
}

PreparedLandlock::PreparedLandlock(int abi, const ChildFileRules* files, std::uint16_t tcp_port)
    : abi_(abi),
      files_(files != nullptr && abi >= kLandlockFileAbi),
      tcp_port_(abi >= kLandlockNetworkAbi ? tcp_port : 0) {
  if (!files_) return;
  handled_fs_ = handled_file_rights(abi);
  for (const std::filesystem::path& path : child_readable_paths()) {
    add(path, kReadTree, kReadFile, false);
  }
  for (const std::filesystem::path& program : files->executable) {
    add(program, 0, kExecute | kReadFile, true);  // execve opens the file for reading too
  }
  if (!files->writable.empty()) add(files->writable, kWriteTree, 0, true);
}

PreparedLandlock::~PreparedLandlock() {
  for (const Rule& rule : rules_) close(rule.fd);
}

void PreparedLandlock::add(const std::filesystem::path& path, std::uint64_t directory_access,
                           std::uint64_t file_access, bool required) {
  const int fd = open(path.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) {
    if (required && error_.empty()) error_ = path.string() + ": " + std::strerror(errno);
    return;
  }
  struct stat info {};
  const bool directory = fstat(fd, &info) == 0 && S_ISDIR(info.st_mode);
  const std::uint64_t access = (directory ? directory_access : file_access & kFileOnlyRights);
  if ((access & handled_fs_) == 0) {
    if (required && error_.empty()) error_ = path.string() + ": not a file";
    close(fd);
    return;
  }
  rules_.push_back(Rule{fd, access & handled_fs_});
}

bool PreparedLandlock::apply_in_child() const noexcept {
  RulesetAttr attr{};
  attr.handled_access_fs = handled_fs_;
  std::size_t size = offsetof(RulesetAttr, handled_access_net);
  if (tcp_port_ != 0) {
    attr.handled_access_net = kAccessNetBindTcp | kAccessNetConnectTcp;
    size = offsetof(RulesetAttr, scoped);
  }
  if (abi_ >= kLandlockScopeAbi) {
    attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
    size = sizeof attr;
  }
  const long ruleset = syscall(SYS_landlock_create_ruleset, &attr, size, 0U);
  if (ruleset < 0) return false;
  const auto fd = static_cast<int>(ruleset);
  bool done = true;
  for (const Rule& rule : rules_) {
    PathBeneathAttr beneath{rule.access, rule.fd};
    done = done && syscall(SYS_landlock_add_rule, fd, kRulePathBeneath, &beneath, 0U) == 0;
  }
  if (files_) {
    // Its own /proc/self (libnuma reads status): opened here, where "self" is the child.
    const int self = open("/proc/self", O_PATH | O_DIRECTORY | O_CLOEXEC);
    PathBeneathAttr beneath{kReadTree, self};
    done = done && self >= 0 &&
           syscall(SYS_landlock_add_rule, fd, kRulePathBeneath, &beneath, 0U) == 0;
    if (self >= 0) close(self);
  }
  if (tcp_port_ != 0) {
    NetPortAttr allowed{kAccessNetConnectTcp, tcp_port_};
    done = done && syscall(SYS_landlock_add_rule, fd, kRuleNetPort, &allowed, 0U) == 0;
  }
  done = done && syscall(SYS_landlock_restrict_self, fd, 0U) == 0;
  const int saved = errno;
  close(fd);
  errno = saved;
  return done;
}

}  // namespace tglink
