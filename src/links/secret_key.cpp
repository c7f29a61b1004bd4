#include "links/secret_key.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <fmt/format.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/private_files.hpp"

namespace tglink {

namespace {

constexpr std::size_t kGeneratedKeyBytes = 32;
constexpr std::size_t kMaxKeyFileBytes = 4096;
constexpr mode_t kPrivateMode = 0600;

// Owns one file descriptor.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  [[nodiscard]] int get() const { return fd_; }
  [[nodiscard]] bool valid() const { return fd_ >= 0; }

 private:
  int fd_;
};

[[noreturn]] void fail(const std::filesystem::path& path, std::string_view what, int error) {
  throw SecretKeyError(
      fmt::format("link secret key file {}: {}: {}", path.string(), what, std::strerror(error)));
}

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1) {
    throw SecretKeyError("OpenSSL's random generator failed; cannot make a link secret key");
  }
  std::string hex;
  hex.reserve(bytes * 2);
  for (const char c : raw) {
    hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
  }
  return hex;
}

std::string trim_trailing_space(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ' ||
                           text.back() == '\t')) {
    text.pop_back();
  }
  return text;
}

// Refuses anything but a regular file that only its owner may read or write.
void check_private(const std::filesystem::path& path, int fd) {
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    fail(path, "cannot stat", errno);
  }
  if (!S_ISREG(info.st_mode)) {
    throw SecretKeyError(
        fmt::format("link secret key file {} is not a regular file", path.string()));
  }
  if ((info.st_mode & 077) != 0) {
    throw SecretKeyError(fmt::format(
        "link secret key file {} has mode {:04o}: group or others may read or change it. If "
        "nobody else has seen it, run `chmod 600 {}`; otherwise delete it to make a new key "
        "(links made with the old key stop working)",
        path.string(), info.st_mode & 07777, path.string()));
  }
}

std::string read_key_file(const std::filesystem::path& path) {
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.valid()) {
    fail(path, "cannot open", errno);
  }
  check_private(path, fd.get());
  std::string content(kMaxKeyFileBytes + 1, '\0');
  std::size_t size = 0;
  while (size < content.size()) {
    const ssize_t got = ::read(fd.get(), content.data() + size, content.size() - size);
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got < 0) {
      fail(path, "cannot read", errno);
    }
    if (got == 0) {
      break;
    }
    size += static_cast<std::size_t>(got);
  }
  if (size > kMaxKeyFileBytes) {
    throw SecretKeyError(fmt::format("link secret key file {} is larger than {} bytes",
                                     path.string(), kMaxKeyFileBytes));
  }
  content.resize(size);
  std::string key = trim_trailing_space(std::move(content));
  if (key.size() < kMinSecretKeyLength) {
    throw SecretKeyError(fmt::format(
        "link secret key file {} holds fewer than {} characters; delete it to make a new key",
        path.string(), kMinSecretKeyLength));
  }
  return key;
}

void write_all(const std::filesystem::path& path, int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t put = ::write(fd, data.data(), data.size());
    if (put < 0 && errno == EINTR) {
      continue;
    }
    if (put < 0) {
      fail(path, "cannot write", errno);
    }
    data.remove_prefix(static_cast<std::size_t>(put));
  }
}

// Makes sure a rename or link into `dir` survives a power cut.
void sync_directory(const std::filesystem::path& dir) {
  const FileDescriptor fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.valid()) {
    ::fsync(fd.get());
  }
}

// Writes the new key to a private temporary file, then hard-links it into place: link() fails
// with EEXIST instead of replacing, so when two processes race, both end up using the winner's
// key. Returns false if another process got there first.
bool create_key_file(const std::filesystem::path& path, const std::string& key) {
  const std::filesystem::path temp =
      path.parent_path() /
      fmt::format("{}.tmp-{}-{}", kSecretKeyFileName, ::getpid(), random_hex(4));
  {
    const FileDescriptor fd(
        ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, kPrivateMode));
    if (!fd.valid()) {
      fail(temp, "cannot create", errno);
    }
    // The umask can only clear bits; fchmod makes the mode exact whatever it is.
    if (::fchmod(fd.get(), kPrivateMode) != 0) {
      const int error = errno;
      ::unlink(temp.c_str());
      fail(temp, "cannot secure", error);
    }
    try {
      write_all(temp, fd.get(), key + "\n");
    } catch (...) {
      ::unlink(temp.c_str());
      throw;
    }
    if (::fsync(fd.get()) != 0) {
      const int error = errno;
      ::unlink(temp.c_str());
      fail(temp, "cannot sync", error);
    }
  }
  const int linked = ::link(temp.c_str(), path.c_str());
  const int link_error = errno;
  ::unlink(temp.c_str());
  if (linked != 0 && link_error == EEXIST) {
    return false;
  }
  if (linked != 0) {
    fail(path, "cannot create", link_error);
  }
  sync_directory(path.parent_path());
  return true;
}

}  // namespace

SecretKey load_secret_key(std::string_view configured, const std::filesystem::path& data_dir) {
  if (!configured.empty()) {
    if (configured.size() < kMinSecretKeyLength) {
      throw SecretKeyError(fmt::format(
          "SECRET_KEY is shorter than {} characters; use a long random value, or leave it unset "
          "to have one generated in DATA_DIR",
          kMinSecretKeyLength));
    }
    return SecretKey{std::string(configured), "SECRET_KEY", false};
  }

  try {
    create_private_directory(data_dir);
  } catch (const std::filesystem::filesystem_error& e) {
    throw SecretKeyError(fmt::format("cannot create DATA_DIR {} for the link secret key: {}",
                                     data_dir.string(), e.code().message()));
  }
  const std::filesystem::path path = data_dir / kSecretKeyFileName;
  bool created = false;
  if (::access(path.c_str(), F_OK) != 0) {
    created = create_key_file(path, random_hex(kGeneratedKeyBytes));
  }
  // Always read back what is on disk, so a process that lost a creation race uses the winner's.
  return SecretKey{read_key_file(path), path.string(), created};
}

}  // namespace tglink
