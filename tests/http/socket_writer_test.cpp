// SocketWriter over real loopback sockets: a client that reads nothing is given
// up on after the write timeout and reported as stalled; one that goes away is not "stalled"; one
// that reads gets every byte.
#include "http/socket_writer.hpp"

#include <string>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/use_future.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

constexpr std::chrono::milliseconds kTimeout{300};
// More than loopback's send and receive buffers together can hold. Made on first use, not at
// start: every process of http_test would otherwise fill 48 MiB before its first test.
const std::string& large_body() {
  static const std::string kBody(48 * 1024 * 1024, 'b');
  return kBody;
}

struct SocketPair {
  asio::io_context io;
  SendLane lane{io.get_executor(), 4};
  tcp::socket server{io};
  tcp::socket client{io};

  SocketPair() {
    tcp::acceptor acceptor{io, tcp::endpoint{asio::ip::address_v4::loopback(), 0}};
    client.connect(acceptor.local_endpoint());
    server = acceptor.accept();
  }

  std::uint64_t write_body(SocketWriter& writer) {
    auto done = asio::co_spawn(io, writer.write(large_body()), asio::use_future);
    io.run();
    return done.get();
  }
};

TEST(SocketWriter, ClientThatReadsNothingIsGivenUpOnAsStalled) {
  SocketPair pair;
  SocketWriter writer{pair.server, pair.lane, kTimeout};
  const std::uint64_t written = pair.write_body(writer);
  EXPECT_LT(written, large_body().size());
  EXPECT_GT(written, 0U);
  EXPECT_TRUE(writer.client_stalled());
}

TEST(SocketWriter, ClientThatGoesAwayIsNotStalled) {
  SocketPair pair;
  SocketWriter writer{pair.server, pair.lane, std::chrono::seconds(30)};
  pair.client.set_option(asio::socket_base::linger(true, 0));  // close with a reset
  std::thread reader{[&] {
    std::string first(1024 * 1024, '\0');
    asio::read(pair.client, asio::buffer(first));
    pair.client.close();
  }};
  const std::uint64_t written = pair.write_body(writer);
  reader.join();
  EXPECT_LT(written, large_body().size());
  EXPECT_FALSE(writer.client_stalled());
}

TEST(SocketWriter, ClientThatReadsGetsEveryByte) {
  SocketPair pair;
  SocketWriter writer{pair.server, pair.lane, kTimeout};
  std::string received(large_body().size(), '\0');
  std::thread reader{[&] { asio::read(pair.client, asio::buffer(received)); }};
  const std::uint64_t written = pair.write_body(writer);
  reader.join();
  EXPECT_EQ(written, large_body().size());
  EXPECT_FALSE(writer.client_stalled());
  EXPECT_TRUE(received == large_body());
}

}  // namespace
}  // namespace tglink
