#include "http/http_server.hpp"

#include <cstdio>
#include <fstream>
#include <thread>

#include <arpa/inet.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/router.hpp"
#include "logging/log.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

// A blocking loopback client that writes raw bytes and reads until the server closes
// or `until` appears; enough to see exactly what went over the wire.
class RawClient {
 public:
  explicit RawClient(std::uint16_t port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    timeval timeout{10, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~RawClient() { ::close(fd_); }

  [[nodiscard]] bool connected() const { return connected_; }
  void send(const std::string& bytes) { (void)!::write(fd_, bytes.data(), bytes.size()); }

  // Reads until `until` is seen (counting from the start) or the peer closes.
  std::string read(const std::string& until = {}) {
    char chunk[65536];
    while (until.empty() || received_.find(until) == std::string::npos) {
      const ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n <= 0) break;
      received_.append(chunk, static_cast<std::size_t>(n));
    }
    return received_;
  }

  // True when the server has closed the connection (read returns 0).
  bool closed_by_peer() {
    char c;
    return ::read(fd_, &c, 1) == 0;
  }

 private:
  int fd_;
  bool connected_ = false;
  std::string received_;
};

class HttpServerTest : public testing::Test {
 protected:
  void SetUp() override {
    file_path_ = testing::TempDir() + "/http_server_test_file.bin";
    std::ofstream(file_path_) << file_content_;
    router_.add_exact("/hello",
                      [](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
                        HttpResponse response;
                        response.set_header("Content-Type", "text/plain");
                        response.body = "hello world";
                        co_await out.send(std::move(response));
                      });
    router_.add_exact(
        "/pieces", [](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
          HttpResponse head;  // named: g++ 12 mishandles braced temporaries in co_await
          co_await out.begin_body(std::move(head), 6);
          co_await out.write(std::string_view("abc"));
          co_await out.write(std::string_view("def"));
        });
    router_.add_exact("/short",
                      [](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
                        HttpResponse head;
                        co_await out.begin_body(std::move(head), 100);
                        co_await out.write(std::string_view("only ten b"));
                        out.abort();
                      });
    router_.add_exact("/file",
                      [this](const HttpRequest&, ResponseChannel& out) -> asio::awaitable<void> {
                        const int fd = ::open(file_path_.c_str(), O_RDONLY);
                        HttpResponse head;
                        co_await out.begin_body(std::move(head), file_content_.size() - 3);
                        const ByteRange after_three{3, file_content_.size()};
                        co_await out.write_file(fd, after_three);
                        ::close(fd);
                      });
    router_.add_exact("/throw", [](const HttpRequest&, ResponseChannel&) -> asio::awaitable<void> {
      throw std::runtime_error("handler failed");
      co_return;
    });
    router_.add_exact(
        "/echo-peer",
        [](const HttpRequest& request, ResponseChannel& out) -> asio::awaitable<void> {
          HttpResponse response;
          response.body = request.peer_address + " " + request.query_param("q").value_or("-");
          co_await out.send(std::move(response));
        });
    HttpServerOptions options;
    options.bind_address = "127.0.0.1";
    options.port = 0;
    options.header_limit = 4096;
    server_ = std::make_unique<HttpServer>(
        io_, options,
        [this](const HttpRequest& r, ResponseChannel& c) { return router_.dispatch(r, c); }, log_);
    server_->start();
    port_ = server_->port();
    thread_ = std::thread([this] { io_.run(); });
  }

  void TearDown() override {
    auto drained =
        asio::co_spawn(io_, server_->drain(std::chrono::milliseconds(500)), asio::use_future);
    drained.wait();
    io_.stop();
    thread_.join();
    server_.reset();
  }

  std::string get(const std::string& request) {
    RawClient client{port_};
    client.send(request);
    return client.read();
  }

  Log log_{LogOptions{.console_level = LogLevel::Critical, .ring_capacity = 100, .console = false}};
  asio::io_context io_;
  // Keeps io_.run() going after a drain leaves it with nothing else to do.
  asio::executor_work_guard<asio::io_context::executor_type> work_{io_.get_executor()};
  Router router_;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
  std::uint16_t port_ = 0;
  std::string file_path_;
  std::string file_content_ = "0123456789abcdefghijklmnopqrstuvwxyz";
};

TEST_F(HttpServerTest, ServesAWholeResponse) {
  const std::string reply = get("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 200 OK\r\n"), 0u);
  EXPECT_NE(reply.find("Content-Length: 11\r\n"), std::string::npos);
  EXPECT_TRUE(reply.ends_with("\r\n\r\nhello world"));
}

TEST_F(HttpServerTest, HeadSendsHeadersOnly) {
  const std::string reply = get("HEAD /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_NE(reply.find("Content-Length: 11\r\n"), std::string::npos);
  EXPECT_TRUE(reply.ends_with("\r\n\r\n"));
}

TEST_F(HttpServerTest, KeepsTheConnectionAliveBetweenRequests) {
  RawClient client{port_};
  client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n");
  client.read("hello world");
  client.send("GET /pieces HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string both = client.read("abcdef");
  EXPECT_NE(both.find("hello world"), std::string::npos);
  EXPECT_TRUE(both.ends_with("abcdef"));
}

TEST_F(HttpServerTest, SendsAFileRangeWithSendfile) {
  const std::string reply = get("GET /file HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(reply.ends_with("\r\n\r\n" + file_content_.substr(3)));
}

TEST_F(HttpServerTest, AnAbortedBodyClosesTheConnection) {
  RawClient client{port_};
  client.send("GET /short HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string reply = client.read();  // returns when the server closes
  EXPECT_NE(reply.find("Content-Length: 100"), std::string::npos);
  EXPECT_TRUE(reply.ends_with("only ten b"));
}

TEST_F(HttpServerTest, UnknownPathIsAJson404) {
  const std::string reply = get("GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 404"), 0u);
  EXPECT_NE(reply.find("application/json"), std::string::npos);
  EXPECT_NE(reply.find("\"status\":\"error\""), std::string::npos);
}

TEST_F(HttpServerTest, OtherMethodsGet405) {
  const std::string reply = get("DELETE /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 405"), 0u);
  EXPECT_NE(reply.find("Allow: GET, HEAD"), std::string::npos);
}

TEST_F(HttpServerTest, HugeHeadersGet431) {
  const std::string reply =
      get("GET /hello HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(8000, 'a') + "\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 431"), 0u);
}

// Beast limits the request line and then the fields each on their own, so a header of up to
// twice the limit (4096 here) could get through (found by fuzz_http_request_reader). Each part
// of this one fits the limit; together they do not.
TEST_F(HttpServerTest, TheHeaderLimitIsOnTheRequestLineAndFieldsTogether) {
  const std::string request_line = "GET /hello?q=" + std::string(380, 'q') + " HTTP/1.1\r\n";
  const std::string fields = "Host: x\r\nX-Big: " + std::string(3800, 'a') + "\r\n\r\n";
  ASSERT_GT(request_line.size() + fields.size(), 4096u);
  const std::string reply = get(request_line + fields);
  EXPECT_EQ(reply.find("HTTP/1.1 431"), 0u) << reply.substr(0, 40);
}

TEST_F(HttpServerTest, GarbageGets400) {
  const std::string reply = get("this is not http\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 400"), 0u);
  EXPECT_NE(reply.find("BAD_REQUEST"), std::string::npos);
}

TEST_F(HttpServerTest, AThrowingHandlerGivesA500) {
  const std::string reply = get("GET /throw HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(reply.find("HTTP/1.1 500"), 0u) << reply;
  EXPECT_NE(reply.find("INTERNAL_ERROR"), std::string::npos);
  EXPECT_FALSE(log_.recent(LogLevel::Error, 10).empty());
}

TEST_F(HttpServerTest, RequestSeesPeerAndQuery) {
  const std::string reply =
      get("GET /echo-peer?q=a%20b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_TRUE(reply.ends_with("127.0.0.1 a b"));
}

TEST(HttpRequest, RepeatedHeadersJoinInOrder) {
  HttpRequest request;
  request.headers = {{"X-Forwarded-For", "1.1.1.1"}, {"Host", "x"}, {"x-forwarded-for", "2.2.2.2"}};
  EXPECT_EQ(request.joined_header("X-FORWARDED-FOR"), "1.1.1.1, 2.2.2.2");
  EXPECT_EQ(request.joined_header("Via"), "");
  EXPECT_EQ(request.header("x-forwarded-for"), "1.1.1.1");
}

TEST_F(HttpServerTest, DrainClosesIdleConnections) {
  RawClient idle{port_};
  ASSERT_TRUE(idle.connected());
  idle.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n");
  idle.read("hello world");
  auto drained = asio::co_spawn(io_, server_->drain(std::chrono::seconds(5)), asio::use_future);
  drained.wait();
  EXPECT_TRUE(idle.closed_by_peer());
  EXPECT_EQ(server_->open_connections(), 0u);
}

}  // namespace
}  // namespace tglink
