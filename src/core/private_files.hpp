#pragma once
// Files and directories only tglink's own user may open. DATA_DIR holds the store (every user
// id), the link key and TDLib's session, so it is created 0700 and the store's files 0600, as
// secret.key already is. The umask can only take bits away, so modes are set exactly with
// chmod after creation.

#include <filesystem>

namespace tglink {

inline constexpr std::filesystem::perms kPrivateDirectoryPerms = std::filesystem::perms::owner_all;
inline constexpr std::filesystem::perms kPrivateFilePerms =
    std::filesystem::perms::owner_read | std::filesystem::perms::owner_write;

// Creates `dir` with mode 0700 (its missing parents with the default mode). A directory that
// already exists is left as it is: it may be shared on purpose (DATA_DIR=.), and whatever
// tglink puts inside is private by itself. Throws std::filesystem::filesystem_error.
void create_private_directory(const std::filesystem::path& dir);

// Creates `path` empty with mode 0600 when it does not exist. An existing file that group or
// others may open (as stores made by older versions were) is narrowed to 0600. Throws
// std::filesystem::filesystem_error.
void make_private_file(const std::filesystem::path& path);

// make_private_file() for those of `path` that exist; for companions such as "db-wal".
void narrow_if_present(const std::filesystem::path& path);

}  // namespace tglink
