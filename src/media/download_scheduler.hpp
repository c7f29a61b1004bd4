#pragma once
// Owns TDLib's one download window per file for one bot, and lets any number of readers wait
// until the bytes they need are on disk.
//
// A reader asks for bytes at an offset. What is already on disk (getFileDownloadedPrefixSize,
// answered from TDLib's bitmap without network) is handed over at once and never downloaded
// again. Otherwise the reader needs the file's window:
//  - an idle window is moved to the reader: downloadFile(offset, limit = read_ahead);
//  - a window that covers the offset is simply waited on; its owner pushes it forward (a new
//    downloadFile from its current offset) once it has read half of it, while nobody else waits;
//  - a window owned by another reader puts this reader in a FIFO queue. When a window finishes,
//    the reader at the head of the queue gets it. So readers of one file at different offsets
//    take turns of one read-ahead chunk each, and all make progress (round robin).
// updateFile wakes the waiting readers. A window that stops before its end (TDLib fails the
// whole download when one part fails), or stays silent for `stall_timeout` (TDLib waits out up
// to a minute of FLOOD_WAIT without a word), is retried after a backoff that doubles each time;
// after `max_failures` failures in a row the readers are told this bot failed, so they can move
// to another bot. Any progress resets the count.
//
// Runs on the io_context thread, like the TelegramClient it drives.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

namespace tglink {

class TelegramClient;

struct DownloadSettings {
  std::int64_t read_ahead = 8 << 20;  // window length; under 2 MiB TDLib fetches fewer parts
  int priority = 16;                  // 1..32
  int max_failures = 5;               // failed windows in a row before the bot is given up
  std::chrono::milliseconds first_backoff{500};
  std::chrono::milliseconds max_backoff{8000};
  // A wait with no updateFile for this long re-sends the window and counts as a failure.
  std::chrono::milliseconds stall_timeout{3000};
};

enum class BytesStatus {
  Ready,      // `available` bytes from the offset are on disk at `path`
  Failed,     // this bot could not download them; `detail` says why
  Stalled,    // no byte came within WaitOptions::patience (a silent flood wait, a lost link)
  Cancelled,  // cancel_wait() was called for this reader
};

// What a reader that downloads one slice of a file (media/spread_reader.hpp) adds to a wait.
struct WaitOptions {
  // The window never reaches past this byte (0 = offset + read_ahead, as for a plain reader).
  std::int64_t window_end = 0;
  // Give up with Stalled after this long without the byte (0 = wait and retry as usual).
  std::chrono::milliseconds patience{0};
  // The window waits behind the bot's other downloads: sent one priority below the usual, so
  // TDLib gives it only the budget the others no longer need (media/bot_turns.hpp says why).
  // A later wait without it sends the window again at the usual priority.
  bool behind = false;
};

struct BytesOnDisk {
  BytesStatus status = BytesStatus::Failed;
  std::int64_t available = 0;
  std::string path;
  std::string detail;
  // The reader had to wait for a download: the bytes were not on disk when it asked.
  bool waited = false;
};

using ReaderId = std::uint64_t;

class DownloadScheduler {
 public:
  // Sees every updateFile of this bot (for the disk cache budget).
  using FileObserver = std::function<void(const boost::json::object& file)>;

  DownloadScheduler(boost::asio::any_io_executor executor, TelegramClient& client,
                    DownloadSettings settings);
  ~DownloadScheduler();
  DownloadScheduler(const DownloadScheduler&) = delete;
  DownloadScheduler& operator=(const DownloadScheduler&) = delete;

  [[nodiscard]] ReaderId new_reader();
  // Waits until at least one byte at `offset` (< file_size) is on disk.
  [[nodiscard]] boost::asio::awaitable<BytesOnDisk> wait_for_bytes(std::int32_t file_id,
                                                                   std::int64_t file_size,
                                                                   std::int64_t offset,
                                                                   ReaderId reader,
                                                                   WaitOptions options = {});
  // Sends the reader's window now (or queues the reader for it) and returns without waiting:
  // the bytes land on disk while the reader does something else.
  void request_window(std::int32_t file_id, std::int64_t file_size, std::int64_t offset,
                      ReaderId reader, WaitOptions options);
  // The reader's window, if it has one under way, ends at `end` from now on (the rest of its
  // slice went to another bot): TDLib is asked for the shorter window and cancels the parts past
  // it, so they are not downloaded twice.
  void shorten_window(std::int32_t file_id, ReaderId reader, std::int64_t end);
  // Makes the reader's wait under way (or its next one) return Cancelled.
  void cancel_wait(std::int32_t file_id, ReaderId reader);
  // The reader stops and nobody else needs its window: TDLib stops downloading it
  // (cancelDownloadFile), so a slice given up or no longer wanted costs no more Telegram bytes.
  void abandon(std::int32_t file_id, ReaderId reader);
  // The reader stops: it leaves the queue, and its window goes to the next reader.
  void reader_done(std::int32_t file_id, ReaderId reader);
  // How many bytes from `offset` are on disk now (getFileDownloadedPrefixSize: no network).
  [[nodiscard]] boost::asio::awaitable<std::int64_t> bytes_on_disk(std::int32_t file_id,
                                                                   std::int64_t offset);
  // The local path TDLib reports now (after a rename, for one); "" when it has none.
  [[nodiscard]] boost::asio::awaitable<std::string> current_path(std::int32_t file_id);
  // Drops what is known of a file (after it was deleted from disk).
  void forget(std::int32_t file_id);

  void set_file_observer(FileObserver observer);
  // Called each time a wait sees no progress for the stall timeout (the window is re-sent).
  void set_stall_observer(std::function<void()> observer);
  // downloadFile requests sent so far (tests and metrics).
  [[nodiscard]] std::uint64_t windows_sent() const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace tglink
