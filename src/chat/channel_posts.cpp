#include "chat/channel_posts.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "chat/chat_events.hpp"
#include "chat/uploads/upload_flow.hpp"
#include "config/config.hpp"
#include "core/clock.hpp"
#include "core/unix_time.hpp"
#include "logging/log.hpp"
#include "media/file_kind.hpp"
#include "store/store.hpp"
#include "telegram/bot_token.hpp"
#include "telegram/td_fields.hpp"
#include "telegram/td_object.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

ChannelPosts::ChannelPosts(const ChatContext& chat, UploadQueue& uploads,
                           ForceSubscription& force_sub)
    : chat_(chat), uploads_(uploads), force_sub_(force_sub), sponsors_(chat) {}

asio::awaitable<void> ChannelPosts::refuse(const ChannelPost& post, std::string why,
                                           std::string notice) {
  chat_.log.info("Channel {}: post {} gets no links: {}", post.chat_id, post.message_id, why);
  if (chat_.events != nullptr) chat_.events->upload_refused(refusal_reason::kNotAllowed);
  if (!refusal_notices_.due(post.chat_id, chat_.clock.steady_now())) co_return;
  (void)co_await uploads_.channel_links().notice(post.chat_id, std::move(notice));
}

asio::awaitable<std::optional<std::int64_t>> ChannelPosts::charged_to(const ChannelPost& post) {
  const std::vector<std::int64_t>& listed = chat_.config.channels;
  if (std::find(listed.begin(), listed.end(), post.chat_id) != listed.end()) {
    co_return post.chat_id;
  }
  const ChannelSponsor sponsor = co_await sponsors_.sponsor_of(post.chat_id);
  if (!sponsor.user_id) {
    co_await refuse(post, sponsor.refusal,
                    "This bot makes no links for this channel's posts: none of its "
                    "administrators may use the bot.");
    co_return std::nullopt;
  }
  const std::vector<std::int64_t> missing = co_await force_sub_.missing_channels(*sponsor.user_id);
  if (!missing.empty()) {
    co_await refuse(post,
                    fmt::format("its administrator {} has not joined the {} required channel(s)",
                                *sponsor.user_id, missing.size()),
                    "This bot makes no links for this channel's posts until its administrator "
                    "joins the channels the bot requires: open the bot in private to see them.");
    co_return std::nullopt;
  }
  co_return sponsor.user_id;
}

bool ChannelPosts::needed_elsewhere(std::int64_t chat_id) const {
  const std::vector<std::int64_t>& forced = chat_.config.force_sub_channels;
  return chat_id == chat_.config.log_channel ||
         std::find(forced.begin(), forced.end(), chat_id) != forced.end();
}

asio::awaitable<void> ChannelPosts::leave(std::int64_t chat_id) {
  if (!left_.insert(chat_id).second) co_return;
  chat_.log.info("Channel {}: not in CHANNELS, so the bot leaves it", chat_id);
  json::object request;
  request["@type"] = "leaveChat";
  request["chat_id"] = chat_id;
  const json::object answer = co_await chat_.client.request(std::move(request));
  if (const std::optional<TdError> error = td_error(answer)) {
    chat_.log.warning("Channel {}: leaving failed: {} {}", chat_id, error->code, error->message);
  }
}

asio::awaitable<void> ChannelPosts::on_post(ChannelPost post) {
  if (!chat_.config.serves_channel(post.chat_id)) {
    if (!needed_elsewhere(post.chat_id)) co_await leave(post.chat_id);
    co_return;
  }
  if (is_banned(chat_.config, *chat_.bans, post.chat_id)) {
    if (told_banned_.insert(post.chat_id).second) {
      chat_.log.info("Channel {} is banned: its posts get no links", post.chat_id);
    }
    co_return;
  }
  if (!post.file || !is_linkable_in_channel(*post.file)) co_return;
  if (post.forwarded || post.has_keyboard) {
    chat_.log.info("Channel {}: post {} left alone ({})", post.chat_id, post.message_id,
                   post.forwarded ? "forwarded" : "has buttons already");
    co_return;
  }
  const std::optional<std::int64_t> charged = co_await charged_to(post);
  if (!charged) co_return;
  std::optional<ChannelPostRecord> done;
  std::optional<ChannelPostRecord> earlier;
  co_await chat_.on_store([&](Store& store) {
    done = store.find_channel_post(post.chat_id, post.message_id);
    if (!post.file_unique_id.empty()) earlier = store.find_channel_copy(post.file_unique_id);
  });
  if (done && done->copy_message_id != 0) co_return;  // delivered again: its links are there
  FileMessage file;
  file.chat_id = post.chat_id;
  file.user_id = *charged;
  file.message_id = post.message_id;
  file.file = *post.file;
  file.album_id = post.media_album_id;
  if (earlier) {
    file.copy_message_id = earlier->copy_message_id;
    chat_.log.info("Channel {}: post {} is a re-post; its copy is log message {}", post.chat_id,
                   post.message_id, earlier->copy_message_id);
  }
  ChannelPostRecord record;
  record.chat_id = post.chat_id;
  record.message_id = post.message_id;
  record.file_unique_id = post.file_unique_id;
  record.file_kind = std::string(to_string(post.file->kind));
  record.mime_type = post.file->mime_type;
  co_await chat_.on_store([&record](Store& store) { store.save_channel_post(record); });
  co_await uploads_.accept(std::move(file));
}

asio::awaitable<void> ChannelPosts::on_member_update(json::object update) {
  const std::int64_t chat_id = td_int53(update, "chat_id").value_or(0);
  if (!is_channel_chat(chat_id) || chat_.config.serves_channel(chat_id)) co_return;
  if (needed_elsewhere(chat_id)) co_return;
  const std::optional<std::int64_t> me = bot_id_from_token(chat_.config.bot_token);
  if (!me || td_int53(update, "new_chat_member.member_id.user_id") != *me) co_return;
  const std::string_view status = td_string(update, "new_chat_member.status.@type").value_or("");
  if (status != "chatMemberStatusAdministrator" && status != "chatMemberStatusMember") co_return;
  left_.erase(chat_id);  // added again after it left: leave again
  co_await leave(chat_id);
}

asio::awaitable<void> ChannelPosts::on_edited(json::object update) {
  const std::int64_t chat_id = td_int53(update, "chat_id").value_or(0);
  const std::int64_t message_id = td_int53(update, "message_id").value_or(0);
  if (!is_channel_chat(chat_id) || !chat_.config.serves_channel(chat_id)) co_return;
  if (td_object(update, "reply_markup") != nullptr) co_return;  // the buttons are there
  std::optional<ChannelPostRecord> post;
  co_await chat_.on_store(
      [&](Store& store) { post = store.find_channel_post(chat_id, message_id); });
  if (!post || !post->has_buttons || post->copy_message_id == 0) co_return;
  std::optional<SystemTime> expires_at;
  if (post->expires_unix != 0) {
    expires_at = SystemTime{std::chrono::seconds(post->expires_unix)};
    if (*expires_at <= chat_.clock.now()) co_return;  // dead links: no buttons to put back
  }
  IncomingFile file;
  file.kind = file_kind_named(post->file_kind).value_or(FileKind::document);
  file.mime_type = post->mime_type;
  // The same claims sign the same token: the buttons come back as they were.
  const MadeLink link = made_link(chat_, file, post->copy_message_id, expires_at);
  chat_.log.info("Channel {}: post {} was edited and lost its buttons; putting them back", chat_id,
                 message_id);
  (void)co_await uploads_.channel_links().restore_buttons(chat_id, message_id, link);
}

}  // namespace tglink
