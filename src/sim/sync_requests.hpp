#pragma once
// What needs no client: parsing a request's text as TDLib does, and TDLib's synchronous methods
// (td_execute). Kept apart from the Simulator so that a process on a shared world answers
// td_execute itself, as the real library does, without a world of its own.

#include <optional>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include "sim/request_log.hpp"

namespace tglink::sim {

// A request as a JSON object, or the error TDLib gives for text that is not one.
struct ParsedRequest {
  boost::json::object request;
  std::optional<boost::json::object> error;
};

ParsedRequest parse_request(std::string_view text);

// The request's "@extra", or null.
boost::json::value extra_of(const boost::json::object& request);

// Answers td_execute(`text`): the synchronous methods tglink uses, else TDLib's refusal.
std::string execute_request(std::string_view text, RequestLog& log);

}  // namespace tglink::sim
