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

// One of each record that a store, closed and opened again, must still hold: user 1 ("ann") with
// a link on 2025-03-01, 4096 bytes of bandwidth in 2025-03, link 5 << 20 revoked, and a running
// broadcast whose recipient 1 is sent. Returns the broadcast's id.
inline std::int64_t write_one_of_each(Store& store) {
  store.upsert_user(make_user(1, "Ann", "ann"));
  store.record_link(1, "2025-03-01");
  store.add_bandwidth("2025-03", 4096);
  store.revoke_link(5 << 20, 0);
  const std::int64_t job_id = store.create_broadcast(make_job("running"));
  store.mark_broadcast_recipient(job_id, 1, "sent");
  return job_id;
}

}  // namespace tglink::testing
