#pragma once
// The simulator's control socket (the tests' and the demo's side, not TDLib's): every answer
// that succeeded carries "ok": true beside its fields; a failure is a control error instead.

#include <boost/json.hpp>

namespace tglink::sim {

[[nodiscard]] inline boost::json::object control_ok(boost::json::object fields = {}) {
  fields["ok"] = true;
  return fields;
}

}  // namespace tglink::sim
