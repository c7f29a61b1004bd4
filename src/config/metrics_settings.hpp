#pragma once
// The settings of the metrics and proxy, read beside the rest (config_loader.cpp):
//   METRICS_TOKEN    /metrics on the main port, behind Authorization: Bearer <token>
//   METRICS_ADDRESS  ip:port of a second listener that serves only /metrics, without a token
//   TELEGRAM_PROXY   the proxy every bot's TDLib goes through (telegram_proxy.hpp)
// Each bad value is reported under its own name; none is ever echoed when it is a secret.

namespace tglink {

struct Config;
class EnvReader;

void load_metrics_settings(EnvReader& env, Config& config);
void load_telegram_proxy(EnvReader& env, Config& config);

}  // namespace tglink
