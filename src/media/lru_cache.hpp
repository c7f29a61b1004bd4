#pragma once
// A bounded map that forgets the least recently used entry when full. Small and single-threaded:
// it lives on the io_context thread like everything that uses it.

#include <cstddef>
#include <list>
#include <unordered_map>
#include <utility>

namespace tglink {

template <typename Key, typename Value>
class LruCache {
 public:
  explicit LruCache(std::size_t capacity) : capacity_(capacity == 0 ? 1 : capacity) {}

  // The value, marked as just used; nullptr when absent. Valid until the next change.
  [[nodiscard]] const Value* find(const Key& key) {
    auto it = index_.find(key);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return &it->second->second;
  }

  void put(const Key& key, Value value) {
    auto it = index_.find(key);
    if (it != index_.end()) {
      it->second->second = std::move(value);
      order_.splice(order_.begin(), order_, it->second);
      return;
    }
    order_.emplace_front(key, std::move(value));
    index_.emplace(key, order_.begin());
    shrink_to(capacity_);
  }

  bool erase(const Key& key) {
    auto it = index_.find(key);
    if (it == index_.end()) return false;
    order_.erase(it->second);
    index_.erase(it);
    return true;
  }

  // Keeps at most `count` of the most recently used entries.
  void shrink_to(std::size_t count) {
    while (order_.size() > count) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
  }

  [[nodiscard]] std::size_t size() const { return order_.size(); }
  [[nodiscard]] std::size_t capacity() const { return capacity_; }

 private:
  using Entry = std::pair<Key, Value>;
  std::size_t capacity_;
  std::list<Entry> order_;  // most recently used first
  std::unordered_map<Key, typename std::list<Entry>::iterator> index_;
};

}  // namespace tglink
