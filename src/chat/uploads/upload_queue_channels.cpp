// UploadQueue's channel posts (channel mode): a post's links go onto the post as buttons or under
// it, and refusals go to the bot's admins instead of into the channel. Every send or edit in a
// channel waits for its turn in Telegram's budget there (ChannelLinks::turn).
#include <utility>

#include <fmt/format.h>

#include "chat/chat_events.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/uploads/upload_queue.hpp"
#include "core/unix_time.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace asio = boost::asio;

asio::awaitable<void> UploadQueue::finish_channel_post(PendingUpload upload) {
  const FileMessage message = file_message_of(upload);
  const std::string owner = fmt::format("Channel {}", upload.chat_id);
  const SystemTime now = chat_.clock.now();
  const std::optional<SystemTime> expires_at = co_await record_copy(upload, owner, now);
  const MadeLink link = made_link(chat_, message.file, upload.copy_message_id, expires_at);
  const std::shared_ptr<bool> alive = alive_;
  const ChannelLinksPlaced placed =
      co_await channel_links_.place(upload.chat_id, upload.message_id, link);
  if (!*alive) co_return;  // stopped meanwhile: the row stays, and the next start edits again
  co_await record_channel_post(upload, expires_at, placed == ChannelLinksPlaced::buttons);
  co_await count_link(upload.user_id, now);
  if (chat_.events != nullptr) chat_.events->link_made();
  co_await forget(upload.id);
}

asio::awaitable<void> UploadQueue::record_channel_post(const PendingUpload& upload,
                                                       std::optional<SystemTime> expires_at,
                                                       bool has_buttons) {
  std::optional<ChannelPostRecord> found;
  co_await chat_.on_store(
      [&](Store& store) { found = store.find_channel_post(upload.chat_id, upload.message_id); });
  ChannelPostRecord post = found.value_or(ChannelPostRecord{});
  post.chat_id = upload.chat_id;
  post.message_id = upload.message_id;
  post.copy_message_id = upload.copy_message_id;
  post.file_kind = upload.file_kind;
  post.mime_type = upload.mime_type;
  post.expires_unix = expires_at ? unix_seconds(*expires_at) : 0;
  post.has_buttons = has_buttons;
  co_await chat_.on_store([&post](Store& store) { store.save_channel_post(post); });
}

asio::awaitable<void> UploadQueue::answer(std::int64_t chat_id, Reply reply) {
  if (!is_channel_chat(chat_id)) {
    co_await chat_.reply(chat_id, std::move(reply));
    co_return;
  }
  // Each refusal once per channel: the same limit would otherwise be told for every post.
  const std::string text = reply.text.text();
  co_await channel_links_.tell_admins_once(
      chat_id, text.substr(0, text.find('\n')),
      fmt::format("Channel {}: a post got no links: {}", chat_id, text));
}

}  // namespace tglink
