#include "web/dashboard_page.hpp"

#include "web/page_layout.hpp"

namespace tglink {

void set_dashboard_headers(HttpResponse& response) {
  response.set_header("Cache-Control", "no-store");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "no-referrer");
  response.set_header("X-Frame-Options", "DENY");
  response.set_header("Content-Security-Policy", std::string(kDashboardContentSecurityPolicy));
}

HttpResponse dashboard_page(const std::string& asset_base, const std::string& data_path) {
  HttpResponse response;
  response.body = fill_page(
      "dashboard.html",
      TemplateValues{{"title", "tglink dashboard"}, {"assets", asset_base}, {"data", data_path}});
  response.set_header("Content-Type", "text/html; charset=utf-8");
  set_dashboard_headers(response);
  response.set_header("Cross-Origin-Opener-Policy", "same-origin");
  return response;
}

}  // namespace tglink
