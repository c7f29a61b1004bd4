#pragma once
// Reads a .env file: the optional file of settings next to the binary.
//
// Accepted lines:
//   KEY=VALUE                 surrounding spaces and a trailing " # comment" are dropped
//   export KEY=VALUE          as a shell would source it
//   KEY='VALUE'               taken literally, may span lines
//   KEY="VALUE"               \n \t \r \" \\ and \$ escapes, may span lines
//   # a comment, or a blank line
// A later line for the same KEY replaces an earlier one. Errors name the file and line
// ("./.env:7: expected KEY=VALUE") but never echo the line, which may hold a secret.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "config/env_map.hpp"

namespace tglink {

struct EnvFileResult {
  EnvMap values;                    // whatever parsed, even when some lines did not
  std::vector<std::string> errors;  // one per bad line, in file order

  [[nodiscard]] bool ok() const { return errors.empty(); }
};

// `source_name` labels the errors, usually the file's path.
[[nodiscard]] EnvFileResult parse_env_file(std::string_view content, std::string_view source_name);

// A missing file is an empty, error-free result: the file is optional. An unreadable one is
// an error.
[[nodiscard]] EnvFileResult read_env_file(const std::filesystem::path& path);

}  // namespace tglink
