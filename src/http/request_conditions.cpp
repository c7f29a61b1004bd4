#include "http/request_conditions.hpp"

#include "http/http_request.hpp"

namespace tglink {

ConditionalHeaders conditional_headers(const HttpRequest& request) {
  ConditionalHeaders h;
  h.range = request.header("Range").value_or("");
  h.if_range = request.header("If-Range").value_or("");
  h.if_match = request.header("If-Match").value_or("");
  h.if_none_match = request.header("If-None-Match").value_or("");
  h.if_modified_since = request.header("If-Modified-Since").value_or("");
  h.if_unmodified_since = request.header("If-Unmodified-Since").value_or("");
  return h;
}

}  // namespace tglink
