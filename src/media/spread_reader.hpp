#pragma once
// Sends byte ranges of a file to clients with every bot that can read it downloading a
// different slice ahead of them (media/slice_plan.hpp), each into its own TDLib file through its
// own file id. Each client's bytes go out in order, with sendfile, from whichever bot's file
// holds them. Every stream of one file sent at the same time reads from one plan and one set of
// lanes (SpreadFiles, below), so bytes one stream's slice brings are not downloaded again for
// another.
//
// One worker per lane (bot) takes the next slice (a longer one when no other file uses that
// bot: slice_plan.hpp says why), first looks whether any lane already has its bytes on disk
// (then no Telegram byte is spent), else waits for a seat at that bot (BotTurns, shared by every
// file) and downloads the slice with a window that ends at the slice's end.
// A seat behind another file's slice starts its window at once, one priority lower, so the
// bot's link goes on to it while the lead's last parts arrive.
// A lane that brings no byte for `patience` (a silent flood wait, a lost connection), or less
// than the crawl limit, gives the rest of its slice to another lane and rests, twice as long
// after each stall until it completes a slice again. Toward the end slices shrink so the lanes
// end together, and a lane with nothing left steals the second half of the slowest slice's rest
// (slice_plan.hpp): that slice's window is cut short in TDLib, so at most what it had in flight
// is downloaded twice, reported as MediaObserver::downloaded_twice. A slice no client wants any
// more (its clients stopped or read past it) is cancelled in TDLib; when the file's last client
// stops, every slice under way is, and its last send returns once every worker has stopped.
//
// What it reports to the MediaObserver: bytes sent, as hits when their slice was on disk before
// the stream asked for it (no Telegram byte spent) and as misses when a lane downloaded it; a
// lane that brings no byte for `patience` (or crawls) as a stall of that bot, and every slice a
// lane gives back as a hand-over from that bot. Bytes downloaded are reported per bot by the
// streamer (updateFile), whichever stream asked for them.
//
// Runs on the io_context thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "media/range_reader.hpp"
#include "media/slice_plan.hpp"

namespace tglink {

class BotTurns;
class DownloadScheduler;
class MediaObserver;
class ResponseChannel;

// One bot's view of the file being sent.
struct SpreadLane {
  std::size_t bot = 0;  // index in BotTurns
  DownloadScheduler* scheduler = nullptr;
  std::int32_t file_id = 0;
  std::function<bool()> connected;
};

struct SpreadSettings {
  SliceSettings slices;
  // No byte for this long and the slice goes to another lane. A pause a client sees should stay
  // under 3 s: half of that to notice the silence, the other half for the next bot to
  // bring its first part (two round trips and a part, under 0.5 s at 150 ms). A working bot
  // reports a part at least every round trip plus one part's transfer (about 0.2 s at 150 ms and
  // 8 MiB/s), so 1.5 s is seven such intervals and a slow round trip is not taken for a stall.
  std::chrono::milliseconds patience{1500};
  // The longest rest of a lane after repeated stalls: half the 60 s of flood waits TDLib rides
  // out silently, so a flooded bot is tried again before TDLib itself would give up.
  std::chrono::milliseconds max_rest{30000};
  // A lane that brings less than `crawl_bytes_per_second` over `crawl_window` (a bot slowed to
  // a crawl, still bringing a byte now and then, so never silent for `patience`) gives the rest of
  // its slice to the others as a stalled one does. 350 KiB/s is under a twentieth of a bot's
  // usual 8 MiB/s; 2 s sees several parts of a working bot. 0 = no limit.
  std::uint64_t crawl_bytes_per_second = 350ULL * 1024;
  std::chrono::milliseconds crawl_window{2000};
  // Stalls in a row after which a lane counts as failed (the range fails when all have). With
  // rests of 3, 6, 12 and 24 s between them, five stalls span about 50 s: close to the 60 s
  // TDLib waits on flood waits before it fails a download.
  int max_strikes = 5;
};

struct SpreadTarget {
  std::int64_t file_size = 0;
  std::vector<SpreadLane> lanes;      // their schedulers outlive the SpreadFiles
  MediaObserver* observer = nullptr;  // may be null; outlives the SpreadFiles
};

// The files being sent by several bots now, each with one plan (media/slice_plan.hpp) shared by
// all of its streams. A stream of a file that is being sent already joins that file's plan and
// lanes instead of planning and downloading the same bytes again: the connections of a download
// manager, each asking for its own part of the file, are planned together, so no part is fetched
// twice and no lane reads ahead into another connection's part. The file's lanes are the bots its
// first stream found; its lane workers run until its last stream ends. What the bots' files held
// then is kept for the file's next plan (media/held_bytes.hpp), so a whole-file stream after
// some ranges fetches only the bytes they did not bring. Runs on the io_context thread.
class SpreadFiles {
 public:
  // `turns` (shared by every file) outlives this.
  SpreadFiles(boost::asio::any_io_executor executor, BotTurns& turns, SpreadSettings settings);
  ~SpreadFiles();
  SpreadFiles(const SpreadFiles&) = delete;
  SpreadFiles& operator=(const SpreadFiles&) = delete;

  // The lanes of the file named `key` (its unique id) while some stream of it is being sent.
  [[nodiscard]] std::optional<SpreadTarget> live(const std::string& key) const;
  // Sends `remaining`, taking each byte off its front as it goes out (as send_range does), from
  // the file's live plan, or from a new one over `target`'s lanes when none is live.
  // BotFailed when no lane can bring the bytes; `detail` says why.
  [[nodiscard]] boost::asio::awaitable<RangeEnd> send(std::string key, SpreadTarget target,
                                                      ByteRange& remaining, ResponseChannel& out,
                                                      std::string& detail);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tglink
