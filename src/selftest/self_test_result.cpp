#include "selftest/self_test_result.hpp"

namespace tglink {

std::string_view step_name(SelfTestStep step) {
  switch (step) {
    case SelfTestStep::kAddress:
      return "address";
    case SelfTestStep::kDns:
      return "dns";
    case SelfTestStep::kTcpConnect:
      return "tcp_connect";
    case SelfTestStep::kTls:
      return "tls";
    case SelfTestStep::kHttpStatus:
      return "http_status";
    case SelfTestStep::kOtherService:
      return "other_service";
    case SelfTestStep::kOtherInstance:
      return "other_instance";
    case SelfTestStep::kPathPrefix:
      return "path_prefix";
    case SelfTestStep::kPassed:
      return "passed";
  }
  return "unknown";
}

std::string_view step_title(SelfTestStep step) {
  switch (step) {
    case SelfTestStep::kAddress:
      return "BASE_URL";
    case SelfTestStep::kDns:
      return "DNS";
    case SelfTestStep::kTcpConnect:
      return "TCP connect";
    case SelfTestStep::kTls:
      return "TLS";
    case SelfTestStep::kHttpStatus:
      return "HTTP status";
    case SelfTestStep::kOtherService:
      return "another service answers";
    case SelfTestStep::kOtherInstance:
      return "another tglink answers";
    case SelfTestStep::kPathPrefix:
      return "path prefix";
    case SelfTestStep::kPassed:
      return "passed";
  }
  return "unknown";
}

std::string describe(const SelfTestResult& result) {
  if (result.passed()) return "Self-test of " + result.url + ": passed (" + result.message + ")";
  return "Self-test of " + result.url + " FAILED at " + std::string(step_title(result.step)) +
         ": " + result.message;
}

std::string short_status(const std::optional<SelfTestResult>& result) {
  if (!result) return "not run yet";
  if (result->passed()) return "passed";
  return "FAILED at " + std::string(step_title(result->step)) + ": " + result->message;
}

}  // namespace tglink
