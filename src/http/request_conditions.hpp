#pragma once
// A request's range and conditional fields as http/content_plan.hpp takes them. Apart from
// content_plan so that the pure decision (and its fuzz target) needs no parsed request.

#include "http/content_plan.hpp"

namespace tglink {

struct HttpRequest;

// The request's fields that matter, as they came (views into `request`).
[[nodiscard]] ConditionalHeaders conditional_headers(const HttpRequest& request);

}  // namespace tglink
