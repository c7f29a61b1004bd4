// /batch and /done: one link for many files. /batch opens a batch in the store; every file the
// user sends while it is open joins it (chat/uploads/upload_queue.hpp) instead of getting a reply
// of its own; /done closes it and answers with one link, {BASE_URL}/b/{token}: a page listing every
// file (web/batch_page.hpp), JSON for programs, a URL list for download managers. The batch
// token is signed and expires like a file link (links/batch_token.hpp); each file still counts
// toward the daily limit.

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "chat/uploads/link_reply.hpp"
#include "chat/uploads/upload_flow.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/telegram_button_urls.hpp"
#include "core/unix_time.hpp"
#include "links/batch_token.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

// Files of the batch that are accepted but not yet saved into LOG_CHANNEL.
std::int64_t files_on_their_way(Store& store, std::int64_t batch_id) {
  const std::vector<PendingUpload> pending = store.pending_uploads();
  return std::count_if(pending.begin(), pending.end(),
                       [&](const PendingUpload& upload) { return upload.batch_id == batch_id; });
}

boost::asio::awaitable<Reply> open_batch(const CommandCall& call) {
  const std::int64_t user_id = call.user_id;
  const std::int64_t now = unix_seconds(call.chat.clock.now());
  std::optional<std::size_t> files_so_far;  // set when a batch was open already
  co_await call.chat.on_store([&](Store& store) {
    if (const std::optional<BatchRecord> open = store.open_batch_of(user_id)) {
      files_so_far = store.batch_files(open->id).size();
      return;
    }
    store.open_batch(user_id, now);
  });
  if (files_so_far) {
    co_return plain_reply(
        fmt::format("Your batch is already open ({} file(s) so far). Send more files, then /done.",
                    *files_so_far));
  }
  call.chat.log.info("User {} opened a batch", call.user_id);
  Reply reply;
  reply.text.bold("Batch started").plain("\n");
  reply.text.plain(
      "Send the files now; they are collected instead of answered one by one. Send /done when "
      "you are finished to get one link for all of them.");
  co_return reply;
}

Reply batch_ready_reply(const Config& config, const std::string& url,
                        const std::vector<BatchFile>& files, std::int64_t on_their_way,
                        std::optional<SystemTime> expires_at) {
  std::int64_t bytes = 0;
  for (const BatchFile& file : files) bytes += file.file_size;
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Your batch link is ready").plain("\n\n");
  text.plain(fmt::format("Files: {} ({})\n", files.size(), format_size(bytes)));
  if (on_their_way > 0) {
    text.plain(
        fmt::format("{} more file(s) are still being saved; they appear on the page when "
                    "ready.\n",
                    on_their_way));
  }
  text.plain("\nLink: ").url(url).plain("\n");
  text.plain("For download managers: ").url(url + "?format=urls").plain("\n\n");
  text.plain(expiry_sentence(config, expires_at));
  if (telegram_accepts_link(url)) reply.keyboard.push_back({InlineButton::link("Open batch", url)});
  return reply;
}

boost::asio::awaitable<Reply> close_batch(const CommandCall& call) {
  const ChatContext& chat = call.chat;
  const std::int64_t user_id = call.user_id;
  const std::optional<SystemTime> expires_at = link_expiry_from(chat, chat.clock.now());
  const std::int64_t expires_unix = expires_at ? unix_seconds(*expires_at) : 0;
  std::optional<BatchRecord> open;
  std::vector<BatchFile> files;
  std::int64_t on_their_way = 0;
  bool closed = false;
  co_await chat.on_store([&](Store& store) {
    open = store.open_batch_of(user_id);
    if (!open) return;
    files = store.batch_files(open->id);
    on_their_way = files_on_their_way(store, open->id);
    if (files.empty() && on_their_way == 0) return;
    closed = store.close_batch(open->id, expires_unix);
  });
  if (!open) {
    co_return plain_reply("No batch is open. Send /batch first, then the files, then /done.");
  }
  if (files.empty() && on_their_way == 0) {
    co_return plain_reply("Your batch has no files yet. Send some files, then /done.");
  }
  if (!closed) co_return plain_reply("Your batch was closed already.");
  const std::string token = BatchTokenCodec(chat.links).encode(BatchClaims{open->id, expires_at});
  chat.log.info("User {} closed batch {} with {} file(s)", call.user_id, open->id,
                files.size() + static_cast<std::size_t>(on_their_way));
  co_return batch_ready_reply(chat.config, batch_url(chat.config.base_url, token), files,
                              on_their_way, expires_at);
}

}  // namespace

ChatCommand batch_command() {
  return ChatCommand{"batch", "Collect the next files under one link; /done to finish",
                     Audience::everyone, &answered_with<open_batch>};
}

ChatCommand done_command() {
  return ChatCommand{"done", "Close the batch and get its link", Audience::everyone,
                     &answered_with<close_batch>};
}

}  // namespace tglink
