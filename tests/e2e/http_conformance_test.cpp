// End to end: the real tglink binary on the TDLib simulator, spoken to over
// raw sockets (support/raw_http_socket.hpp) so that nothing between the test and the server can
// smooth over what went over the wire. Each test names the rule it checks; the rules and the
// bounds are listed in docs/reliability.md, "HTTP conformance".
#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "e2e/streaming_support.hpp"
#include "support/bot_replies.hpp"
#include "support/build_paths.hpp"
#include "support/raw_http_socket.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

constexpr std::int64_t kConformanceAdmin = 777000;
constexpr int kBurst = 1000;  // every test shares one server and one client address

class HttpConformance : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    SimHarnessOptions options;
    options.env["ADMINS"] = std::to_string(kConformanceAdmin);
    options.env["TRUSTED_PROXIES"] = "127.0.0.1";
    options.env["RATE_LIMIT_BURST"] = std::to_string(kBurst);
    harness_ = new SimHarness(options);
    harness_->sim().create_user(kConformanceAdmin, "Boss");
    file_ = new PostedFile(testing::post_file(*harness_, harness_->make_file("small.bin", 1000)));
  }
  static void TearDownTestSuite() {
    delete file_;
    delete harness_;
  }

  static SimHarness& harness() { return *harness_; }
  static const PostedFile& file() { return *file_; }
  static RawHttpSocket connect() { return RawHttpSocket(harness_->port()); }

  // One request on a fresh connection; the response, or a failed test.
  static RawResponse exchange(const std::string& request) {
    RawHttpSocket socket = connect();
    socket.send(request);
    std::optional<RawResponse> response = socket.read_response();
    EXPECT_TRUE(response) << "no response to: " << request;
    return response.value_or(RawResponse{});
  }

  // One request on a fresh connection that the server must answer and then close, reading
  // nothing more (what follows the head is never taken for a request); the response.
  static RawResponse exchange_then_closed(const std::string& request) {
    RawHttpSocket socket = connect();
    socket.send(request);
    std::optional<RawResponse> response = socket.read_response();
    EXPECT_TRUE(response) << "no response to: " << request;
    EXPECT_TRUE(socket.closed_by_server()) << "left open after: " << request;
    return response.value_or(RawResponse{});
  }

  static std::string get(const std::string& target, const std::string& extra_headers = "") {
    return "GET " + target + " HTTP/1.1\r\nHost: tglink.test\r\n" + extra_headers + "\r\n";
  }

  static void expect_json_error(const RawResponse& r, int status, const std::string& code) {
    EXPECT_EQ(r.status, status) << r.body;
    EXPECT_EQ(r.header("content-type"), "application/json");
    EXPECT_EQ(json::parse(r.body).as_object().at("error_code").as_string(), code) << r.body;
  }

  static void expect_rate_limit_headers(const RawResponse& r) {
    for (const char* name : {"x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"}) {
      EXPECT_TRUE(r.header(name)) << name << " missing on " << r.status;
    }
  }

  static inline SimHarness* harness_ = nullptr;
  static inline PostedFile* file_ = nullptr;
};

// --- Item 3: request framing (RFC 9112 §6) ---

TEST_F(HttpConformance, UnknownTransferEncodingIs400AndTheSmuggledRequestIsNeverRead) {
  for (const char* coding :
       {"xchunked", "gzip", "chunked, identity", "gzip, chunked", "identity"}) {
    RawHttpSocket socket = connect();
    socket.send("GET /dl/" + file().token + " HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: " + coding +
                "\r\n\r\nGET /api/x HTTP/1.1\r\nHost: a\r\n\r\n");
    const std::optional<RawResponse> first = socket.read_response();
    ASSERT_TRUE(first) << coding;
    expect_json_error(*first, 400, "BAD_REQUEST");
    EXPECT_EQ(first->header("connection"), "close") << coding;
    EXPECT_TRUE(socket.closed_by_server()) << coding << ": a second response followed";
  }
}

TEST_F(HttpConformance, ChunkedBodyIsReadAndTheConnectionStaysUsable) {
  RawHttpSocket socket = connect();
  socket.send(
      "GET /api/info HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\nhello\r\n0\r\n\r\n" +
      get("/api/info"));
  for (int i = 0; i < 2; ++i) {
    const std::optional<RawResponse> r = socket.read_response();
    ASSERT_TRUE(r) << "response " << i;
    EXPECT_EQ(r->status, 200) << "response " << i;
  }
}

TEST_F(HttpConformance, ContentLengthWithTransferEncodingIsAnsweredThenClosed) {
  RawHttpSocket socket = connect();
  socket.send(
      "GET /api/info HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n"
      "\r\n0\r\n\r\n" +
      get("/api/info"));
  const std::optional<RawResponse> r = socket.read_response();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_TRUE(socket.closed_by_server());
}

// Classic smuggling shapes: each is refused with 400 and the connection closed, so the bytes
// after the head are never read as a request of their own.
TEST_F(HttpConformance, AmbiguousLengthsAre400AndClose) {
  for (const char* fields :
       {"Transfer-Encoding : chunked\r\n", "Content-Length: 5, 5\r\n",
        "Content-Length: 5\r\nContent-Length: 5\r\n", "Content-Length: 5\r\nContent-Length: 6\r\n",
        "Content-Length: +5\r\n", "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n",
        "Transfer-Encoding: \"chunked\"\r\n", "X: a\nTransfer-Encoding: chunked\r\n"}) {
    const RawResponse r =
        exchange_then_closed(std::string("GET /api/info HTTP/1.1\r\nHost: a\r\n") + fields +
                             "\r\nhelloGET /api/x HTTP/1.1\r\nHost: a\r\n\r\n");
    EXPECT_EQ(r.status, 400) << fields;
  }
}

TEST_F(HttpConformance, Http10WithTransferEncodingCloses) {
  const RawResponse r = exchange_then_closed(
      "GET /api/info HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n"
      "0\r\n\r\nGET /api/info HTTP/1.0\r\n\r\n");
  EXPECT_EQ(r.status, 400);
}

// --- Item 4: Expect: 100-continue (RFC 9110 §10.1.1) ---

TEST_F(HttpConformance, ExpectContinueGets100BeforeTheBodyIsSent) {
  RawHttpSocket socket = connect();
  socket.send(
      "GET /api/info HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n"
      "Content-Length: 5\r\n\r\n");
  const std::optional<RawResponse> interim = socket.read_response();
  ASSERT_TRUE(interim) << "no 100 Continue while the client holds its body back";
  EXPECT_EQ(interim->status, 100);
  EXPECT_FALSE(interim->header("content-length"));
  socket.send("hello");
  const std::optional<RawResponse> final_answer = socket.read_response();
  ASSERT_TRUE(final_answer);
  EXPECT_EQ(final_answer->status, 200);
}

TEST_F(HttpConformance, ExpectContinueWithATooLargeBodyGetsTheFinalStatusAtOnce) {
  const RawResponse r = exchange_then_closed(
      "GET /api/info HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n"
      "Content-Length: 10000000\r\n\r\n");
  expect_json_error(r, 413, "BODY_TOO_LARGE");
}

TEST_F(HttpConformance, ExpectContinueWithoutABodyGetsTheFinalStatus) {
  EXPECT_EQ(exchange(get("/api/info", "Expect: 100-continue\r\n")).status, 200);
  expect_json_error(exchange(get("/api/info", "Expect: tea\r\n")), 417, "EXPECTATION_FAILED");
}

// --- Item 5: Host (RFC 9112 §3.2) ---

TEST_F(HttpConformance, Http11WithoutHostOrWithTwoIs400) {
  expect_json_error(exchange("GET /api/info HTTP/1.1\r\n\r\n"), 400, "BAD_REQUEST");
  expect_json_error(exchange("GET /api/info HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400,
                    "BAD_REQUEST");
  expect_json_error(exchange("GET /api/info HTTP/1.1\r\nHost: a b\r\n\r\n"), 400, "BAD_REQUEST");
  EXPECT_EQ(exchange("GET /api/info HTTP/1.0\r\n\r\n").status, 200);
}

// --- absolute-form targets (RFC 9112 §3.2.2) and OPTIONS * (§3.2.4) ---

TEST_F(HttpConformance, AnAbsoluteFormTargetIsServedAsItsPath) {
  const std::string path = "/dl/" + file().token;
  const RawResponse whole = exchange(get(path));
  ASSERT_EQ(whole.status, 200);
  const RawResponse absolute = exchange("GET http://tglink.test:8080" + path +
                                        " HTTP/1.1\r\n"
                                        "Host: tglink.test:8080\r\n\r\n");
  EXPECT_EQ(absolute.status, 200) << absolute.body.substr(0, 200);
  EXPECT_EQ(absolute.body, whole.body);
  // The target's authority counts, and the Host header is ignored (even a malformed one).
  EXPECT_EQ(exchange("GET HTTP://other.example/api/info HTTP/1.1\r\nHost: a b\r\n\r\n").status,
            200);
  EXPECT_EQ(exchange("GET https://tglink.test HTTP/1.1\r\nHost: x\r\n\r\n").status, 404);
  // Still one Host line, as for any HTTP/1.1 request.
  expect_json_error(exchange("GET http://tglink.test/api/info HTTP/1.1\r\n\r\n"), 400,
                    "BAD_REQUEST");
}

TEST_F(HttpConformance, AnAbsoluteFormTargetWithABadAuthorityIs400) {
  for (const char* target : {"http:///api/info", "http://user@tglink.test/api/info",
                             "http://a b/api/info", "http://[::1/api/info", "ftp://tglink.test/",
                             "api/info", "http://tglink.test/api/info#top"}) {
    const RawResponse r =
        exchange(std::string("GET ") + target + " HTTP/1.1\r\nHost: tglink.test\r\n\r\n");
    // Beast itself refuses some of these with its own 400; either way it is a 400.
    EXPECT_EQ(r.status, 400) << target;
    expect_rate_limit_headers(r);
  }
}

TEST_F(HttpConformance, OptionsAsteriskAndOptionsOnARouteAnswer204WithAllow) {
  for (const char* target : {"*", "/api/info"}) {
    const RawResponse r =
        exchange(std::string("OPTIONS ") + target + " HTTP/1.1\r\nHost: tglink.test\r\n\r\n");
    EXPECT_EQ(r.status, 204) << target;
    EXPECT_EQ(r.header("allow"), "GET, HEAD, OPTIONS") << target;
    EXPECT_TRUE(r.body.empty()) << target;
  }
  EXPECT_EQ(exchange("OPTIONS /nowhere HTTP/1.1\r\nHost: tglink.test\r\n\r\n").status, 404);
  expect_json_error(exchange("GET * HTTP/1.1\r\nHost: tglink.test\r\n\r\n"), 400, "BAD_REQUEST");
}

// --- Item 6: JSON numbers; setting bounds ---

TEST_F(HttpConformance, ApiInfoNumbersAreValidJsonDecimals) {
  const RawResponse r = exchange(get("/api/info"));
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.body.find("E0"), std::string::npos) << r.body;
  EXPECT_EQ(r.body.find("Infinity"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("\"limit_gb\":0.0"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("\"remaining_gb\":0.0"), std::string::npos) << r.body;
  EXPECT_NO_THROW((void)json::parse(r.body));
}

TEST_F(HttpConformance, CheckConfigRefusesAnUnboundedBandwidthLimit) {
  const testing::CommandResult result = testing::run_command(
      "env -i BANDWIDTH_LIMIT_GB=1e308 DATA_DIR=" + (harness().dir() / "check").string() + " " +
      TGLINK_BINARY_DIR "/tglink check-config");
  EXPECT_NE(result.output.find("BANDWIDTH_LIMIT_GB: \"1e308\" is not a number of gigabytes (0 to "
                               "1000000)"),
            std::string::npos)
      << result.output;
}

// --- Item 7: 304 has no Content-Length (RFC 9110 §8.6) ---

TEST_F(HttpConformance, NotModifiedHasNoContentLengthAndKeepsTheConnection) {
  const RawResponse whole = exchange(get("/stream/" + file().token));
  ASSERT_EQ(whole.status, 200);
  const std::string etag = whole.header("etag").value_or("");
  RawHttpSocket socket = connect();
  socket.send(get("/stream/" + file().token, "If-None-Match: " + etag + "\r\n") + get("/api/info"));
  const std::optional<RawResponse> not_modified = socket.read_response();
  ASSERT_TRUE(not_modified);
  EXPECT_EQ(not_modified->status, 304);
  EXPECT_EQ(not_modified->count("content-length"), 0U);
  EXPECT_EQ(not_modified->header("etag"), etag);
  const std::optional<RawResponse> next = socket.read_response();
  ASSERT_TRUE(next) << "the 304 must not eat the next response";
  EXPECT_EQ(next->status, 200);
}

// --- Item 8: Cache-Control never outlives the link ---

TEST_F(HttpConformance, MaxAgeNeverOutlivesTheLink) {
  const std::string soon = testing::mint_token(
      file().message_id, std::chrono::system_clock::now() + std::chrono::seconds(100));
  for (const std::string route : {"/stream/", "/dl/"}) {
    const RawResponse r = exchange(get(route + soon));
    ASSERT_EQ(r.status, 200) << route;
    const std::string cache = r.header("cache-control").value_or("");
    ASSERT_TRUE(cache.starts_with("public, max-age=")) << route << ": " << cache;
    EXPECT_LE(std::stoi(cache.substr(16)), 100) << route << ": " << cache;
  }
  EXPECT_EQ(exchange(get("/stream/" + file().token)).header("cache-control"),
            "public, max-age=3600");
}

TEST_F(HttpConformance, RevokedLinkErrorsAreNoStore) {
  const PostedFile revoked = testing::post_file(harness(), harness().make_file("gone.bin", 100, 7));
  ASSERT_FALSE(
      testing::ask(harness().sim(), kConformanceAdmin, "/revoke " + revoked.token).empty());
  for (const std::string route : {"/stream/", "/dl/"}) {
    const RawResponse r = exchange(get(route + revoked.token));
    expect_json_error(r, 404, "LINK_REVOKED");
    EXPECT_EQ(r.header("cache-control"), "no-store") << route;
  }
}

// --- Item 9: X-RateLimit-* on every response ---

TEST_F(HttpConformance, RateLimitHeadersAreOnEveryError) {
  const std::string huge_header = "X-Big: " + std::string(20000, 'a') + "\r\n";
  const std::vector<std::pair<std::string, int>> requests = {
      {"this is not http\r\n\r\n", 400},
      {"GET /api/info HTTP/1.1\r\n\r\n", 400},
      {get("/api/info", "Transfer-Encoding: gzip\r\n"), 400},
      {get("/api/info", "Content-Length: 10000000\r\n"), 413},
      {get("/api/info", huge_header), 431},
      {get("/nowhere"), 404},
      {"DELETE /api/info HTTP/1.1\r\nHost: a\r\n\r\n", 405},
      {get("/api/info", "Expect: tea\r\n"), 417}};
  for (const auto& [request, status] : requests) {
    const RawResponse r = exchange(request);
    EXPECT_EQ(r.status, status) << request.substr(0, 60);
    expect_rate_limit_headers(r);
  }
}

// --- Item 10: IPv6 clients are limited per /64 ---

TEST_F(HttpConformance, Ipv6ClientsShareOneBucketPerSlash64) {
  auto remaining_for = [](const std::string& client) {
    const RawResponse r = exchange(get("/api/info", "X-Forwarded-For: " + client + "\r\n"));
    return std::stoi(r.header("x-ratelimit-remaining").value_or("-1"));
  };
  EXPECT_EQ(remaining_for("2001:db8:13:1::1"), kBurst - 1);
  EXPECT_EQ(remaining_for("2001:db8:13:1:ffff:eeee:dddd:2"), kBurst - 2) << "same /64";
  EXPECT_EQ(remaining_for("2001:db8:13:2::1"), kBurst - 1) << "another /64";
  EXPECT_EQ(remaining_for("::ffff:198.51.100.13"), kBurst - 1);
  EXPECT_EQ(remaining_for("198.51.100.13"), kBurst - 2) << "IPv4-mapped is the IPv4 client";
  EXPECT_EQ(remaining_for("198.51.100.14"), kBurst - 1);
}

// --- Item 11: the data directory and the store are private ---

TEST_F(HttpConformance, DataDirectoryIs0700AndTheStoreIs0600) {
  auto mode = [](const std::filesystem::path& path) {
    struct stat info {};
    EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
    return info.st_mode & 07777;
  };
  const std::filesystem::path data = harness().dir() / "data";
  EXPECT_EQ(mode(data), 0700U);
  for (const char* name : {"tglink.db", "tglink.db-wal", "tglink.db-shm", "secret.key"}) {
    if (std::string(name) == "secret.key" && !std::filesystem::exists(data / name)) continue;
    EXPECT_EQ(mode(data / name), 0600U) << name;
  }
}

}  // namespace
}  // namespace tglink::testing
