#pragma once
// One RAII transaction for both stores: the statement that begins it on construction, ROLLBACK
// on destruction unless commit() was called. The connection says how to roll back without
// throwing (a destructor must not), since each fails in its own way when the link is gone.

#include <string_view>

namespace tglink {

template <typename Connection>
class ScopedTransaction {
 public:
  ScopedTransaction(Connection& connection, std::string_view begin) : connection_(connection) {
    connection_.exec(begin);
  }
  ~ScopedTransaction() {
    if (!done_) connection_.rollback_quietly();
  }
  ScopedTransaction(const ScopedTransaction&) = delete;
  ScopedTransaction& operator=(const ScopedTransaction&) = delete;

  void commit() {
    connection_.exec("COMMIT");
    done_ = true;
  }

 private:
  Connection& connection_;
  bool done_ = false;
};

}  // namespace tglink
