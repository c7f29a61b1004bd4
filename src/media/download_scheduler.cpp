#include "media/download_scheduler.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "telegram/td_fields.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;
using Steady = std::chrono::steady_clock;

namespace {

// What one file's window and readers look like for one bot.
struct FileState {
  std::int32_t file_id = 0;
  std::int64_t size = 0;
  std::string path;
  // The window as we last set it, and whether TDLib is working on it.
  bool window_active = false;
  std::int64_t window_offset = 0;
  std::int64_t window_end = 0;
  int window_priority = 0;
  ReaderId owner = 0;
  bool granted = false;        // the idle window is promised to `owner`, the next in turn
  std::deque<ReaderId> turns;  // readers waiting for the window, first come first served
  std::set<asio::steady_timer*> sleepers;
  std::set<ReaderId> cancelled;  // readers whose wait must end with Cancelled
  // The contiguous bytes the last updateFile reported: [known_begin, known_end).
  std::int64_t known_begin = 0;
  std::int64_t known_end = 0;
  std::int64_t downloaded_size = 0;
  bool completed = false;
  int failures = 0;
  Steady::time_point retry_at{};
  std::uint64_t generation = 0;  // bumped by every change readers should look at
};

}  // namespace

struct DownloadScheduler::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::any_io_executor executor_in, TelegramClient& client_in, DownloadSettings settings_in)
      : executor(std::move(executor_in)), client(client_in), settings(settings_in) {}

  asio::any_io_executor executor;
  TelegramClient& client;
  DownloadSettings settings;
  SubscriptionId subscription = 0;
  std::map<std::int32_t, std::unique_ptr<FileState>> files;
  FileObserver observer;
  std::function<void()> stall_observer;
  ReaderId next_reader = 1;
  std::uint64_t windows_sent = 0;

  FileState& state(std::int32_t file_id, std::int64_t size) {
    std::unique_ptr<FileState>& slot = files[file_id];
    if (!slot) {
      slot = std::make_unique<FileState>();
      slot->file_id = file_id;
    }
    if (size > 0) slot->size = size;
    return *slot;
  }

  void wake(FileState& file) {
    ++file.generation;
    for (asio::steady_timer* timer : file.sleepers) timer->cancel();
  }

  Steady::duration backoff(int failures) const {
    Steady::duration delay = settings.first_backoff;
    for (int i = 1; i < failures && delay < settings.max_backoff; ++i) delay *= 2;
    return std::min<Steady::duration>(delay, settings.max_backoff);
  }

  // --- updates --------------------------------------------------------------------------

  void on_file(const json::object& file_object) {
    if (observer) observer(file_object);
    auto it = files.find(td_int32(file_object, "id").value_or(0));
    if (it == files.end()) return;
    FileState& file = *it->second;
    const json::object* local_object = td_object(file_object, "local");
    if (local_object == nullptr) return;
    const json::object& local = *local_object;
    if (const std::string_view path = td_string(local, "path").value_or(""); !path.empty()) {
      file.path = path;
    }
    note_progress(file, local);
    const bool downloading = td_bool(local, "is_downloading_active").value_or(false);
    if (file.window_active && !downloading) window_stopped(file);
    wake(file);
  }

  void note_progress(FileState& file, const json::object& local) {
    file.known_begin = td_int53(local, "download_offset").value_or(0);
    file.known_end = file.known_begin + td_int53(local, "downloaded_prefix_size").value_or(0);
    const std::int64_t downloaded = td_int53(local, "downloaded_size").value_or(0);
    if (downloaded > file.downloaded_size) file.failures = 0;
    file.downloaded_size = downloaded;
    file.completed = td_bool(local, "is_downloading_completed").value_or(false);
  }

  void window_stopped(FileState& file) {
    file.window_active = false;
    const bool whole_window = file.known_begin <= file.window_offset &&
                              file.known_end >= std::min(file.window_end, file.size);
    if (!file.completed && !whole_window) {
      failed(file);
      return;
    }
    if (!file.turns.empty()) pass_turn(file);
  }

  // The window goes, idle, to the reader at the head of the queue; it moves it to its offset
  // when it next claims (see claim()).
  void pass_turn(FileState& file) {
    file.owner = file.turns.front();
    file.turns.pop_front();
    file.granted = true;
    file.window_active = false;
  }

  void failed(FileState& file) {
    ++file.failures;
    file.retry_at = Steady::now() + backoff(file.failures);
  }

  // --- the window -------------------------------------------------------------------------

  std::int64_t window_end_for(const FileState& file, std::int64_t offset, std::int64_t cap) const {
    const std::int64_t end = std::min(offset + settings.read_ahead, file.size);
    return cap > offset ? std::min(end, cap) : end;
  }

  int priority_for(const WaitOptions& options) const {
    return options.behind ? std::max(1, settings.priority - 1) : settings.priority;
  }

  void send_window(FileState& file, ReaderId reader, std::int64_t offset, std::int64_t cap,
                   int priority) {
    file.owner = reader;
    file.granted = false;
    file.window_active = true;
    file.window_offset = offset;
    file.window_end = window_end_for(file, offset, cap);
    file.window_priority = priority;
    std::erase(file.turns, reader);
    ++windows_sent;
    json::object request{
        {"@type", "downloadFile"}, {"file_id", file.file_id},           {"priority", priority},
        {"offset", offset},        {"limit", file.window_end - offset}, {"synchronous", false}};
    std::weak_ptr<Impl> weak = weak_from_this();
    const std::int32_t file_id = file.file_id;
    client.send(std::move(request), [weak, file_id](json::object answer) {
      if (std::shared_ptr<Impl> self = weak.lock()) self->on_window_answer(file_id, answer);
    });
  }

  void on_window_answer(std::int32_t file_id, const json::object& answer) {
    auto it = files.find(file_id);
    if (it == files.end()) return;
    FileState& file = *it->second;
    if (is_error(answer)) {
      file.window_active = false;
      failed(file);
      wake(file);
      return;
    }
    if (const std::string_view path = td_string(answer, "local.path").value_or(""); !path.empty()) {
      file.path = path;
    }
  }

  bool covers(const FileState& file, std::int64_t offset) const {
    return file.window_active && file.window_offset <= offset && offset < file.window_end;
  }

  // Makes sure the window will bring the byte at `offset`, or queues the reader for its turn.
  void claim(FileState& file, ReaderId reader, std::int64_t offset, const WaitOptions& options) {
    const std::int64_t cap = options.window_end;
    const int priority = priority_for(options);
    if (covers(file, offset)) {
      const bool pushable = file.owner == reader && file.turns.empty() &&
                            offset - file.window_offset >= settings.read_ahead / 2 &&
                            window_end_for(file, offset, cap) > file.window_end;
      // A window that waited behind comes to the front: TDLib moves a download to its new
      // priority when downloadFile is called again (ResourceManager::update_priority).
      const bool promoted = file.owner == reader && file.window_priority != priority;
      // A window whose end came nearer (the rest of a slice went to another bot): TDLib cancels
      // the parts past a new, shorter limit, so they are not downloaded twice.
      const bool shortened = file.owner == reader && cap > offset && cap < file.window_end;
      if (pushable || promoted || shortened) send_window(file, reader, offset, cap, priority);
      return;
    }
    const bool my_turn = file.owner == reader && (file.turns.empty() || !file.window_active);
    const bool idle = !file.window_active && !file.granted &&
                      (file.turns.empty() || file.turns.front() == reader);
    if (my_turn || idle) {
      send_window(file, reader, offset, cap, priority);
      return;
    }
    if (file.owner == reader && file.window_active) {
      // The owner's turn is over (it read past its window) and others wait: hand it on.
      pass_turn(file);
      wake(file);
    }
    if (std::find(file.turns.begin(), file.turns.end(), reader) == file.turns.end()) {
      file.turns.push_back(reader);
    }
  }

  // --- waiting ----------------------------------------------------------------------------

  asio::awaitable<std::int64_t> prefix_size(std::int32_t file_id, std::int64_t offset) {
    json::object request{
        {"@type", "getFileDownloadedPrefixSize"}, {"file_id", file_id}, {"offset", offset}};
    const json::object answer = co_await client.request(std::move(request));
    co_return is_error(answer) ? 0 : td_int53(answer, "size").value_or(0);
  }

  // Sleeps until `file` changes, `deadline` passes or the stall timeout runs out.
  asio::awaitable<bool> sleep(FileState& file, Steady::time_point deadline) {
    asio::steady_timer timer(executor);
    timer.expires_at(std::min(deadline, Steady::now() + settings.stall_timeout));
    file.sleepers.insert(&timer);
    auto [ec] = co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    file.sleepers.erase(&timer);
    co_return ec == asio::error::operation_aborted;  // woken by a change
  }

  asio::awaitable<BytesOnDisk> wait_for_bytes(std::int32_t file_id, std::int64_t size,
                                              std::int64_t offset, ReaderId reader,
                                              WaitOptions options) {
    std::shared_ptr<Impl> keep = shared_from_this();
    FileState& file = state(file_id, size);
    const Steady::time_point give_up_at =
        options.patience.count() > 0 ? Steady::now() + options.patience : Steady::time_point::max();
    bool waited = false;
    for (;;) {
      if (file.cancelled.erase(reader) > 0)
        co_return BytesOnDisk{BytesStatus::Cancelled, 0, {}, {}};
      const std::uint64_t seen = file.generation;
      std::int64_t available = known_available(file, offset);
      if (available == 0) available = co_await prefix_size(file_id, offset);
      if (available > 0) co_return co_await ready(file, available, waited);
      if (file.failures >= settings.max_failures) co_return given_up(file);
      if (file.generation != seen) continue;  // something changed while we asked
      const Steady::time_point now = Steady::now();
      if (now >= give_up_at) co_return stalled(file, offset, options.patience);
      if (now < file.retry_at) {
        co_await sleep(file, std::min(file.retry_at, give_up_at));
        continue;
      }
      claim(file, reader, offset, options);
      waited = true;
      const bool woken = co_await sleep(file, give_up_at);
      if (!woken && file.generation == seen && Steady::now() < give_up_at) {
        // Stalled: no news for a while. Re-send the window, whoever had it. TDLib waits out up
        // to a minute of FLOOD_WAIT without a word, so a window that stays silent counts as a
        // failure: after max_failures the readers move to another bot.
        if (file.window_active) failed(file);
        file.window_active = false;
        file.granted = false;
        if (stall_observer) stall_observer();
      }
    }
  }

  static std::int64_t known_available(const FileState& file, std::int64_t offset) {
    if (file.completed) return file.size - offset;
    if (file.known_begin <= offset && offset < file.known_end) return file.known_end - offset;
    return 0;
  }

  asio::awaitable<BytesOnDisk> ready(FileState& file, std::int64_t available, bool waited) {
    file.failures = 0;
    if (file.path.empty()) file.path = co_await fetch_path(file.file_id);
    co_return BytesOnDisk{BytesStatus::Ready, available, file.path, {}, waited};
  }

  static BytesOnDisk stalled(const FileState& file, std::int64_t offset,
                             std::chrono::milliseconds patience) {
    BytesOnDisk result;
    result.status = BytesStatus::Stalled;
    result.detail = "file " + std::to_string(file.file_id) + ": no byte at " +
                    std::to_string(offset) + " for " + std::to_string(patience.count()) + " ms";
    return result;
  }

  BytesOnDisk given_up(FileState& file) {
    BytesOnDisk result;
    result.detail = "file " + std::to_string(file.file_id) + ": " + std::to_string(file.failures) +
                    " download attempts failed in a row";
    // The next reader starts afresh, after one more backoff.
    file.failures = 0;
    file.retry_at = Steady::now() + settings.max_backoff;
    return result;
  }

  asio::awaitable<std::string> fetch_path(std::int32_t file_id) {
    json::object request{{"@type", "getFile"}, {"file_id", file_id}};
    const json::object answer = co_await client.request(std::move(request));
    co_return std::string(td_string(answer, "local.path").value_or(""));
  }

  void request_window(std::int32_t file_id, std::int64_t size, std::int64_t offset, ReaderId reader,
                      const WaitOptions& options) {
    FileState& file = state(file_id, size);
    if (known_available(file, offset) > 0 || Steady::now() < file.retry_at) return;
    claim(file, reader, offset, options);
  }

  void shorten_window(std::int32_t file_id, ReaderId reader, std::int64_t end) {
    auto it = files.find(file_id);
    if (it == files.end()) return;
    FileState& file = *it->second;
    if (file.owner != reader || !file.window_active || end >= file.window_end) return;
    const bool prefix_in_window =
        file.known_begin <= file.window_offset && file.known_end > file.window_offset;
    const std::int64_t from = prefix_in_window ? file.known_end : file.window_offset;
    // Nothing left before the new end: the reader is done at once and abandon() cancels it.
    if (from >= end) return;
    send_window(file, reader, from, end, file.window_priority);
  }

  void cancel_wait(std::int32_t file_id, ReaderId reader) {
    auto it = files.find(file_id);
    if (it == files.end()) return;
    it->second->cancelled.insert(reader);
    wake(*it->second);
  }

  void abandon(std::int32_t file_id, ReaderId reader) {
    auto it = files.find(file_id);
    if (it == files.end()) return;
    FileState& file = *it->second;
    const bool mine = file.owner == reader || file.owner == 0;
    reader_done(file_id, reader);
    const bool unwanted = mine && file.owner == 0 && file.turns.empty() && file.sleepers.empty();
    if (!unwanted || file.completed) return;
    file.window_active = false;
    json::object cancel{
        {"@type", "cancelDownloadFile"}, {"file_id", file_id}, {"only_if_pending", false}};
    client.send(std::move(cancel), [](json::object) {});
  }

  void reader_done(std::int32_t file_id, ReaderId reader) {
    auto it = files.find(file_id);
    if (it == files.end()) return;
    FileState& file = *it->second;
    file.cancelled.erase(reader);
    std::erase(file.turns, reader);
    if (file.owner != reader) return;
    if (file.turns.empty()) {
      file.owner = 0;
      file.granted = false;
      return;
    }
    pass_turn(file);
    wake(file);
  }
};

DownloadScheduler::DownloadScheduler(asio::any_io_executor executor, TelegramClient& client,
                                     DownloadSettings settings)
    : impl_(std::make_shared<Impl>(std::move(executor), client, settings)) {
  std::weak_ptr<Impl> weak = impl_;
  impl_->subscription = client.subscribe("updateFile", [weak](const json::object& update) {
    std::shared_ptr<Impl> self = weak.lock();
    const json::object* file = td_object(update, "file");
    if (self && file != nullptr) self->on_file(*file);
  });
}

DownloadScheduler::~DownloadScheduler() { impl_->client.unsubscribe(impl_->subscription); }

ReaderId DownloadScheduler::new_reader() { return impl_->next_reader++; }

asio::awaitable<BytesOnDisk> DownloadScheduler::wait_for_bytes(std::int32_t file_id,
                                                               std::int64_t file_size,
                                                               std::int64_t offset, ReaderId reader,
                                                               WaitOptions options) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await impl->wait_for_bytes(file_id, file_size, offset, reader, options);
}

void DownloadScheduler::request_window(std::int32_t file_id, std::int64_t file_size,
                                       std::int64_t offset, ReaderId reader, WaitOptions options) {
  impl_->request_window(file_id, file_size, offset, reader, options);
}

void DownloadScheduler::shorten_window(std::int32_t file_id, ReaderId reader, std::int64_t end) {
  impl_->shorten_window(file_id, reader, end);
}

void DownloadScheduler::cancel_wait(std::int32_t file_id, ReaderId reader) {
  impl_->cancel_wait(file_id, reader);
}

void DownloadScheduler::abandon(std::int32_t file_id, ReaderId reader) {
  impl_->abandon(file_id, reader);
}

void DownloadScheduler::reader_done(std::int32_t file_id, ReaderId reader) {
  impl_->reader_done(file_id, reader);
}

asio::awaitable<std::int64_t> DownloadScheduler::bytes_on_disk(std::int32_t file_id,
                                                               std::int64_t offset) {
  std::shared_ptr<Impl> impl = impl_;
  auto it = impl->files.find(file_id);
  if (it != impl->files.end()) {
    const std::int64_t known = Impl::known_available(*it->second, offset);
    if (known > 0) co_return known;
  }
  const std::int64_t size = co_await impl->prefix_size(file_id, offset);
  co_return size;
}

asio::awaitable<std::string> DownloadScheduler::current_path(std::int32_t file_id) {
  std::shared_ptr<Impl> impl = impl_;
  std::string path = co_await impl->fetch_path(file_id);
  co_return path;
}

void DownloadScheduler::forget(std::int32_t file_id) {
  auto it = impl_->files.find(file_id);
  if (it == impl_->files.end() || !it->second->sleepers.empty()) return;
  impl_->files.erase(it);
}

void DownloadScheduler::set_file_observer(FileObserver observer) {
  impl_->observer = std::move(observer);
}

void DownloadScheduler::set_stall_observer(std::function<void()> observer) {
  impl_->stall_observer = std::move(observer);
}

std::uint64_t DownloadScheduler::windows_sent() const { return impl_->windows_sent; }

}  // namespace tglink
