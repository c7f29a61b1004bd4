#include "web/dashboard_routes.hpp"

#include "dashboard/session_cookie.hpp"
#include "http/rate_limit_key.hpp"
#include "web/dashboard_page.hpp"

namespace tglink {

namespace asio = boost::asio;

HttpResponse dashboard_not_found() {
  HttpResponse response = json_error(404, "NOT_FOUND", "No such page");
  set_dashboard_headers(response);
  return response;
}

void DashboardRoutes::add_to(Router& router) {
  router.add_exact(std::string(kDashboardPagePath),
                   [this](const HttpRequest& r, ResponseChannel& c) { return page(r, c); });
  router.add_exact(std::string(kDashboardDataPath),
                   [this](const HttpRequest& r, ResponseChannel& c) { return data(r, c); });
  router.add_prefix(std::string(kDashboardPrefix),
                    [this](const HttpRequest& r, ResponseChannel& c) { return open_link(r, c); });
}

std::optional<HttpResponse> DashboardRoutes::over_rate(const HttpRequest& request) {
  const RateLimitDecision decision = deps_.limiter.check(rate_limit_key(request.client_address));
  if (decision.allowed) return std::nullopt;
  HttpResponse response = json_error(429, "RATE_LIMITED", "Too many requests to the dashboard",
                                     decision.retry_after_seconds);
  set_dashboard_headers(response);
  return response;
}

asio::awaitable<void> DashboardRoutes::open_link(const HttpRequest& request, ResponseChannel& out) {
  if (std::optional<HttpResponse> refused = over_rate(request)) {
    co_await out.send(std::move(*refused));
    co_return;
  }
  // Only a GET opens a link: a HEAD (a link checker, a preview) must not use it up.
  if (request.is_head()) {
    co_await out.send(dashboard_not_found());
    co_return;
  }
  const std::string token(request.path().substr(kDashboardPrefix.size()));
  DashboardAccess& access = deps_.access;
  Store& store = deps_.store;
  const std::optional<DashboardSession> session = co_await deps_.store_work.run(
      [&access, &store, &token] { return access.open_link(token, store); });
  if (!session) {
    co_await out.send(dashboard_not_found());
    co_return;
  }
  HttpResponse response;
  response.status = 303;
  response.set_header("Location", std::string(kDashboardPagePath));
  response.set_header("Set-Cookie", dashboard_session_cookie(session->token, session->lifetime,
                                                             deps_.secure_cookie));
  set_dashboard_headers(response);
  co_await out.send(std::move(response));
}

asio::awaitable<std::optional<std::int64_t>> DashboardRoutes::signed_in(
    const HttpRequest& request) {
  const std::optional<std::string_view> cookies = request.header("Cookie");
  const std::optional<std::string> token =
      cookies ? dashboard_session_from(*cookies) : std::nullopt;
  if (!token || !deps_.access.enabled()) co_return std::nullopt;
  Store& store = deps_.store;
  const std::int64_t ended = co_await deps_.store_work.run(
      [&store] { return DashboardAccess::sessions_ended_mark(store); });
  co_return deps_.access.session_admin(*token, ended);
}

asio::awaitable<std::optional<HttpResponse>> DashboardRoutes::refusal(const HttpRequest& request) {
  if (std::optional<HttpResponse> refused = over_rate(request)) co_return refused;
  const std::optional<std::int64_t> admin = co_await signed_in(request);
  if (!admin) co_return dashboard_not_found();
  co_return std::nullopt;
}

asio::awaitable<void> DashboardRoutes::page(const HttpRequest& request, ResponseChannel& out) {
  std::optional<HttpResponse> refused = co_await refusal(request);
  if (refused) {
    co_await out.send(std::move(*refused));
    co_return;
  }
  co_await out.send(dashboard_page(deps_.asset_base, std::string(kDashboardDataPath)));
}

asio::awaitable<void> DashboardRoutes::data(const HttpRequest& request, ResponseChannel& out) {
  std::optional<HttpResponse> refused = co_await refusal(request);
  if (refused) {
    co_await out.send(std::move(*refused));
    co_return;
  }
  std::string body = co_await deps_.data();
  HttpResponse response = json_response(200, std::move(body));
  set_dashboard_headers(response);
  co_await out.send(std::move(response));
}

}  // namespace tglink
