#include "selftest/self_test_route.hpp"

#include "http/router.hpp"
#include "selftest/self_test_answer.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<void> answer_health(ResponseChannel& out) {
  HttpResponse response = json_response(200, R"({"status":"ok"})");
  response.set_header("Cache-Control", "no-store");
  co_await out.send(std::move(response));
}

// The nonce by value: the coroutine outlives nothing it refers to.
boost::asio::awaitable<void> answer_self_test(std::string nonce, std::string path,
                                              ResponseChannel& out) {
  co_await out.send(self_test_response(nonce, path));
}

}  // namespace

void add_health_route(Router& router) {
  router.add_exact(kHealthPath,
                   [](const HttpRequest&, ResponseChannel& out) { return answer_health(out); });
}

HttpHandler with_self_test(HttpHandler inner, std::string nonce) {
  return [inner = std::move(inner), nonce = std::move(nonce)](const HttpRequest& request,
                                                              ResponseChannel& out) {
    if (is_self_test_path(request.path())) {
      return answer_self_test(nonce, std::string(request.path()), out);
    }
    return inner(request, out);
  };
}

}  // namespace tglink
