#pragma once
// Chat work that runs on its own (one update, one upload) must never take the process down: an
// exception that escapes it is logged with what the work was, and the rest goes on.

#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

namespace tglink {

class Log;

// Starts `work` on `executor`; an exception that escapes it is logged as
// "<area>: <what> failed: <reason>".
void spawn_detached(boost::asio::any_io_executor executor, Log& log, std::string area,
                    boost::asio::awaitable<void> work, std::string what);

}  // namespace tglink
