#pragma once
// The operator's dashboard page (assets/dashboard.html, .css, .js, with uPlot from npm): the HTML
// shell and its headers. The figures come from the data endpoint (web/dashboard_routes.hpp),
// which the page's script polls; nothing on the page comes from another origin.

#include <string>

#include "http/http_response.hpp"

namespace tglink {

// The player's rules (script, style, images and connections from this origin only), without
// media, plus no form and no frame.
inline constexpr std::string_view kDashboardContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; media-src 'none'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'";

// The page for a signed-in admin. `asset_base` is where the embedded assets are served
// ("/player/assets/<version>"); `data_path` the endpoint the script polls.
[[nodiscard]] HttpResponse dashboard_page(const std::string& asset_base,
                                          const std::string& data_path);

// The headers every dashboard answer carries (page, data, refusals): never cached, never sent
// as a Referer, never framed.
void set_dashboard_headers(HttpResponse& response);

}  // namespace tglink
