#pragma once
// One accepted TCP connection: reads requests in order, hands each to the handler through a
// ResponseChannel, and keeps the connection alive between them. Internal to http/.
// Each head is checked before its body is read (http/request_framing.hpp); a request that
// cannot be served (malformed, too large, ambiguously framed) still goes to the handler, with
// HttpRequest::rejection set, so it gets the rate-limit headers, and the connection closes
// after the answer.

#include <functional>
#include <memory>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "http/http_handler.hpp"
#include "http/http_server.hpp"

namespace tglink {

class Log;
class SendLane;

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  virtual ~Connection() = default;
  // Closes at once if idle; otherwise after the response under way.
  virtual void request_close() = 0;
  // Closes the socket now.
  virtual void force_close() = 0;
  virtual boost::asio::awaitable<void> run() = 0;
};

// `lane` is where large bodies take turns with the server's other connections (send_lane.hpp).
std::shared_ptr<Connection> make_connection(boost::asio::ip::tcp::socket socket, SendLane& lane,
                                            const HttpServerOptions& options,
                                            const HttpHandler& handler, Log& log);

}  // namespace tglink
