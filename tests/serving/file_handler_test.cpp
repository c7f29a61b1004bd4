// The /dl and /stream handlers against a fake FileStreamer and a recording channel: every
// refusal with its JSON body and headers, the content plan's statuses, counting and aborts.
#include "serving/file_handler.hpp"

#include <map>
#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

#include "http/internal_request.hpp"
#include "http/router.hpp"
#include "links/link_token.hpp"
#include "links/revoked_links.hpp"
#include "logging/log.hpp"
#include "media/file_streamer.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "serving/link_traffic.hpp"
#include "store/sqlite_store.hpp"
#include "support/case_table.hpp"
#include "support/fake_clock.hpp"
#include "support/recording_channel.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_result_for;
using testing::expect_true_for;

namespace asio = boost::asio;
using namespace std::chrono_literals;
using testing::FakeClock;
using testing::RecordingChannel;

class FakeFileStreamer final : public FileStreamer {
 public:
  std::map<std::int64_t, LocateResult> files;
  std::map<std::int64_t, std::string> contents;
  int locate_calls = 0;
  int stream_calls = 0;
  std::optional<std::uint64_t> fail_after;  // SourceFailed once this many bytes are written
  ActiveStreams* streams = nullptr;         // when set, the count seen during stream()
  std::size_t active_during_stream = 0;

  asio::awaitable<LocateResult> locate(std::int64_t message_id) override {
    ++locate_calls;
    const auto it = files.find(message_id);
    if (it == files.end()) {
      LocateResult missing;
      missing.status = LocateStatus::NotFound;
      co_return missing;
    }
    co_return it->second;
  }

  asio::awaitable<StreamOutcome> stream(const StoredFile& file, ByteRange range,
                                        ResponseChannel& out) override {
    ++stream_calls;
    if (streams != nullptr) active_during_stream = streams->count();
    const std::string& bytes = contents.at(file.message_id);
    std::uint64_t sent = 0;
    while (sent < range.length()) {
      if (fail_after && sent >= *fail_after) co_return StreamOutcome::SourceFailed;
      const std::uint64_t chunk = std::min<std::uint64_t>(range.length() - sent, 3);
      const std::span<const char> piece(bytes.data() + range.begin + sent, chunk);
      if (!co_await out.write(piece)) co_return StreamOutcome::ClientGone;
      sent += chunk;
    }
    co_return StreamOutcome::Complete;
  }
};

constexpr std::int64_t kMessageId = 42LL << 20;
const std::string kContent = "0123456789abcdefghijklmnopqrstuvwxyz";
// kContent's file's ETag, written out: its size in hex and the FNV-1a hash of its unique id
// "AgADuniq". Caches keep the tags earlier versions sent, so a change of format is a failure
// here, not something a test computing the tag with the product's own function would follow.
const std::string kContentEtag = "\"24-acf49fd692936e29\"";

// A file as the store describes it.
StoredFile stored_file(std::int64_t message_id, const std::string& name,
                       const std::string& mime_type, std::int64_t size,
                       const std::string& unique_id) {
  StoredFile file;
  file.message_id = message_id;
  file.file_name = name;
  file.mime_type = mime_type;
  file.size = size;
  file.unique_id = unique_id;
  return file;
}

struct FileHandlerTest : ::testing::Test {
  testing::TempDir dir{"tglink-fh"};
  SqliteStore store{(dir.path() / "t.db").string()};
  FakeClock clock;
  Log log;
  RevokedLinks revoked;
  LinkTokenCodec links{"0123456789abcdef0123456789abcdef"};
  FakeFileStreamer files;
  BandwidthMeter bandwidth{store, clock, 0};
  ActiveStreams streams{clock};
  LinkTrafficMeter traffic{store};
  SourceGrants grants;
  Router router;

  FileHandlerTest() {
    StoredFile file = stored_file(kMessageId, "clip.mp4", "video/mp4",
                                  static_cast<std::int64_t>(kContent.size()), "AgADuniq");
    file.date_unix = 1'700'000'000;
    add_file(file, kContent);
    add_file_routes(router, FileRouteDeps{links, revoked, files, bandwidth, streams, clock, log,
                                          &traffic, &grants});
  }

  void add_file(const StoredFile& file, const std::string& content) {
    LocateResult found;
    found.status = LocateStatus::Found;
    found.file = file;
    files.files[file.message_id] = found;
    files.contents[file.message_id] = content;
  }

  std::string token(std::int64_t message_id = kMessageId,
                    std::optional<SystemTime> expires = std::nullopt) {
    return links.encode(LinkClaims{message_id, expires});
  }

  RecordingChannel get(const std::string& path,
                       std::vector<std::pair<std::string, std::string>> headers = {},
                       const std::string& method = "GET", const std::string& peer = "") {
    HttpRequest request;
    request.method = method;
    request.target = path;
    request.peer_address = peer;
    for (auto& [name, value] : headers) request.headers.emplace_back(name, value);
    RecordingChannel channel;
    asio::io_context io;
    auto done = asio::co_spawn(io, router.dispatch(request, channel), asio::use_future);
    io.run();
    done.get();
    return channel;
  }
};

TEST_F(FileHandlerTest, WholeFileOnDl) {
  const RecordingChannel c = get("/dl/" + token());
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(c.body(), kContent);
  EXPECT_EQ(*c.content_length(), kContent.size());
  EXPECT_EQ(c.header("Content-Type"), "video/mp4");
  EXPECT_EQ(c.header("Accept-Ranges"), "bytes");
  EXPECT_EQ(c.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(c.header("ETag"), kContentEtag);
  EXPECT_EQ(c.header("Last-Modified"), "Tue, 14 Nov 2023 22:13:20 GMT");
  EXPECT_TRUE(c.header("Content-Disposition").starts_with("attachment;"));
  EXPECT_NE(c.header("Content-Disposition").find("clip.mp4"), std::string::npos);
  EXPECT_EQ(c.header("Cache-Control"), "");
  EXPECT_EQ(c.header("Content-Range"), "");
}

// --- the converter's reads (http/internal_request.hpp) ---

TEST_F(FileHandlerTest, ALiveCapabilityReadsItsFileUncountedUntilRevoked) {
  const std::string capability = grants.grant(kMessageId);
  const std::string path = "/source/" + capability;
  const RecordingChannel c = get(path, {}, "GET", "127.0.0.1");
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(c.body(), kContent);
  EXPECT_EQ(c.header("Cache-Control"), "no-store");
  EXPECT_EQ(bandwidth.used_bytes(), 0);  // not viewer traffic: the viewers' bytes are on /hls
  grants.revoke(capability);
  EXPECT_EQ(get(path, {}, "GET", "127.0.0.1").status(), 404);
  EXPECT_EQ(files.locate_calls, 1);
}

// The capability stands for the file: a run granted while a link was valid goes on reading
// once that link has expired or its message was revoked, for the other viewers it converts for.
TEST_F(FileHandlerTest, ACapabilityOutlivesTheLinkThatAskedForIt) {
  const std::string path = "/source/" + grants.grant(kMessageId);
  const std::string expiring = token(kMessageId, clock.now() + 10s);
  EXPECT_EQ(get("/stream/" + expiring).status(), 200);
  clock.advance(11s);
  revoked.add(kMessageId);
  EXPECT_EQ(get("/stream/" + expiring).status(), 410);
  EXPECT_EQ(get("/stream/" + token()).status(), 404);
  const RecordingChannel c = get(path, {}, "GET", "127.0.0.1");
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(c.body(), kContent);
}

TEST_F(FileHandlerTest, ACapabilityFromOutsideIsNotFound) {
  const std::string path = "/source/" + grants.grant(kMessageId);
  EXPECT_EQ(get(path, {}, "GET", "203.0.113.9").status(), 404);
  EXPECT_EQ(get(path, {{"X-Forwarded-For", "203.0.113.9"}}, "GET", "127.0.0.1").status(), 404);
  EXPECT_EQ(get("/source/" + token(), {}, "GET", "127.0.0.1").status(), 404);
  EXPECT_EQ(files.locate_calls, 0);
}

TEST_F(FileHandlerTest, TheOldInternalHeaderFromLoopbackIsAnOrdinaryCountedRead) {
  const RecordingChannel c =
      get("/stream/" + token(), {{"X-Tglink-Internal", "anything"}}, "GET", "127.0.0.1");
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(bandwidth.used_bytes(), static_cast<std::int64_t>(kContent.size()));
}

TEST_F(FileHandlerTest, StreamIsInlineAndCacheable) {
  const RecordingChannel c = get("/stream/" + token());
  EXPECT_EQ(c.status(), 200);
  EXPECT_TRUE(c.header("Content-Disposition").starts_with("inline;"));
  EXPECT_EQ(c.header("Cache-Control"), "public, max-age=3600");
}

TEST_F(FileHandlerTest, AnyFileNameAfterTheTokenIsAccepted) {
  EXPECT_EQ(get("/dl/" + token() + "/whatever.mp4").status(), 200);
  EXPECT_EQ(get("/stream/" + token() + "/x/y").status(), 200);
}

TEST_F(FileHandlerTest, RangeGives206WithTheExactBytes) {
  const RecordingChannel c = get("/stream/" + token(), {{"range", "bytes=10-19"}});
  EXPECT_EQ(c.status(), 206);
  EXPECT_EQ(c.body(), kContent.substr(10, 10));
  EXPECT_EQ(c.header("Content-Range"), "bytes 10-19/36");
  const RecordingChannel suffix = get("/dl/" + token(), {{"range", "bytes=-4"}});
  EXPECT_EQ(suffix.body(), "wxyz");
  const RecordingChannel open = get("/dl/" + token(), {{"range", "bytes=30-999"}});
  EXPECT_EQ(open.body(), kContent.substr(30));
}

TEST_F(FileHandlerTest, UnsatisfiableRangeIs416WithJsonAndSize) {
  const RecordingChannel c = get("/dl/" + token(), {{"range", "bytes=36-"}});
  EXPECT_EQ(c.status(), 416);
  EXPECT_EQ(c.header("Content-Range"), "bytes */36");
  EXPECT_NE(c.body().find("\"RANGE_NOT_SATISFIABLE\""), std::string::npos);
  EXPECT_EQ(files.stream_calls, 0);
}

TEST_F(FileHandlerTest, MatchingIfNoneMatchIs304WithoutBody) {
  const RecordingChannel c = get("/stream/" + token(), {{"if-none-match", kContentEtag}});
  EXPECT_EQ(c.status(), 304);
  EXPECT_EQ(c.body(), "");
  EXPECT_EQ(c.header("ETag"), kContentEtag);
  EXPECT_EQ(files.stream_calls, 0);
}

// No cache may keep a file answer past the end of its link.
TEST_F(FileHandlerTest, MaxAgeNeverOutlivesTheLink) {
  const std::string soon = token(kMessageId, clock.now() + std::chrono::seconds(5));
  EXPECT_EQ(get("/stream/" + soon).header("Cache-Control"), "public, max-age=5");
  EXPECT_EQ(get("/dl/" + soon).header("Cache-Control"), "public, max-age=5");
  const RecordingChannel not_modified = get("/stream/" + soon, {{"if-none-match", kContentEtag}});
  EXPECT_EQ(not_modified.status(), 304);
  EXPECT_EQ(not_modified.header("Cache-Control"), "public, max-age=5");
  const std::string later = token(kMessageId, clock.now() + std::chrono::hours(48));
  EXPECT_EQ(get("/stream/" + later).header("Cache-Control"), "public, max-age=3600");
}

TEST_F(FileHandlerTest, FailedIfMatchIs412) {
  const RecordingChannel c = get("/dl/" + token(), {{"if-match", "\"other\""}});
  EXPECT_EQ(c.status(), 412);
  EXPECT_NE(c.body().find("\"PRECONDITION_FAILED\""), std::string::npos);
}

TEST_F(FileHandlerTest, HeadSendsHeadersAndNeverStreams) {
  const RecordingChannel c = get("/dl/" + token(), {}, "HEAD");
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(*c.content_length(), kContent.size());
  EXPECT_EQ(c.body(), "");
  EXPECT_EQ(files.stream_calls, 0);
  EXPECT_EQ(bandwidth.used_bytes(), 0);
}

TEST_F(FileHandlerTest, ExpiredLinkIs410WithoutTelegram) {
  const std::string expired = token(kMessageId, clock.now() + 1h);
  clock.advance(2h);
  const RecordingChannel c = get("/dl/" + expired);
  EXPECT_EQ(c.status(), 410);
  EXPECT_NE(c.body().find("\"LINK_EXPIRED\""), std::string::npos);
  EXPECT_EQ(c.header("Content-Type"), "application/json");
  EXPECT_EQ(files.locate_calls, 0);
}

TEST_F(FileHandlerTest, InvalidOrTamperedLinkIs404WithoutTelegram) {
  std::string tampered = token();
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  for (const std::string& path : {"/dl/" + tampered, std::string("/dl/"), std::string("/stream/x"),
                                  "/dl/" + std::string(200, 'A')}) {
    const RecordingChannel c = get(path);
    EXPECT_EQ(c.status(), 404) << path;
    EXPECT_NE(c.body().find("\"LINK_NOT_FOUND\""), std::string::npos) << path;
  }
  EXPECT_EQ(files.locate_calls, 0);
}

TEST_F(FileHandlerTest, RevokedLinkIs404) {
  revoked.add(kMessageId);
  const RecordingChannel c = get("/stream/" + token());
  EXPECT_EQ(c.status(), 404);
  EXPECT_NE(c.body().find("\"LINK_REVOKED\""), std::string::npos);
  EXPECT_EQ(files.locate_calls, 0);
}

TEST_F(FileHandlerTest, DeletedMessageIs404) {
  const RecordingChannel c = get("/dl/" + token(kMessageId + (1LL << 20)));
  EXPECT_EQ(c.status(), 404);
  EXPECT_NE(c.body().find("\"FILE_NOT_FOUND\""), std::string::npos);
}

TEST_F(FileHandlerTest, NoBotIs503WithRetryAfter) {
  LocateResult unavailable;
  unavailable.status = LocateStatus::Unavailable;
  files.files[kMessageId] = unavailable;
  const RecordingChannel c = get("/dl/" + token());
  EXPECT_EQ(c.status(), 503);
  EXPECT_EQ(c.header("Retry-After"), "10");
  EXPECT_NE(c.body().find("\"SERVICE_UNAVAILABLE\""), std::string::npos);
}

TEST_F(FileHandlerTest, BandwidthLimitIs429UntilNextMonth) {
  BandwidthMeter limited(store, clock, 10);
  Router limited_router;
  add_file_routes(limited_router,
                  FileRouteDeps{links, revoked, files, limited, streams, clock, log, nullptr});
  router = std::move(limited_router);
  EXPECT_EQ(get("/dl/" + token()).status(), 200);  // under the limit when it started
  const RecordingChannel c = get("/dl/" + token());
  EXPECT_EQ(c.status(), 429);
  EXPECT_NE(c.body().find("\"BANDWIDTH_LIMIT_EXCEEDED\""), std::string::npos);
  // FakeClock starts at 2024-01-15T12:00:00Z: 16.5 days to February.
  EXPECT_EQ(c.header("Retry-After"), std::to_string(16 * 86400 + 12 * 3600));
}

TEST_F(FileHandlerTest, SentBytesAreCountedAsBandwidth) {
  get("/dl/" + token(), {{"range", "bytes=0-9"}});
  get("/dl/" + token());
  EXPECT_EQ(bandwidth.used_bytes(), static_cast<std::int64_t>(10 + kContent.size()));
}

TEST_F(FileHandlerTest, SourceFailureAbortsTheConnection) {
  files.fail_after = 6;
  const RecordingChannel c = get("/dl/" + token());
  EXPECT_EQ(c.status(), 200);
  EXPECT_TRUE(c.aborted());
  EXPECT_EQ(c.body(), kContent.substr(0, 6));  // what was sent is right, and no more
  EXPECT_EQ(bandwidth.used_bytes(), 6);
}

TEST_F(FileHandlerTest, BodyIsTrackedAsAnActiveStreamWhileItRuns) {
  files.streams = &streams;
  get("/stream/" + token());
  EXPECT_EQ(files.active_during_stream, 1U);
  EXPECT_EQ(streams.count(), 0U);
}

TEST_F(FileHandlerTest, EmptyFileIs200WithNoStreamCall) {
  constexpr std::int64_t kEmptyId = 7LL << 20;
  add_file(stored_file(kEmptyId, "empty.bin", "application/octet-stream", 0, "AgADempty"), "");
  const RecordingChannel c = get("/dl/" + token(kEmptyId));
  EXPECT_EQ(c.status(), 200);
  EXPECT_EQ(*c.content_length(), 0U);
  EXPECT_EQ(files.stream_calls, 0);
}

TEST_F(FileHandlerTest, PageTypesAreNeverInlineOnStream) {
  constexpr std::int64_t kPageId = 9LL << 20;
  add_file(stored_file(kPageId, "page.html", "text/html; charset=utf-8", 4, "AgADpage"), "<b>x");
  const RecordingChannel c = get("/stream/" + token(kPageId));
  EXPECT_TRUE(c.header("Content-Disposition").starts_with("attachment;"));
  EXPECT_EQ(c.header("X-Content-Type-Options"), "nosniff");
}

TEST(RunsAsPageInBrowser, KnowsTheDangerousTypes) {
  expect_true_for(runs_as_page_in_browser,
                  {"text/html", "TEXT/HTML; charset=utf-8", "image/svg+xml",
                   "application/xhtml+xml", "text/xml", "application/xml", "text/javascript",
                   "application/javascript", "application/ecmascript"});
  expect_false_for(runs_as_page_in_browser,
                   {"video/mp4", "video/x-matroska", "audio/mpeg", "image/png", "application/pdf",
                    "text/plain", "application/octet-stream", ""});
}

TEST(FileRouteToken, IsTheSegmentAfterThePrefix) {
  expect_result_for(file_route_token, "abc", {"/dl/abc", "/dl/abc/movie.mp4", "/stream/abc/"});
  expect_result_for(file_route_token, "", {"/dl/", "/api/info"});
}

// Each link's own figures: a body from byte 0 is a download; every body byte counts, ranges
// included; HEAD and refusals count nothing. They reach the store only on flush().
TEST_F(FileHandlerTest, EachLinkCountsDownloadsFromByteZeroAndEveryBodyByte) {
  LinkRecord record;
  record.message_id = kMessageId;
  record.user_id = 7;
  record.file_name = "clip.mp4";
  record.file_size = static_cast<std::int64_t>(kContent.size());
  store.add_link(record);

  EXPECT_EQ(get("/dl/" + token()).status(), 200);
  EXPECT_EQ(get("/stream/" + token(), {{"Range", "bytes=10-19"}}).status(), 206);
  EXPECT_EQ(get("/stream/" + token(), {{"Range", "bytes=0-4"}}).status(), 206);
  EXPECT_EQ(get("/dl/" + token(), {}, "HEAD").status(), 200);
  EXPECT_EQ(get("/dl/" + token(), {{"Range", "bytes=999-"}}).status(), 416);

  const LinkTraffic pending = traffic.pending(kMessageId);
  EXPECT_EQ(pending.downloads, 2);
  EXPECT_EQ(pending.bytes, static_cast<std::int64_t>(kContent.size()) + 10 + 5);
  EXPECT_EQ(store.find_link(kMessageId)->downloads, 0);  // not flushed yet

  traffic.flush();
  const LinkRecord stored = *store.find_link(kMessageId);
  EXPECT_EQ(stored.downloads, 2);
  EXPECT_EQ(stored.bytes_served, pending.bytes);
  EXPECT_EQ(traffic.pending(kMessageId).bytes, 0);
  traffic.flush();  // nothing pending: nothing added twice
  EXPECT_EQ(store.find_link(kMessageId)->bytes_served, pending.bytes);
}

// The revoked links are in memory (links/revoked_links.hpp): a revocation added while the
// service runs stops the link at its next request.
TEST_F(FileHandlerTest, ARevocationMadeLaterStopsTheLink) {
  EXPECT_EQ(get("/dl/" + token()).status(), 200);
  revoked.add(kMessageId);
  const RecordingChannel c = get("/dl/" + token());
  EXPECT_EQ(c.status(), 404);
  EXPECT_NE(c.body().find("\"LINK_REVOKED\""), std::string::npos);
}

}  // namespace
}  // namespace tglink
