#pragma once
// Maps a request path to its handler: exact paths ("/api/info") and prefixes ("/dl/").
// Unknown paths get a JSON 404, OPTIONS (a path or "*") a 204 with Allow, and methods other than
// GET, HEAD and OPTIONS a JSON 405; a POST route (add_post_prefix) takes POST (and OPTIONS) only,
// and a route of every method (add_every_method_prefix, WebDAV's PROPFIND) answers each itself.

#include <string>
#include <vector>

#include "http/http_handler.hpp"

namespace tglink {

class Router {
 public:
  void add_exact(std::string path, HttpHandler handler);
  void add_prefix(std::string prefix, HttpHandler handler);
  void add_post_prefix(std::string prefix, HttpHandler handler);
  // The handler gets every method, OPTIONS included, and answers each itself.
  void add_every_method_prefix(std::string prefix, HttpHandler handler);

  boost::asio::awaitable<void> dispatch(const HttpRequest& request, ResponseChannel& channel) const;

  // The handler for a path, or nullptr; the longest matching prefix wins.
  [[nodiscard]] const HttpHandler* find(std::string_view path) const;
  // The route a path goes to, as registered without a trailing '/' ("/dl", "/api/info"), or
  // "other" when none matches: a label value that clients cannot multiply.
  [[nodiscard]] std::string route_name(std::string_view path) const;

 private:
  struct Route {
    std::string path;
    bool is_prefix = false;
    HttpHandler handler;
    bool post_only = false;
    bool every_method = false;
  };
  [[nodiscard]] const Route* match(std::string_view path) const;
  [[nodiscard]] HttpResponse options_answer(const HttpRequest& request) const;
  [[nodiscard]] boost::asio::awaitable<void> dispatch_post_only(const Route& route,
                                                                const HttpRequest& request,
                                                                ResponseChannel& channel) const;

  std::vector<Route> routes_;
};

}  // namespace tglink
