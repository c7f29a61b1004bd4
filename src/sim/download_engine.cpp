// The part engine, as TDLib's FileLoader, ResourceManager and NetQueryDelayer run downloads:
// parts of every active window start within the client's in-flight budget, most recent request
// first; each answer comes after the bot's round trip and link allow, is copied from the source
// file into a sparse temp/N file (by the kernel where it can) and reported with updateFile.
// FLOOD_WAIT answers are waited out silently, an expired file reference is repaired, and a
// finished file is renamed into its type folder.

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <optional>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "sim/download_plan.hpp"
#include "sim/file_names.hpp"
#include "sim/network_profile.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;
namespace fs = std::filesystem;

namespace {

// Copies [offset, offset + bytes) of `source_fd` into the same place of `target_fd` with a user
// buffer: where the kernel cannot copy between the two files itself.
bool copy_through_buffer(int source_fd, int target_fd, std::int64_t offset, std::int64_t bytes) {
  std::vector<char> buffer(static_cast<std::size_t>(bytes));
  const ssize_t got = ::pread(source_fd, buffer.data(), buffer.size(), offset);
  if (got != static_cast<ssize_t>(bytes)) return false;
  return ::pwrite(target_fd, buffer.data(), buffer.size(), offset) == got;
}

enum class KernelCopy { kCopied, kFailed, kUnsupported };

// The kernel copies the part from file to file: every test that downloads runs the simulator, and
// a fresh buffer per part (half a megabyte, a new mapping each time under ASan) was a large share
// of such a test's page faults. kFailed when the source ends early; kUnsupported when the kernel
// cannot copy between these two files at all.
KernelCopy copy_in_kernel(int source_fd, int target_fd, std::int64_t offset, std::int64_t bytes) {
  loff_t in = offset;
  loff_t out = offset;
  std::int64_t left = bytes;
  while (left > 0) {
    const ssize_t copied =
        ::copy_file_range(source_fd, &in, target_fd, &out, static_cast<std::size_t>(left), 0);
    if (copied < 0) {
      const bool unsupported =
          errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP;
      return unsupported && left == bytes ? KernelCopy::kUnsupported : KernelCopy::kFailed;
    }
    if (copied == 0) return KernelCopy::kFailed;
    left -= copied;
  }
  return KernelCopy::kCopied;
}

// Copies one part; false when the source cannot be read, which fails the whole download as a
// failed part does in TDLib (fail_download). Copying in the kernel changes no answer a client sees.
bool copy_part(const std::string& source, int target_fd, std::int64_t offset, std::int64_t bytes) {
  const int source_fd = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (source_fd < 0) return false;
  const KernelCopy kernel = copy_in_kernel(source_fd, target_fd, offset, bytes);
  const bool copied =
      kernel == KernelCopy::kCopied || (kernel == KernelCopy::kUnsupported &&
                                        copy_through_buffer(source_fd, target_fd, offset, bytes));
  ::close(source_fd);
  return copied;
}

// files_directory/<folder>/<name>, with _1, _2… when the name is taken.
bool ignores_file_names(const Session& session) {
  const json::value* option = session.options.if_contains("ignore_file_names");
  if (option == nullptr || !option->is_object()) return false;
  const json::value* value = option->as_object().if_contains("value");
  return value != nullptr && value->is_bool() && value->as_bool();
}

// create_from_temp: the first of the suggested names (sim/file_names.hpp) that can be created
// new, as try_create_new_file does (O_EXCL, never an existing file); nullopt when none can. The
// list is short and each try one system call, so the simulator's lock is held briefly.
std::optional<std::string> final_path(Session& session, const SimFile& file, int file_id) {
  const std::string folder = session.files_directory + "/" + file_kind_folder(file.kind);
  std::error_code error;
  fs::create_directories(folder, error);
  const bool ignore_names = ignores_file_names(session);
  const int perm_file_id = ignore_names ? session.next_perm_file_id++ : 0;
  const auto seed = static_cast<unsigned>(session.client_id * 7919 + file_id);
  for (const std::string& name :
       suggested_file_names(file.file_name, ignore_names, perm_file_id, seed)) {
    const std::string path = folder + "/" + name;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
      ::close(fd);
      return path;
    }
  }
  return std::nullopt;
}

// FileDownloadManager::download keeps one ResourceManager for small files and one for the rest.
std::int64_t& budget_in_use(Session& session, const FileDownload& download) {
  return download.small ? session.in_flight_small_bytes : session.in_flight_bytes;
}

SimClock::duration seconds(double value) {
  return std::chrono::duration_cast<SimClock::duration>(std::chrono::duration<double>(value));
}

}  // namespace

void Simulator::cancel_parts(Session& session, FileDownload& download, PartRange keep) {
  std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  for (auto it = download.in_flight.begin(); it != download.in_flight.end();) {
    if (it->first >= keep.first && it->first < keep.end) {
      ++it;
      continue;
    }
    budget_in_use(session, download) -= part_bytes(download, size, it->first);
    it = download.in_flight.erase(it);
  }
}

// ResourceManager::loop in Baseline mode (FileDownloadManager's mode): downloads in order of
// priority, the most recently requested first (ResourceManager::add_node); each gets what its
// window still needs (PartsManager::get_estimated_extra) in whole parts, and the first one left
// wanting stops the loop, so earlier downloads wait until the latest has all it needs.
void Simulator::pump(Session& session) {
  if (session.auth != AuthState::kReady) return;
  for (bool small : {false, true}) pump_budget(session, small);
}

void Simulator::pump_budget(Session& session, bool small) {
  std::vector<std::pair<int, FileDownload*>> queue;
  for (auto& [file_id, download] : session.downloads) {
    if (download.active && !download.repairing && download.small == small) {
      queue.emplace_back(file_id, &download);
    }
  }
  std::sort(queue.begin(), queue.end(), [](const auto& a, const auto& b) {
    if (a.second->priority != b.second->priority) return a.second->priority > b.second->priority;
    return a.second->requested > b.second->requested;
  });
  const std::int64_t budget = bot(session.bot_id).settings.in_flight_bytes;
  for (auto& [file_id, download] : queue) {
    const std::int64_t size = world_.files[static_cast<std::size_t>(download->file)].size;
    for (int part = next_needed_part(*download, size); part >= 0;
         part = next_needed_part(*download, size)) {
      // FileLoader::do_loop starts a part only while a whole part size of budget is unused.
      if (budget - budget_in_use(session, *download) < download->part_size) return;
      start_part(session, file_id, *download, part);
    }
  }
}

void Simulator::start_part(Session& session, int file_id, FileDownload& download, int part) {
  std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  std::int64_t bytes = part_bytes(download, size, part);
  std::uint64_t ticket = next_ticket_++;
  download.in_flight[part] = PartInFlight{ticket};
  budget_in_use(session, download) += bytes;
  send_part(session, PartEvent{clock_.now(), session.client_id, file_id, part, ticket}, bytes);
}

void Simulator::send_part(Session& session, PartEvent event, std::int64_t bytes) {
  BotState& state = bot(session.bot_id);
  ++state.counters.part_requests;
  event.due = part_arrival(state, event.due, bytes);
  parts_.push(event);
  engine_wake_.notify_all();
}

void Simulator::complete_part(const PartEvent& event) {
  Session* session = find_session(event.client_id);
  if (session == nullptr) return;
  FileDownload* download = find_download(*session, event.file_id);
  if (download == nullptr) return;
  auto flight = download->in_flight.find(event.part);
  if (flight == download->in_flight.end() || flight->second.ticket != event.ticket) return;
  BotState& state = bot(session->bot_id);
  if (!state.settings.connected) {
    stalled_parts_.push_back(event);  // finishes once the bot reconnects (set_connected)
    return;
  }
  if (state.settings.flood_parts != 0) return flood_wait_part(*session, event, flight->second);
  const SimFile& file = world_.files[static_cast<std::size_t>(download->file)];
  if (download->reference_epoch != file.reference_epoch) {
    return repair_reference(*session, event.file_id, *download);
  }
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
    return fail_download(*session, event.file_id, *download);
  }
  download->in_flight.erase(flight);
  budget_in_use(*session, *download) -= bytes;
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

// NetQueryDelayer::delay: the part is sent again after FLOOD_WAIT_N seconds (after 1, 2, 4…
// for FLOOD_WAIT_0) with no word to the client; once its waits add up to more than
// total_timeout_limit it fails with 429, and FileLoader fails the whole download with it.
void Simulator::flood_wait_part(Session& session, const PartEvent& event, PartInFlight& flight) {
  BotState& state = bot(session.bot_id);
  if (state.settings.flood_parts > 0) --state.settings.flood_parts;
  ++state.counters.part_flood_waits;
  double wait = state.settings.flood_retry_after;
  if (wait == 0) {
    wait = flight.next_wait_seconds;
    if (wait < kFloodWaitLimitSeconds) flight.next_wait_seconds *= 2;
  } else {
    flight.next_wait_seconds = 1;
  }
  flight.total_wait_seconds += wait;
  FileDownload& download = *find_download(session, event.file_id);
  if (flight.total_wait_seconds > kFloodWaitLimitSeconds) {
    return fail_download(session, event.file_id, download);
  }
  std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  PartEvent again = event;
  again.due = clock_.now() + seconds(wait);
  send_part(session, again, part_bytes(download, size, event.part));
}

// FileManager::on_download_error_impl drops the expired reference and run_download asks
// FileReferenceManager::repair_file_reference for a new one: the message the file came in is
// fetched again (one round trip). With a new reference the download goes on from where it was;
// with no message left to fetch it fails.
void Simulator::repair_reference(Session& session, int file_id, FileDownload& download) {
  cancel_parts(session, download, PartRange{});
  download.repairing = true;
  const int client_id = session.client_id;
  at(clock_.now() + round_trip(bot(session.bot_id)),
     [this, client_id, file_id] { finish_repair(client_id, file_id); });
  pump(session);
}

void Simulator::finish_repair(int client_id, int file_id) {
  Session* session = find_session(client_id);
  if (session == nullptr) return;
  FileDownload* download = find_download(*session, file_id);
  if (download == nullptr || !download->repairing) return;
  download->repairing = false;
  if (!download->active) return;  // cancelled meanwhile
  if (!refetch_source(*session, download->file)) return fail_download(*session, file_id, *download);
  download->reference_epoch =
      world_.files[static_cast<std::size_t>(download->file)].reference_epoch;
  ++bot(session->bot_id).counters.file_reference_repairs;
  pump(*session);
}

bool Simulator::refetch_source(Session& session, int file) {
  auto sources = session.file_sources.find(file);
  if (sources == session.file_sources.end()) return false;
  for (const auto& [chat_id, server_id] : sources->second) {
    if (!can_read_chat(session, chat_id)) continue;
    const MessageRecord* record =
        world_.find_message(World::chat_key(session.bot_id, chat_id), server_id);
    if (record == nullptr || record->deleted) continue;
    touch_message(session, chat_id, server_id);  // the fetched message is loaded again
    return true;
  }
  return false;
}

void Simulator::fail_download(Session& session, int file_id, FileDownload& download) {
  // One failed part fails the whole download, as in TDLib (FileManager::on_file_load_error).
  cancel_parts(session, download, PartRange{});
  download.active = false;
  emit_file(session, file_id);
  settle_sync_waiters(session, download);
}

// FileManager::on_user_file_download_finished: a synchronous downloadFile gets the file when its
// window is on disk, otherwise 400 "File download has failed or was canceled".
void Simulator::settle_sync_waiters(Session& session, FileDownload& download) {
  if (download.sync_waiters.empty()) return;
  const int file_id = session.local_file_ids.at(download.file);
  const std::int64_t size = world_.files[static_cast<std::size_t>(download.file)].size;
  const std::int64_t prefix = downloaded_prefix(download, size, download.sync_offset);
  const bool satisfied = download.completed || download.sync_offset + prefix == size ||
                         (download.sync_limit > 0 && prefix >= download.sync_limit);
  std::vector<json::value> waiters = std::move(download.sync_waiters);
  download.sync_waiters.clear();
  for (const json::value& waiter : waiters) {
    if (satisfied) {
      answer(session, waiter, file_object(session, file_id));
    } else {
      answer_error(session, waiter, 400, "File download has failed or was canceled");
    }
  }
}

void Simulator::finish_window(Session& session, int file_id, FileDownload& download) {
  // PartsManager::may_finish: the loader stops, and parts still in flight are dropped with it.
  cancel_parts(session, download, PartRange{});
  download.active = false;
  if (all_done(download) && !download.completed) {
    const SimFile& file = world_.files[static_cast<std::size_t>(download.file)];
    if (download.fd >= 0) ::close(download.fd);
    download.fd = -1;
    // No name left: FileDownloader::on_ok fails, and the download ends neither active nor
    // complete, its bytes still in temp/.
    if (const std::optional<std::string> target = final_path(session, file, file_id)) {
      std::error_code error;
      // The new name was created empty; an empty download is just that, others replace it.
      if (!download.path.empty()) fs::rename(download.path, *target, error);
      if (!error) {
        download.path = *target;
        download.completed = true;
      }
    }
  }
  emit_file(session, file_id);
  settle_sync_waiters(session, download);
}

}  // namespace tglink::sim
