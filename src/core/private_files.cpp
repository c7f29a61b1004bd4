#include "core/private_files.hpp"

#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tglink {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& path, std::string_view what, int error) {
  throw fs::filesystem_error(std::string(what), path,
                             std::error_code(error, std::generic_category()));
}

bool opens_to_others(fs::perms perms) {
  return (perms & (fs::perms::group_all | fs::perms::others_all)) != fs::perms::none;
}

}  // namespace

void create_private_directory(const fs::path& dir) {
  if (fs::is_directory(dir)) return;
  if (dir.has_parent_path()) fs::create_directories(dir.parent_path());
  if (::mkdir(dir.c_str(), 0700) != 0) {
    if (errno == EEXIST && fs::is_directory(dir)) return;  // made by a racing process
    fail(dir, "cannot create the directory", errno);
  }
  fs::permissions(dir, kPrivateDirectoryPerms, fs::perm_options::replace);
}

void make_private_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) {
    const int chmod_result = ::fchmod(fd, 0600);
    const int error = errno;
    ::close(fd);
    if (chmod_result != 0) fail(path, "cannot make the file private", error);
    return;
  }
  if (errno != EEXIST) fail(path, "cannot create the file", errno);
  narrow_if_present(path);
}

void narrow_if_present(const fs::path& path) {
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (error || !fs::exists(status)) return;
  if (opens_to_others(status.permissions())) {
    fs::permissions(path, kPrivateFilePerms, fs::perm_options::replace);
  }
}

}  // namespace tglink
