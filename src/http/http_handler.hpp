#pragma once
// What the server calls for every request.

#include <functional>

#include <boost/asio/awaitable.hpp>

#include "http/http_request.hpp"
#include "http/response_channel.hpp"

namespace tglink {

using HttpHandler =
    std::function<boost::asio::awaitable<void>(const HttpRequest&, ResponseChannel&)>;

}  // namespace tglink
