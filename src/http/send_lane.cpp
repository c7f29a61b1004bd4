#include "http/send_lane.hpp"

#include <deque>
#include <utility>

#include <boost/asio/any_completion_handler.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {

namespace asio = boost::asio;
using Resume = asio::any_completion_handler<void()>;

// Shared with the round queued on the executor, which may run after the lane is gone.
struct SendLane::State : std::enable_shared_from_this<SendLane::State> {
  State(asio::any_io_executor executor_in, std::size_t turns_per_round_in)
      : executor(std::move(executor_in)),
        turns_per_round(turns_per_round_in == 0 ? 1 : turns_per_round_in) {}

  asio::any_io_executor executor;
  std::size_t turns_per_round;
  std::deque<Resume> waiting;
  bool round_queued = false;
  bool open = false;

  void enqueue(Resume resume) {
    if (open) {
      asio::post(executor, std::move(resume));
      return;
    }
    waiting.push_back(std::move(resume));
    if (!round_queued) queue_round();
  }

  void queue_round() {
    round_queued = true;
    asio::post(executor, [self = shared_from_this()] { self->run_round(); });
  }

  // Each writer resumed here sends one chunk and, with more to send, joins the back of
  // `waiting` before the next one is resumed; round_queued stays set meanwhile, so that rejoining
  // never queues a second round.
  void run_round() {
    for (std::size_t turn = 0; turn < turns_per_round && !waiting.empty(); ++turn) {
      Resume resume = std::move(waiting.front());
      waiting.pop_front();
      asio::dispatch(std::move(resume));
    }
    round_queued = false;
    if (!waiting.empty()) queue_round();
  }

  void open_all() {
    open = true;
    std::deque<Resume> resumed = std::exchange(waiting, {});
    for (Resume& resume : resumed) asio::post(executor, std::move(resume));
  }
};

SendLane::SendLane(asio::any_io_executor executor, std::size_t turns_per_round)
    : state_(std::make_shared<State>(std::move(executor), turns_per_round)) {}

SendLane::~SendLane() { state_->open_all(); }

namespace {

// The initiation of a turn. A plain pointer, not a capturing lambda: GCC 12 destroys the
// temporaries of a co_await operand twice, which a captured shared_ptr does not survive.
struct EnqueueTurn {
  SendLane::State* state;
  template <typename Handler>
  void operator()(Handler resume) const {
    state->enqueue(Resume(std::move(resume)));
  }
};

}  // namespace

asio::awaitable<void> SendLane::turn() {
  const std::shared_ptr<State> state = state_;  // alive while this turn waits
  co_await asio::async_initiate<decltype(asio::use_awaitable), void()>(EnqueueTurn{state.get()},
                                                                       asio::use_awaitable);
}

void SendLane::open_all() { state_->open_all(); }

std::size_t SendLane::waiting() const { return state_->waiting.size(); }

}  // namespace tglink
