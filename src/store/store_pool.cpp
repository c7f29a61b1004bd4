#include "store/store_pool.hpp"

namespace tglink {

StorePool::StorePool(std::vector<std::unique_ptr<Store>> connections)
    : connections_(std::move(connections)) {
  if (connections_.empty()) throw StoreError("a store pool needs at least one connection");
  for (const std::unique_ptr<Store>& connection : connections_) free_.push_back(connection.get());
}

StorePool::Loan StorePool::lend() {
  std::unique_lock lock(mutex_);
  given_back_.wait(lock, [this] { return !free_.empty(); });
  Store* store = free_.back();
  free_.pop_back();
  return Loan(*this, *store);
}

void StorePool::give_back(Store& store) {
  {
    const std::lock_guard lock(mutex_);
    free_.push_back(&store);
  }
  given_back_.notify_one();
}

}  // namespace tglink
