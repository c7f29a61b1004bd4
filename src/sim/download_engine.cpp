// The part engine: parts of every active window are started within each bot's in-flight budget,
// complete after the bot's latency and bandwidth allow, are copied from the source file into a
// sparse temp/N file with pwrite, and each completion is reported with updateFile. A finished
// file is renamed into its type folder.

#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "sim/download_plan.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

// Copies one part; false when the source cannot be read.
bool copy_part(const std::string& source, int target_fd, std::int64_t offset, std::int64_t bytes) {
  int source_fd = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (source_fd < 0) return false;
  std::vector<char> buffer(static_cast<std::size_t>(bytes));
  ssize_t got = ::pread(source_fd, buffer.data(), buffer.size(), offset);
  ::close(source_fd);
  if (got != static_cast<ssize_t>(bytes)) return false;
  return ::pwrite(target_fd, buffer.data(), buffer.size(), offset) == got;
}

// files_directory/<folder>/<name>, with _1, _2… when the name is taken.
std::string final_path(const std::string& files_directory, const SimFile& file, int file_id) {
  fs::path folder = fs::path(files_directory) / file_kind_folder(file.kind);
  std::error_code error;
  fs::create_directories(folder, error);
  fs::path name = file.file_name.empty() ? fs::path("file_" + std::to_string(file_id))
                                         : fs::path(file.file_name).filename();
  fs::path candidate = folder / name;
  for (int n = 1; fs::exists(candidate); ++n) {
    candidate =
        folder / (name.stem().string() + "_" + std::to_string(n) + name.extension().string());
  }
  return candidate.string();
}

}  // namespace

void Simulator::cancel_parts(Session& session, FileDownload& download, bool only_outside_window) {
  std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  for (auto it = download.in_flight.begin(); it != download.in_flight.end();) {
    if (only_outside_window && in_window(download, size, it->first)) {
      ++it;
      continue;
    }
    session.in_flight_bytes -= part_bytes(download, size, it->first);
    it = download.in_flight.erase(it);
  }
}

void Simulator::pump(Session& session) {
  if (session.auth != AuthState::kReady) return;
  const BotSettings& settings = bot(session.bot_id).settings;
  bool progress = true;
  while (progress) {
    progress = false;
    for (auto& [file_id, download] : session.downloads) {
      bool room =
          session.in_flight_bytes == 0 || session.in_flight_bytes < settings.in_flight_bytes;
      if (!room) return;
      if (download.active && start_next_part(session, file_id, download)) progress = true;
    }
  }
}

bool Simulator::start_next_part(Session& session, int file_id, FileDownload& download) {
  std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  int part = next_needed_part(download, size);
  if (part < 0) return false;
  std::int64_t bytes = part_bytes(download, size, part);
  BotState& state = bot(session.bot_id);
  TimePoint now = clock_.now();
  auto latency = std::chrono::duration_cast<SimClock::duration>(
      std::chrono::duration<double, std::milli>(state.settings.part_latency_ms));
  TimePoint due = now + latency;
  if (state.settings.bytes_per_second > 0) {
    TimePoint start = std::max(now, state.bandwidth_free_at);
    state.bandwidth_free_at =
        start + std::chrono::duration_cast<SimClock::duration>(std::chrono::duration<double>(
                    static_cast<double>(bytes) / state.settings.bytes_per_second));
    due = std::max(due, state.bandwidth_free_at);
  }
  std::uint64_t ticket = next_ticket_++;
  download.in_flight[part] = ticket;
  session.in_flight_bytes += bytes;
  parts_.push(PartEvent{due, session.client_id, file_id, part, ticket});
  engine_wake_.notify_all();
  return true;
}

void Simulator::complete_part(const PartEvent& event) {
  Session* session = find_session(event.client_id);
  if (session == nullptr) return;
  FileDownload* download = find_download(*session, event.file_id);
  if (download == nullptr) return;
  auto flight = download->in_flight.find(event.part);
  if (flight == download->in_flight.end() || flight->second != event.ticket) return;  // cancelled
  BotState& state = bot(session->bot_id);
  if (!state.settings.connected) {
    stalled_parts_.push_back(event);  // finishes once the bot reconnects (set_connected)
    return;
  }
  if (state.settings.flood_parts != 0) {
    if (state.settings.flood_parts > 0) --state.settings.flood_parts;
    return fail_download(
        *session, event.file_id, *download, 429,
        "Too Many Requests: retry after " + std::to_string(state.settings.flood_retry_after));
  }
  const SimFile& file = world_.files[static_cast<std::size_t>(download->file)];
  if (download->fd < 0) {
    if (download->path.empty()) {
      fs::path temp = fs::path(session->files_directory) / "temp";
      std::error_code error;
      fs::create_directories(temp, error);
      download->path = (temp / std::to_string(++session->next_temp_file)).string();
    }
    download->fd = ::open(download->path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  }
  std::int64_t bytes = part_bytes(*download, file.size, event.part);
  std::int64_t offset = static_cast<std::int64_t>(event.part) * download->part_size;
  if (download->fd < 0 || !copy_part(file.source_path, download->fd, offset, bytes)) {
    return fail_download(*session, event.file_id, *download, 400,
                         "Can't read the source of file " + file.source_path);
  }
  download->in_flight.erase(flight);
  session->in_flight_bytes -= bytes;
  download->done[static_cast<std::size_t>(event.part)] = true;
  state.counters.bytes_downloaded += bytes;
  ++state.counters.parts;
  if (all_done(*download) || window_done(*download, file.size)) {
    finish_window(*session, event.file_id, *download);
  } else {
    emit_file(*session, event.file_id);
  }
  pump(*session);
}

void Simulator::fail_download(Session& session, int file_id, FileDownload& download, int code,
                              const std::string& message) {
  // One failed part fails the whole download, as in TDLib.
  cancel_parts(session, download, false);
  download.active = false;
  emit_file(session, file_id);
  for (const json::value& waiter : download.sync_waiters) {
    answer_error(session, waiter, code, message);
  }
  download.sync_waiters.clear();
}

void Simulator::finish_window(Session& session, int file_id, FileDownload& download) {
  download.active = false;
  if (all_done(download) && !download.completed) {
    const SimFile& file = world_.files[static_cast<std::size_t>(download.file)];
    if (download.fd >= 0) ::close(download.fd);
    download.fd = -1;
    std::string target = final_path(session.files_directory, file, file_id);
    std::error_code error;
    if (download.path.empty()) {
      ::close(::open(target.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));  // empty file
    } else {
      fs::rename(download.path, target, error);
    }
    download.path = target;
    download.completed = true;
  }
  emit_file(session, file_id);
  for (const json::value& waiter : download.sync_waiters) {
    answer(session, waiter, file_object(session, file_id));
  }
  download.sync_waiters.clear();
}

}  // namespace tglink::sim
