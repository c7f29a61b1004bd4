#include "http/router.hpp"

namespace tglink {

namespace {

constexpr std::string_view kAllowedMethods = "GET, HEAD, OPTIONS";

}  // namespace

void Router::add_exact(std::string path, HttpHandler handler) {
  routes_.push_back(Route{std::move(path), false, std::move(handler)});
}

void Router::add_prefix(std::string prefix, HttpHandler handler) {
  routes_.push_back(Route{std::move(prefix), true, std::move(handler)});
}

void Router::add_post_prefix(std::string prefix, HttpHandler handler) {
  routes_.push_back(Route{std::move(prefix), true, std::move(handler), true});
}

void Router::add_every_method_prefix(std::string prefix, HttpHandler handler) {
  Route route{std::move(prefix), true, std::move(handler)};
  route.every_method = true;
  routes_.push_back(std::move(route));
}

const Router::Route* Router::match(std::string_view path) const {
  const Route* best = nullptr;
  for (const Route& route : routes_) {
    const bool matches = route.is_prefix ? path.starts_with(route.path) : path == route.path;
    if (matches && (best == nullptr || route.path.size() > best->path.size())) best = &route;
  }
  return best;
}

// OPTIONS (RFC 9110 §9.3.7): "*" asks about the server, a path about that resource; both are
// answered with the methods served, 204 and no body. A path with no route is 404 as for GET.
HttpResponse Router::options_answer(const HttpRequest& request) const {
  if (request.target != "*" && find(request.path()) == nullptr) {
    return json_error(404, "NOT_FOUND", "No such page");
  }
  HttpResponse response;
  response.status = 204;
  response.set_header("Allow", std::string(kAllowedMethods));
  return response;
}

const HttpHandler* Router::find(std::string_view path) const {
  const Route* best = match(path);
  return best == nullptr ? nullptr : &best->handler;
}

std::string Router::route_name(std::string_view path) const {
  const Route* best = match(path);
  if (best == nullptr) return "other";
  std::string_view name = best->path;
  if (name.size() > 1 && name.ends_with('/')) name.remove_suffix(1);
  return std::string(name);
}

// A POST route (add_post_prefix) takes POST, and OPTIONS says so; any other method is 405.
boost::asio::awaitable<void> Router::dispatch_post_only(const Route& route,
                                                        const HttpRequest& request,
                                                        ResponseChannel& channel) const {
  if (request.method == "POST") {
    co_await route.handler(request, channel);
    co_return;
  }
  HttpResponse response;
  if (request.method == "OPTIONS") {
    response.status = 204;
  } else {
    response = json_error(405, "METHOD_NOT_ALLOWED", "Only POST is supported");
  }
  response.set_header("Allow", "POST, OPTIONS");
  co_await channel.send(std::move(response));
}

boost::asio::awaitable<void> Router::dispatch(const HttpRequest& request,
                                              ResponseChannel& channel) const {
  if (request.rejection) {
    co_await channel.send(*request.rejection);
    co_return;
  }
  if (const Route* route = match(request.path()); route != nullptr && route->post_only) {
    co_await dispatch_post_only(*route, request, channel);
    co_return;
  }
  if (const Route* route = match(request.path()); route != nullptr && route->every_method) {
    co_await route->handler(request, channel);
    co_return;
  }
  if (request.method == "OPTIONS") {
    co_await channel.send(options_answer(request));
    co_return;
  }
  if (request.method != "GET" && request.method != "HEAD") {
    HttpResponse response =
        json_error(405, "METHOD_NOT_ALLOWED", "Only GET and HEAD are supported");
    response.set_header("Allow", std::string(kAllowedMethods));
    co_await channel.send(std::move(response));
    co_return;
  }
  const HttpHandler* handler = find(request.path());
  if (handler == nullptr) {
    co_await channel.send(json_error(404, "NOT_FOUND", "No such page"));
    co_return;
  }
  co_await (*handler)(request, channel);
}

}  // namespace tglink
