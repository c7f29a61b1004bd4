#include "config/env_reader.hpp"

#include "config/value_parsers.hpp"

namespace tglink {

namespace {

std::optional<std::string_view> find_in(const EnvMap& env, std::string_view name) {
  const auto it = env.find(name);
  if (it == env.end()) {
    return std::nullopt;
  }
  return std::string_view(it->second);
}

}  // namespace

EnvReader::EnvReader(const EnvMap& process_env, const EnvMap& dotenv)
    : process_env_(process_env), dotenv_(dotenv) {}

std::optional<EnvValue> EnvReader::get(std::string_view name) const {
  std::optional<std::string_view> raw = find_in(process_env_, name);
  if (!raw) {
    raw = find_in(dotenv_, name);
  }
  if (!raw || trim(*raw).empty()) {
    return std::nullopt;
  }
  return EnvValue{std::string(name), std::string(trim(*raw))};
}

std::optional<EnvValue> EnvReader::get_either(std::string_view name, std::string_view alias,
                                              std::string_view example) {
  std::optional<EnvValue> primary = get(name);
  std::optional<EnvValue> secondary = get(alias);
  if (primary && secondary && primary->value != secondary->value) {
    report(name,
           "both " + std::string(name) + " (\"" + primary->value + "\") and " + std::string(alias) +
               " (\"" + secondary->value +
               "\") are set, to different values; they are two names for one setting, so set "
               "only one",
           example);
    return std::nullopt;
  }
  return primary ? primary : secondary;
}

void EnvReader::report(std::string_view variable, std::string message, std::string_view example) {
  problems_.push_back(
      ConfigProblem{std::string(variable), std::move(message), std::string(example)});
}

}  // namespace tglink
