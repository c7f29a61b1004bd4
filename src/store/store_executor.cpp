#include "store/store_executor.hpp"

#include <boost/asio/post.hpp>

#include "logging/log.hpp"

namespace tglink {

StoreExecutor::StoreExecutor(Mode mode, Log& log, std::size_t workers) : mode_(mode), log_(log) {
  if (mode_ == Mode::kWorker) pool_ = std::make_unique<boost::asio::thread_pool>(workers);
}

StoreExecutor::~StoreExecutor() {
  if (pool_) pool_->join();
}

bool StoreExecutor::post_job(const std::string& name, std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    if (!in_flight_.insert(name).second) return false;
  }
  if (!pool_) {
    run_job(name, job);
    return true;
  }
  boost::asio::post(*pool_, [this, name, job = std::move(job)] { run_job(name, job); });
  return true;
}

std::size_t StoreExecutor::jobs_in_flight() {
  const std::lock_guard lock(mutex_);
  return in_flight_.size();
}

void StoreExecutor::run_job(const std::string& name, const std::function<void()>& job) {
  try {
    job();
  } catch (const std::exception& e) {
    log_.warning("Database job '{}' failed: {}", name, e.what());
  }
  const std::lock_guard lock(mutex_);
  in_flight_.erase(name);
}

}  // namespace tglink
