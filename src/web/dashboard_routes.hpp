#pragma once
// The dashboard on the router, all under /admin so the session cookie (Path=/admin) goes nowhere
// else:
//   GET /admin/{token}     opens a one-time link from /dashboard: sets the session cookie and
//                          sends the browser on to the page (303); a HEAD never uses it up
//   GET /admin/dashboard   the page (web/dashboard_page.hpp)
//   GET /admin/data        its figures as JSON (dashboard/dashboard_report.hpp)
// Without a valid link or session, and on a bot without ADMINS, every one of them is the same
// 404 as an unknown path. They have a rate limit of their own on top of the server's, and their
// bytes are never counted as viewers' bandwidth (they are not file routes).

#include <functional>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "dashboard/dashboard_access.hpp"
#include "http/rate_limiter.hpp"
#include "http/router.hpp"
#include "store/store_executor.hpp"

namespace tglink {

inline constexpr std::string_view kDashboardPrefix = "/admin/";
inline constexpr std::string_view kDashboardPagePath = "/admin/dashboard";
inline constexpr std::string_view kDashboardDataPath = "/admin/data";

// The data endpoint's JSON, for the admin who asks.
using DashboardDataSource = std::function<boost::asio::awaitable<std::string>()>;

struct DashboardRouteDeps {
  DashboardAccess& access;
  Store& store;  // read and written on `store_work`
  StoreExecutor& store_work;
  RateLimiter& limiter;        // the dashboard's own (requests per client)
  std::string asset_base;      // the embedded assets' URL prefix
  bool secure_cookie = false;  // BASE_URL is https
  DashboardDataSource data;
};

class DashboardRoutes {
 public:
  explicit DashboardRoutes(DashboardRouteDeps deps) : deps_(std::move(deps)) {}

  // `this` must outlive the router.
  void add_to(Router& router);

 private:
  boost::asio::awaitable<void> open_link(const HttpRequest& request, ResponseChannel& out);
  boost::asio::awaitable<void> page(const HttpRequest& request, ResponseChannel& out);
  boost::asio::awaitable<void> data(const HttpRequest& request, ResponseChannel& out);
  // The admin the request's session cookie names, or nullopt.
  boost::asio::awaitable<std::optional<std::int64_t>> signed_in(const HttpRequest& request);
  // A refusal when the client has used up the dashboard's rate, else nullopt.
  [[nodiscard]] std::optional<HttpResponse> over_rate(const HttpRequest& request);
  // The page and its data refuse alike: over the rate, or with no admin signed in (the 404).
  boost::asio::awaitable<std::optional<HttpResponse>> refusal(const HttpRequest& request);

  DashboardRouteDeps deps_;
};

// The answer to everything refused: the same 404 as an unknown path.
[[nodiscard]] HttpResponse dashboard_not_found();

}  // namespace tglink
