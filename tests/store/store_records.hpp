#pragma once
// Sample records for the store tests.

#include <cstdint>
#include <string>
#include <utility>

#include "store/store.hpp"

namespace tglink::testing {

inline UserRecord make_user(std::int64_t id, std::string first_name, std::string username = "") {
  UserRecord user;
  user.user_id = id;
  user.first_name = std::move(first_name);
  user.username = std::move(username);
  user.first_seen_unix = 1'700'000'000 + id;
  return user;
}

inline BroadcastJob make_job(std::string state = "pending") {
  BroadcastJob job;
  job.admin_chat_id = 11;
  job.source_chat_id = 22;
  job.source_message_id = 33 << 20;
  job.progress_message_id = 44 << 20;
  job.state = std::move(state);
  job.total = 5;
  return job;
}

inline PendingUpload make_upload(std::int64_t user, std::int64_t message,
                                 std::string stage = "queued") {
  PendingUpload upload;
  upload.user_id = user;
  upload.chat_id = user;
  upload.message_id = message << 20;
  upload.file_kind = "video";
  upload.file_name = "clip.mp4";
  upload.mime_type = "video/mp4";
  upload.file_size = 2048;
  upload.stage = std::move(stage);
  upload.received_unix = 1'700'000'000;
  return upload;
}

}  // namespace tglink::testing
