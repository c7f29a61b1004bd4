#pragma once
// A file a user sends the bot, as the simulator's send_file takes it: the request the batch tests
// build for every file they collect.

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>

#include "sim/control_client.hpp"

namespace tglink::testing {

inline sim::SendFileRequest user_file(std::int64_t user, const std::filesystem::path& path,
                                      std::string kind, std::string mime_type,
                                      std::string file_name = "") {
  sim::SendFileRequest request;
  request.user_id = user;
  request.path = path.string();
  request.kind = std::move(kind);
  request.mime_type = std::move(mime_type);
  request.file_name = std::move(file_name);
  return request;
}

}  // namespace tglink::testing
