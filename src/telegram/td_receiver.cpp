#include "telegram/td_receiver.hpp"

#include <exception>
#include <string_view>

#include <boost/json/parse.hpp>

#include "logging/log.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_json_library.hpp"

namespace tglink {
TdReceiver::TdReceiver(std::shared_ptr<TdJsonLibrary> library, Log& log, Sink sink,
                       std::chrono::milliseconds receive_timeout)
    : library_(std::move(library)),
      log_(log),
      sink_(std::move(sink)),
      timeout_seconds_(std::chrono::duration<double>(receive_timeout).count()) {}

TdReceiver::~TdReceiver() { stop(); }

void TdReceiver::start() {
  if (thread_.joinable()) {
    return;
  }
  stop_requested_ = false;
  thread_ = std::thread([this] { loop(); });
}

void TdReceiver::stop() {
  stop_requested_ = true;
  if (thread_.joinable()) {
    thread_.join();
  }
}

void TdReceiver::loop() {
  while (!stop_requested_) {
    const char* text = library_->receive(timeout_seconds_);
    if (text != nullptr) {
      handle(text);
    }
  }
}

void TdReceiver::handle(const char* text) {
  boost::system::error_code error;
  boost::json::value parsed = boost::json::parse(std::string_view(text), error);
  if (error || !parsed.is_object()) {
    log_.warning("TDLib sent a message that is not a JSON object ({}); ignored",
                 error ? error.message() : "not an object");
    return;
  }
  boost::json::object message = std::move(parsed.as_object());
  // Every message of TDLib's multi-client interface names its client; 0 is never a valid id.
  const std::int32_t client_id = td_int32(message, "@client_id").value_or(0);
  try {
    sink_(client_id, std::move(message));
  } catch (const std::exception& e) {
    // The thread must survive: every client depends on it.
    log_.error("TDLib receive thread: handing a message on failed: {}", e.what());
  }
}

}  // namespace tglink
