#include "chat/channel_sponsor.hpp"

#include <algorithm>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/object.hpp>
#include <fmt/format.h>

#include "chat/access_control.hpp"
#include "chat/chat_context.hpp"
#include "config/config.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

ChannelSponsors::ChannelSponsors(const ChatContext& chat) : chat_(chat) {}

bool ChannelSponsors::may_use_bot(std::int64_t user_id) const {
  return chat_.config.may_make_links(user_id) && !is_banned(chat_.config, *chat_.bans, user_id);
}

asio::awaitable<bool> ChannelSponsors::is_person(std::int64_t user_id) {
  json::object request{{"@type", "getUser"}, {"user_id", user_id}};
  const json::object user = co_await chat_.client.request(std::move(request));
  co_return !is_error(user) && td_string(user, "type.@type") == "userTypeRegular";
}

void ChannelSponsors::drop_stale(SteadyTime now) {
  if (kept_.size() < kMaxKept) return;
  std::erase_if(kept_, [&](const auto& entry) { return now - entry.second.fetched >= kKeepFor; });
}

asio::awaitable<ChannelSponsors::Kept> ChannelSponsors::ask_telegram(std::int64_t chat_id,
                                                                     SteadyTime now) {
  json::object request{{"@type", "getChatAdministrators"}, {"chat_id", chat_id}};
  const json::object answer = co_await chat_.client.request(std::move(request));
  Kept kept;
  kept.fetched = now;
  if (const std::optional<TdError> error = td_error(answer)) {
    kept.error =
        fmt::format("Telegram did not list its administrators: {} {}", error->code, error->message);
    co_return kept;
  }
  const json::array* list = td_array(answer, "administrators");
  if (list == nullptr) {
    kept.error = "Telegram's list of its administrators is unreadable";
    co_return kept;
  }
  std::vector<Administrator> administrators;
  for (const json::value& item : *list) {
    if (!item.is_object()) continue;
    const std::optional<std::int64_t> user_id = td_int53(item.as_object(), "user_id");
    if (!user_id) continue;
    administrators.push_back(
        Administrator{*user_id, td_bool(item.as_object(), "is_owner").value_or(false)});
  }
  kept.administrators = std::move(administrators);
  co_return kept;
}

asio::awaitable<ChannelSponsors::Kept> ChannelSponsors::administrators(std::int64_t chat_id) {
  const std::shared_ptr<bool> alive = alive_;
  for (;;) {
    const SteadyTime now = chat_.clock.steady_now();
    if (const auto found = kept_.find(chat_id);
        found != kept_.end() && now - found->second.fetched < kKeepFor) {
      co_return found->second;
    }
    const auto out = asking_.find(chat_id);
    if (out == asking_.end()) break;
    const std::shared_ptr<asio::steady_timer> answered = out->second;
    boost::system::error_code ignored;
    co_await answered->async_wait(asio::redirect_error(asio::use_awaitable, ignored));
    if (!*alive) co_return Kept{};
  }
  auto answered =
      std::make_shared<asio::steady_timer>(chat_.executor, asio::steady_timer::time_point::max());
  asking_[chat_id] = answered;
  Kept kept;
  try {
    kept = co_await ask_telegram(chat_id, chat_.clock.steady_now());
  } catch (...) {
    // The posts waiting for this answer ask again rather than wait for ever.
    if (*alive) asking_.erase(chat_id);
    answered->cancel();
    throw;
  }
  if (!*alive) co_return kept;
  drop_stale(kept.fetched);
  kept_[chat_id] = kept;
  asking_.erase(chat_id);
  answered->cancel();
  co_return kept;
}

asio::awaitable<ChannelSponsor> ChannelSponsors::sponsor_of(std::int64_t chat_id) {
  const Kept kept = co_await administrators(chat_id);
  if (!kept.administrators) co_return ChannelSponsor{std::nullopt, kept.error};
  std::vector<Administrator> administrators = *kept.administrators;
  const auto owner = std::find_if(administrators.begin(), administrators.end(),
                                  [](const Administrator& admin) { return admin.is_owner; });
  if (owner != administrators.end()) {
    if (is_banned(chat_.config, *chat_.bans, owner->user_id)) {
      co_return ChannelSponsor{std::nullopt, fmt::format("its owner {} is banned", owner->user_id)};
    }
    if (may_use_bot(owner->user_id) && co_await is_person(owner->user_id)) {
      co_return ChannelSponsor{owner->user_id, {}};
    }
  }
  std::sort(administrators.begin(), administrators.end(),
            [](const Administrator& a, const Administrator& b) { return a.user_id < b.user_id; });
  for (const Administrator& admin : administrators) {
    if (admin.is_owner || !may_use_bot(admin.user_id)) continue;
    if (co_await is_person(admin.user_id)) co_return ChannelSponsor{admin.user_id, {}};
  }
  co_return ChannelSponsor{std::nullopt,
                           "none of its administrators may use the bot (ALLOWED_USERS, bans)"};
}

}  // namespace tglink
