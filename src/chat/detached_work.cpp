#include "chat/detached_work.hpp"

#include <exception>

#include <boost/asio/co_spawn.hpp>

#include "logging/log.hpp"

namespace tglink {

void spawn_detached(boost::asio::any_io_executor executor, Log& log, std::string area,
                    boost::asio::awaitable<void> work, std::string what) {
  boost::asio::co_spawn(
      executor, std::move(work),
      [&log, area = std::move(area), what = std::move(what)](const std::exception_ptr& failure) {
        if (!failure) return;
        try {
          std::rethrow_exception(failure);
        } catch (const std::exception& e) {
          log.error("{}: {} failed: {}", area, what, e.what());
        }
      });
}

}  // namespace tglink
