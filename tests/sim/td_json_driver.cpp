#include "td_json_driver.hpp"

#include <stdexcept>

#include <dlfcn.h>

namespace tglink::testing {
namespace json = boost::json;

namespace {

template <typename Function>
Function symbol(void* library, const char* name) {
  void* address = dlsym(library, name);
  if (address == nullptr) throw std::runtime_error(std::string("missing symbol ") + name);
  return reinterpret_cast<Function>(address);
}

}  // namespace

TdJsonDriver::TdJsonDriver(const std::string& path) {
  // Never closed: the library's threads live until the process ends.
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) throw std::runtime_error(std::string("dlopen: ") + dlerror());
  create_client_ = symbol<CreateClient>(library, "td_create_client_id");
  send_ = symbol<Send>(library, "td_send");
  receive_ = symbol<Receive>(library, "td_receive");
  execute_ = symbol<Execute>(library, "td_execute");
}

int TdJsonDriver::create_client() { return create_client_(); }

void TdJsonDriver::send(int client_id, const std::string& request) {
  send_(client_id, request.c_str());
}

void TdJsonDriver::send(int client_id, json::object request) {
  send(client_id, json::serialize(request));
}

json::object TdJsonDriver::execute(const std::string& request) {
  return json::parse(execute_(request.c_str())).as_object();
}

json::object TdJsonDriver::request(int client_id, json::object request,
                                   std::chrono::milliseconds timeout) {
  std::string extra = "t" + std::to_string(next_extra_++);
  request["@extra"] = extra;
  send(client_id, std::move(request));
  json::object answer = wait_for(
      [&](const json::object& message) {
        const json::value* got = message.if_contains("@extra");
        return got != nullptr && got->is_string() && got->get_string() == extra;
      },
      timeout);
  answer.erase("@extra");
  answer.erase("@client_id");
  return answer;
}

json::object TdJsonDriver::wait_for(const Match& match, std::chrono::milliseconds timeout) {
  for (auto it = inbox_.begin(); it != inbox_.end(); ++it) {
    if (match(*it)) {
      json::object found = std::move(*it);
      inbox_.erase(it);
      return found;
    }
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    const char* text = receive_(0.05);
    if (text == nullptr) continue;
    json::object message = json::parse(text).as_object();
    if (match(message)) return message;
    inbox_.push_back(std::move(message));
  }
  std::string recent;
  for (const json::object& message : inbox_) recent += "\n  " + json::serialize(message);
  throw std::runtime_error("timed out waiting for a TDLib message; unmatched so far:" + recent);
}

json::object TdJsonDriver::wait_update(int client_id, const std::string& type,
                                       std::chrono::milliseconds timeout) {
  return wait_for(
      [&](const json::object& message) {
        const json::value* client = message.if_contains("@client_id");
        return client != nullptr && client->to_number<int>() == client_id &&
               message.at("@type").as_string() == type && !message.contains("@extra");
      },
      timeout);
}

std::deque<json::object> TdJsonDriver::drain(std::chrono::milliseconds period) {
  auto deadline = std::chrono::steady_clock::now() + period;
  while (std::chrono::steady_clock::now() < deadline) {
    const char* text = receive_(0.02);
    if (text != nullptr) inbox_.push_back(json::parse(text).as_object());
  }
  return std::exchange(inbox_, {});
}

}  // namespace tglink::testing
