// addProxy and getProxies, as ConnectionCreator::add_proxy and get_proxies answer them
// (td/telegram/net/ConnectionCreator.cpp); the checks are in proxy_rules.hpp.

#include "sim/json_fields.hpp"
#include "sim/proxy_rules.hpp"
#include "sim/simulator.hpp"

namespace tglink::sim {

namespace json = boost::json;

namespace {

json::object added_proxy_object(const AddedProxy& added) {
  return json::object{{"@type", "addedProxy"},    {"id", added.id},
                      {"last_used_date", 0},      {"is_enabled", added.enabled},
                      {"comment", added.comment}, {"proxy", added.proxy}};
}

}  // namespace

void Simulator::on_add_proxy(Session& session, const json::object& request, const Extra& extra) {
  const json::value* field = request.if_contains("proxy");
  const json::object* proxy =
      field != nullptr && field->is_object() ? &field->get_object() : nullptr;
  std::string error = proxy_error(proxy);
  if (!error.empty()) return answer_error(session, extra, 400, std::move(error));
  json::object normalized = normalized_proxy(*proxy);
  const bool enable = bool_field(request, "enable");
  // Enabling one proxy disables the others.
  if (enable) {
    for (AddedProxy& other : session.proxies) other.enabled = false;
  }
  // The same proxy added again keeps its id (ConnectionCreator looks it up first).
  for (AddedProxy& known : session.proxies) {
    if (known.proxy == normalized) {
      known.comment = string_field(request, "comment");
      known.enabled = enable || known.enabled;
      return answer(session, extra, added_proxy_object(known));
    }
  }
  AddedProxy added{session.next_proxy_id++, std::move(normalized), string_field(request, "comment"),
                   enable};
  session.proxies.push_back(added);
  answer(session, extra, added_proxy_object(added));
}

void Simulator::on_get_proxies(Session& session, const Extra& extra) {
  json::array proxies;
  for (const AddedProxy& added : session.proxies) proxies.push_back(added_proxy_object(added));
  answer(session, extra, json::object{{"@type", "addedProxies"}, {"proxies", std::move(proxies)}});
}

void Simulator::run_held_requests(Session& session) {
  std::vector<HeldRequest> held = std::move(session.held_until_parameters);
  session.held_until_parameters.clear();
  for (const HeldRequest& item : held) {
    dispatch(session, type_of(item.request), item.request, item.extra);
  }
}

}  // namespace tglink::sim
