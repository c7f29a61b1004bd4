// Fuzz target: the .env parser, and every setting's value parser behind load_config.
//
// Input: the text of a .env file. It is parsed, and what parsed is loaded as the configuration
// (ConfigMode::Bot), which runs the value parser of every setting that is set.
//
// Invariants checked on every input:
//  - every name the parser accepts is a shell variable name;
//  - a configuration is made exactly when there is no problem;
//  - the same values give the same problems from the process environment as from .env;
//  - no problem depends on the text of a secret (BOT_TOKEN, API_HASH, SECRET_KEY,
//    ADDITIONAL_BOT_TOKENS), only on its shape: swapping each of their characters for another of
//    the same class changes no problem text, so no message can echo a secret;
//  - an accepted configuration keeps every documented promise (ports, counts, sizes and
//    gigabytes in range and finite, BASE_URL without a trailing slash).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_loader.hpp"
#include "config/env_file.hpp"

namespace {

constexpr std::string_view kSecretNames[] = {"BOT_TOKEN", "API_HASH", "SECRET_KEY",
                                             "ADDITIONAL_BOT_TOKENS"};

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_env_file invariant broken: %s\n", what);
  std::abort();
}

bool is_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  for (const char c : name) {
    const bool ok =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// Moves `c` one place on inside its range, wrapping: a bijection on the range.
char rotate_within(char c, char first, char last) {
  return c == last ? first : static_cast<char>(c + 1);
}

// Another character of the same class for every validity rule the loader applies: digits stay
// digits, hex letters stay hex letters, other letters stay non-hex letters; the rest is kept.
// Being a bijection, it keeps equal secrets equal (ADDITIONAL_BOT_TOKENS checks repeats).
char same_class_other(char c) {
  if (c >= '0' && c <= '9') return rotate_within(c, '0', '9');
  if (c >= 'a' && c <= 'f') return rotate_within(c, 'a', 'f');
  if (c >= 'A' && c <= 'F') return rotate_within(c, 'A', 'F');
  if (c >= 'g' && c <= 'z') return rotate_within(c, 'g', 'z');
  if (c >= 'G' && c <= 'Z') return rotate_within(c, 'G', 'Z');
  return c;
}

tglink::EnvMap with_secrets_disguised(tglink::EnvMap values) {
  for (const std::string_view name : kSecretNames) {
    const auto found = values.find(name);
    if (found == values.end()) continue;
    for (char& c : found->second) c = same_class_other(c);
  }
  return values;
}

std::vector<std::string> problem_texts(const tglink::ConfigLoadResult& result) {
  std::vector<std::string> texts;
  for (const tglink::ConfigProblem& problem : result.problems) texts.push_back(problem.describe());
  return texts;
}

void check_config_promises(const tglink::Config& config) {
  require(config.port >= 1, "PORT is 1-65535");
  require(config.api_id >= 1, "API_ID is positive");
  require(config.rate_limit_per_minute >= 1 && config.rate_limit_burst >= 1,
          "rate limits are 1 or more");
  require(config.max_links_per_day >= 0, "MAX_LINKS_PER_DAY is 0 or more");
  require(std::isfinite(config.bandwidth_limit_gb) && config.bandwidth_limit_gb >= 0,
          "BANDWIDTH_LIMIT_GB is finite and 0 or more");
  require(std::isfinite(config.cache_max_gb) && config.cache_max_gb > 0,
          "CACHE_MAX_GB is finite and more than 0");
  require(config.link_expiry.count() >= 0, "LINK_EXPIRY_DURATION is 0 or more");
  require(config.max_file_size >= 1, "MAX_FILE_SIZE is 1 or more");
  require(config.user_files_per_minute >= 1 && config.broadcast_messages_per_second >= 1,
          "chat limits are 1 or more");
  require(!config.base_url.empty() && config.base_url.back() != '/',
          "BASE_URL has no trailing slash");
  require(config.secret_key.empty() || config.secret_key.size() >= 16,
          "SECRET_KEY has 16 characters or more");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tglink::EnvFileResult parsed = tglink::parse_env_file(text, ".env");
  for (const auto& [name, value] : parsed.values) require(is_name(name), "names are names");

  const tglink::ConfigDefaults defaults{.tdjson_path = "/opt/td/libtdjson.so"};
  const tglink::EnvMap none;
  const tglink::ConfigLoadResult from_dotenv =
      tglink::load_config(none, parsed.values, tglink::ConfigMode::Bot, defaults);
  require(from_dotenv.ok() == from_dotenv.problems.empty(), "a config exactly when no problem");
  if (from_dotenv.config) check_config_promises(*from_dotenv.config);

  const tglink::ConfigLoadResult from_process =
      tglink::load_config(parsed.values, none, tglink::ConfigMode::Bot, defaults);
  require(problem_texts(from_process) == problem_texts(from_dotenv),
          "the environment and .env are read alike");

  const tglink::ConfigLoadResult disguised = tglink::load_config(
      none, with_secrets_disguised(parsed.values), tglink::ConfigMode::Bot, defaults);
  require(problem_texts(disguised) == problem_texts(from_dotenv), "no problem echoes a secret");
  return 0;
}
