// File requests: getFile, downloadFile (one window per file per client), cancelDownloadFile,
// deleteFile and getFileDownloadedPrefixSize. Parts themselves are fetched in download_engine.cpp.

#include <cstdio>

#include <unistd.h>

#include "sim/download_plan.hpp"
#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

constexpr const char* kInvalidFileId = "Invalid file identifier";

// Kinds whose messages carry a thumbnail; TDLib gives the thumbnail its own file id.
bool has_thumbnail(FileKind kind) {
  return kind == FileKind::kVideo || kind == FileKind::kAnimation || kind == FileKind::kVideoNote ||
         kind == FileKind::kSticker || kind == FileKind::kPhoto;
}

}  // namespace

int Simulator::first_file_id(int client_id) {
  // FileManager numbers files per client, so the same file has different ids on different
  // clients. Real ids are small counters that may collide between clients and then silently
  // name another file; each client here counts in a range of its own, so a foreign id is always
  // "not found", and starts past the ids its own profile photos would take.
  constexpr int kIdsPerClient = 1 << 20;
  constexpr int kRanges = (1 << 11) - 1;  // keeps every id inside int32
  return (client_id % kRanges) * kIdsPerClient + 3;
}

int Simulator::local_file_id(Session& session, int file) {
  auto found = session.local_file_ids.find(file);
  if (found != session.local_file_ids.end()) return found->second;
  if (has_thumbnail(world_.files[static_cast<std::size_t>(file)].kind)) ++session.next_file_id;
  int file_id = session.next_file_id++;
  session.local_file_ids[file] = file_id;
  FileDownload& download = session.downloads[file_id];
  download.file = file;
  std::int64_t size = world_.files[static_cast<std::size_t>(file)].size;
  download.part_size = part_size_for(size);
  download.small = size < kSmallFileSize;
  download.reference_epoch = world_.files[static_cast<std::size_t>(file)].reference_epoch;
  download.done.assign(static_cast<std::size_t>(part_count(size, download.part_size)), false);
  return file_id;
}

void Simulator::expire_file_reference(const MessageRecord& record) {
  if (!record.content.file_kind.has_value()) return;
  ++world_.files[static_cast<std::size_t>(record.content.file)].reference_epoch;
}

FileDownload* Simulator::find_download(Session& session, int file_id) {
  auto found = session.downloads.find(file_id);
  return found == session.downloads.end() ? nullptr : &found->second;
}

json::object Simulator::file_object(Session& session, int file_id) {
  const FileDownload& download = session.downloads.at(file_id);
  return sim::file_object(file_id, world_.files[static_cast<std::size_t>(download.file)], &download,
                          session.bot_id);
}

void Simulator::emit_file(Session& session, int file_id) {
  emit(session, json::object{{"@type", "updateFile"}, {"file", file_object(session, file_id)}});
}

// Requests::on_request(getFile) answers FileManager::get_file_object, which is null for an
// unknown id, and a null result is 404 "Not Found".
void Simulator::on_get_file(Session& session, int file_id, const Extra& extra) {
  if (find_download(session, file_id) == nullptr) {
    return answer_error(session, extra, 404, "Not Found");
  }
  answer(session, extra, file_object(session, file_id));
}

void Simulator::on_download_file(Session& session, const json::object& request,
                                 const Extra& extra) {
  int file_id = static_cast<int>(int_field(request, "file_id"));
  std::int64_t priority = int_field(request, "priority");
  std::int64_t offset = int_field(request, "offset");
  std::int64_t limit = int_field(request, "limit");
  bool synchronous = bool_field(request, "synchronous");
  ++bot(session.bot_id).counters.download_file_calls;
  // FileManager::download_file checks the arguments first, then looks the file up.
  if (priority < 1 || priority > 32) {
    return answer_error(session, extra, 400, "Priority must be between 1 and 32");
  }
  if (offset < 0) return answer_error(session, extra, 400, "Download offset must be non-negative");
  if (limit < 0) return answer_error(session, extra, 400, "Download limit must be non-negative");
  FileDownload* download = find_download(session, file_id);
  if (download == nullptr) return answer_error(session, extra, 400, "File not found");
  // FileManager::download_file: synchronous calls wait for one window; a call for another
  // window fails the ones waiting.
  if (!download->sync_waiters.empty() &&
      (offset != download->sync_offset || limit != download->sync_limit)) {
    for (const json::value& waiter : download->sync_waiters) {
      answer_error(session, waiter, 200, "Canceled by another downloadFile request");
    }
    download->sync_waiters.clear();
  }
  if (download->completed) return answer(session, extra, file_object(session, file_id));
  std::int64_t size = world_.files[static_cast<std::size_t>(download->file)].size;
  const std::int64_t new_offset = std::min(offset, size);
  // FileNode::set_download_offset reports a new offset with updateFile; FileLoader's
  // update_downloaded_part keeps the parts in flight at the start of the new window and
  // cancels the rest. A call with the same offset only changes the limit.
  const bool moved = new_offset != download->offset;
  download->offset = new_offset;
  download->limit = limit;
  download->priority = static_cast<int>(priority);
  // ResourceManager::update_priority puts the file first among those of its priority.
  download->requested = ++session.download_requests;
  if (moved) cancel_parts(session, *download, protected_parts(*download, size));
  if (synchronous) {
    download->sync_waiters.push_back(extra);
    download->sync_offset = offset;
    download->sync_limit = limit;
  }
  if (window_done(*download, size)) {
    if (!synchronous) answer(session, extra, file_object(session, file_id));
    return finish_window(session, file_id, *download);
  }
  bool was_active = download->active;
  download->active = true;
  if (!synchronous) answer(session, extra, file_object(session, file_id));
  if (!was_active || moved) emit_file(session, file_id);
  pump(session);
}

void Simulator::on_cancel_download(Session& session, int file_id, const Extra& extra) {
  FileDownload* download = find_download(session, file_id);
  if (download == nullptr) return answer_error(session, extra, 400, kInvalidFileId);
  cancel_parts(session, *download, PartRange{});
  bool was_active = download->active;
  download->active = false;
  answer(session, extra, ok_object());
  settle_sync_waiters(session, *download);
  if (was_active) emit_file(session, file_id);
  pump(session);
}

void Simulator::on_delete_file(Session& session, int file_id, const Extra& extra) {
  FileDownload* download = find_download(session, file_id);
  if (download == nullptr) return answer_error(session, extra, 400, kInvalidFileId);
  cancel_parts(session, *download, PartRange{});
  download->active = false;
  if (download->fd >= 0) ::close(download->fd);
  download->fd = -1;
  if (!download->path.empty()) std::remove(download->path.c_str());
  download->path.clear();
  download->completed = false;
  download->done.assign(download->done.size(), false);
  download->offset = 0;
  download->limit = 0;
  settle_sync_waiters(session, *download);
  answer(session, extra, ok_object());
  emit_file(session, file_id);
  pump(session);
}

void Simulator::on_prefix_size(Session& session, int file_id, std::int64_t offset,
                               const Extra& extra) {
  FileDownload* download = find_download(session, file_id);
  if (download == nullptr) return answer_error(session, extra, 400, kInvalidFileId);
  if (offset < 0) return answer_error(session, extra, 400, "Parameter offset must be non-negative");
  std::int64_t size = world_.files[static_cast<std::size_t>(download->file)].size;
  answer(session, extra,
         json::object{{"@type", "fileDownloadedPrefixSize"},
                      {"size", downloaded_prefix(*download, size, offset)}});
}

}  // namespace tglink::sim
