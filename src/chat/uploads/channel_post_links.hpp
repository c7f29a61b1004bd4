#pragma once
// Puts a channel post's links where its readers see them (channel mode): on the post itself, as
// its buttons (editMessageReplyMarkup), or, when the bot may not edit the post or the edit fails
// for good, in one reply under it. Whatever is missing is told to the admins once per channel
// (the log and each of ADMINS), never silently.
//
// Every edit and message the bot sends into a channel takes a turn in that channel's budget here,
// right before it goes: Telegram takes about 20 a minute from a bot into one channel. A turn
// taken earlier (when the post was queued) drifts: the copy before it can take longer for one
// post than for the next, and the twenty-first edit then lands less than a minute after the
// first. The window is a second longer than Telegram's, for the time a request spends in TDLib
// and on the way.
//
// A flood wait delays, never drops: TDLib sits out waits of up to 60 s itself and then answers
// 429 "retry after N"; the edit or reply is then sent again after N s, in a new turn.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "chat/chat_context.hpp"
#include "chat/messages/reply.hpp"
#include "chat/uploads/flood_limiter.hpp"
#include "chat/uploads/link_reply.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

enum class ChannelLinksPlaced {
  buttons,  // on the post
  reply,    // in a reply under it
  nowhere,  // neither: the admins were told why
};

class ChannelLinks {
 public:
  // Telegram's budget for one channel: a bit over a minute, see above.
  static constexpr std::chrono::seconds kSendWindow{61};

  ChannelLinks(const ChatContext& chat, int sends_per_minute);

  // Waits for the channel's next turn in its budget and takes it.
  [[nodiscard]] boost::asio::awaitable<void> turn(std::int64_t chat_id);
  // One plain message into the channel, in its turn; false when Telegram refused it.
  // Not confirmed: a notice lost to a restart is not worth a wait.
  [[nodiscard]] boost::asio::awaitable<bool> notice(std::int64_t chat_id, std::string text);

  // The post's buttons, or a reply under it with the links.
  [[nodiscard]] boost::asio::awaitable<ChannelLinksPlaced> place(std::int64_t chat_id,
                                                                 std::int64_t message_id,
                                                                 const MadeLink& link);
  // Only the buttons (an edited post lost them): false when they could not be put back.
  [[nodiscard]] boost::asio::awaitable<bool> restore_buttons(std::int64_t chat_id,
                                                             std::int64_t message_id,
                                                             const MadeLink& link);
  // `reply` under the post, confirmed by Telegram; false when it was refused (admins told).
  [[nodiscard]] boost::asio::awaitable<bool> reply_under(std::int64_t chat_id,
                                                         std::int64_t message_id, Reply reply);
  // Logs `text` and sends it to each of ADMINS, once per channel and `what`.
  [[nodiscard]] boost::asio::awaitable<void> tell_admins_once(std::int64_t chat_id,
                                                              std::string what, std::string text);

 private:
  // The edit, sent again after each 429 until Telegram takes or refuses it; the refusal's text.
  [[nodiscard]] boost::asio::awaitable<std::optional<TdError>> edit_buttons(std::int64_t chat_id,
                                                                            std::int64_t message_id,
                                                                            const MadeLink& link);
  [[nodiscard]] boost::asio::awaitable<void> sleep(std::chrono::seconds delay);

  const ChatContext& chat_;
  FloodLimiter sends_;                                   // keyed by channel
  std::set<std::pair<std::int64_t, std::string>> told_;  // (channel, what) the admins know
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);

 public:
  ~ChannelLinks() { *alive_ = false; }
  ChannelLinks(const ChannelLinks&) = delete;
  ChannelLinks& operator=(const ChannelLinks&) = delete;
};

}  // namespace tglink
