#pragma once
// Where response bodies take turns on the I/O thread, a few connections at a time. Internal to
// http/ (http/socket_writer.hpp waits here before each chunk of a large body).
//
// Asio runs ready handlers first in, first out. When each chunk's continuation went to the back
// of that queue, hundreds of busy connections filled it: anything new (accepting a connection,
// reading a request, answering /api/info) waited for a pass over all of them, and a request
// needs two or three passes. With 500 cached ranges under way that was 80 ms at the median
// (docs/performance.md). Writers with more to send wait in this lane instead. The
// lane lets `turns_per_round` of them send one chunk each, then queues itself once behind
// whatever else is ready, so short work waits for a few chunks, not for hundreds. Every chunk
// is still sent, in first-come order, so bodies go no slower.

#include <cstddef>
#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

namespace tglink {

class SendLane {
 public:
  SendLane(boost::asio::any_io_executor executor, std::size_t turns_per_round);
  // Opens the lane (open_all), so no writer is left waiting on a lane that is gone.
  ~SendLane();
  SendLane(const SendLane&) = delete;
  SendLane& operator=(const SendLane&) = delete;

  // Resumes the caller, on the lane's executor, when its turn comes.
  boost::asio::awaitable<void> turn();

  // From now on every writer goes straight through, and those waiting are resumed: the server
  // is closing, and writers must reach their closed sockets and finish.
  void open_all();

  // Writers waiting for a turn.
  [[nodiscard]] std::size_t waiting() const;

 public:
  struct State;  // internal; public so that the turn's initiation can name it

 private:
  std::shared_ptr<State> state_;
};

}  // namespace tglink
