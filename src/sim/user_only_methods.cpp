#include "sim/user_only_methods.hpp"

#include <algorithm>
#include <array>

namespace tglink::sim {

namespace {

// Each is CHECK_IS_USER() in TDLib 1.8.67's Requests.cpp.
constexpr std::array<std::string_view, 2> kUserOnly{"getChatHistory", "searchChatMessages"};

}  // namespace

bool is_user_only_method(std::string_view method) {
  return std::find(kUserOnly.begin(), kUserOnly.end(), method) != kUserOnly.end();
}

}  // namespace tglink::sim
