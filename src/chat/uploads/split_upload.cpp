#include "chat/uploads/split_upload.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/chat_events.hpp"
#include "chat/messages/channel_post.hpp"
#include "chat/uploads/split_join_state.hpp"
#include "chat/uploads/upload_flow.hpp"
#include "core/human_size.hpp"
#include "core/time_format.hpp"
#include "core/unix_time.hpp"
#include "core/user_text.hpp"
#include "logging/log.hpp"
#include "media/mime_types.hpp"

namespace tglink {

namespace {

std::vector<SplitPartSize> split_part_sizes(const SplitFile& file) {
  std::vector<SplitPartSize> sizes;
  for (const SplitPart& part : file.parts)
    sizes.push_back(SplitPartSize{part.number, part.file_size});
  return sizes;
}

std::int64_t split_total_size(const SplitFile& file) {
  std::int64_t total = 0;
  for (const SplitPart& part : file.parts) total += part.file_size;
  return total;
}

// "1, 2, 5"
std::string part_number_list(const std::vector<int>& numbers) {
  std::string text;
  for (const int number : numbers) text += (text.empty() ? "" : ", ") + std::to_string(number);
  return text;
}

// The joined file as the link reply shows it: its type from its name, so a joined video gets
// /stream and the Play button.
IncomingFile joined_incoming_file(const SplitFile& file) {
  IncomingFile joined;
  joined.kind = FileKind::document;
  joined.file_name = file.name;
  joined.mime_type = std::string(mime_type_for_file_name(file.name));
  joined.size = split_total_size(file);
  return joined;
}

Reply split_waiting_reply(const SplitFile& file, const SplitJoinState& state,
                          std::optional<int> just_came) {
  Reply reply;
  FormattedText& text = reply.text;
  const std::string name = text_for_chat(file.name, kQuotedTextUnits);
  if (state.verdict == SplitJoinState::Verdict::mismatch) {
    text.bold("These parts cannot be one file").plain("\n\n");
    text.plain("Name: ").bold(name).plain("\n");
    text.plain(
        fmt::format("The {}. Send the right part again under the same name: it replaces "
                    "the one before.",
                    state.problem));
    return reply;
  }
  text.bold(just_came ? fmt::format("Part {} received", *just_came) : "Parts received")
      .plain("\n\n");
  text.plain("Name: ").bold(name).plain("\n");
  text.plain(fmt::format("Received: {} ({} part(s), {})\n", part_number_list(state.received),
                         state.received.size(), format_size(split_total_size(file))));
  if (!state.missing.empty())
    text.plain("Missing: ").bold(part_number_list(state.missing)).plain("\n");
  text.plain("\n");
  if (state.last_known) {
    text.plain("The link comes once the missing parts are here.");
  } else {
    text.plain(fmt::format(
        "More parts may follow {}: the file is joined when the last one (smaller than the "
        "others) arrives. If the last part is as large as the others, send /join after it.",
        state.highest_number));
  }
  return reply;
}

// Joins `file` (every part here), records and counts its link, and answers its reply; when
// another call joined it first, its link is answered again without counting it twice.
boost::asio::awaitable<Reply> split_joined_reply(const ChatContext& chat, const SplitFile& file) {
  const std::int64_t link_message_id = file.parts.front().message_id;
  const SystemTime now = chat.clock.now();
  std::optional<SystemTime> expires_at = link_expiry_from(chat, now);
  LinkRecord link;
  link.message_id = link_message_id;
  link.user_id = file.user_id;
  link.file_name = file.name;
  link.file_size = split_total_size(file);
  link.created_unix = unix_seconds(now);
  link.expires_unix = expires_at ? unix_seconds(*expires_at) : 0;
  bool joined_now = false;
  std::optional<LinkRecord> earlier;
  co_await chat.on_store([&](Store& store) {
    joined_now = file.joined_message_id == 0 && store.join_split_file(file.id, link_message_id);
    if (joined_now) {
      store.add_link(link);
      store.record_link(file.user_id, format_day_utc(now));
    } else {
      earlier = store.find_link(link_message_id);
    }
  });
  if (joined_now) {
    chat.log.info("User {}: {} joined from {} part(s) ({} bytes) -> log message {}", file.user_id,
                  text_for_log(file.name), file.parts.size(), link.file_size, link_message_id);
    if (chat.events != nullptr) chat.events->link_made();
  } else if (earlier) {
    expires_at =
        earlier->expires_unix == 0
            ? std::nullopt
            : std::optional<SystemTime>(SystemTime{std::chrono::seconds(earlier->expires_unix)});
  }
  co_return made_link_reply(chat, joined_incoming_file(file), link_message_id, expires_at);
}

bool holds_copy(const SplitFile& file, std::int64_t copy_message_id) {
  return std::any_of(file.parts.begin(), file.parts.end(),
                     [&](const SplitPart& part) { return part.message_id == copy_message_id; });
}

// Parts of `file` still on their way (not yet copied into LOG_CHANNEL): /join must not take the
// highest number received as the last while a later part is being saved. A part the file holds
// already is not on its way, though its row stays until its "Part N received" reply is confirmed:
// a user who answers that reply with /join at once would otherwise be told to wait for it.
std::int64_t split_parts_on_their_way(const std::vector<PendingUpload>& pending,
                                      const SplitFile& file) {
  return std::count_if(pending.begin(), pending.end(), [&](const PendingUpload& upload) {
    if (upload.user_id != file.user_id) return false;
    const std::optional<SplitPartName> part = split_part_of(upload);
    return part && part->joined_name == file.name && !holds_copy(file, upload.copy_message_id);
  });
}

}  // namespace

std::optional<SplitPartName> split_part_of(const PendingUpload& upload) {
  if (is_channel_chat(upload.chat_id)) return std::nullopt;
  return split_part_name(upload.file_name);
}

boost::asio::awaitable<Reply> take_split_part(const ChatContext& chat, const PendingUpload& upload,
                                              const SplitPartName& part) {
  const SplitPart added{part.number, upload.copy_message_id, upload.file_size};
  const std::int64_t now = unix_seconds(chat.clock.now());
  SplitFile file;
  co_await chat.on_store([&](Store& store) {
    file = store.add_split_part(upload.user_id, upload.chat_id, part.joined_name, added, now);
  });
  chat.log.info("User {}: part {} of {} ({} bytes) -> log message {}", upload.user_id, part.number,
                text_for_log(part.joined_name), upload.file_size, upload.copy_message_id);
  // A resumed part of a file joined already: its link again.
  if (file.joined_message_id != 0) co_return co_await split_joined_reply(chat, file);
  const SplitJoinState state = split_join_state(split_part_sizes(file), false);
  if (state.verdict == SplitJoinState::Verdict::whole)
    co_return co_await split_joined_reply(chat, file);
  co_return split_waiting_reply(file, state, part.number);
}

boost::asio::awaitable<std::vector<Reply>> join_split_files(const ChatContext& chat,
                                                            std::int64_t user_id) {
  std::vector<SplitFile> waiting;
  std::vector<std::int64_t> on_their_way;
  co_await chat.on_store([&](Store& store) {
    waiting = store.waiting_split_files(user_id);
    if (waiting.empty()) return;
    const std::vector<PendingUpload> pending = store.pending_uploads();
    for (const SplitFile& file : waiting) {
      on_their_way.push_back(split_parts_on_their_way(pending, file));
    }
  });
  std::vector<Reply> replies;
  if (waiting.empty()) {
    replies.push_back(plain_reply(
        "No split file is waiting to be joined. Send the parts of a file cut into pieces "
        "(NAME.001, NAME.002, ... or NAME.part1, NAME.part2, ...); it is joined into one link "
        "when its last part arrives, or when you send /join after the last part."));
    co_return replies;
  }
  for (std::size_t i = 0; i < waiting.size(); ++i) {
    const SplitFile& file = waiting[i];
    if (on_their_way[i] > 0) {
      replies.push_back(plain_reply(fmt::format(
          "{}: {} part(s) are still being saved. Send /join again once they are answered.",
          text_for_chat(file.name, kQuotedTextUnits), on_their_way[i])));
      continue;
    }
    const SplitJoinState state = split_join_state(split_part_sizes(file), true);
    if (state.verdict == SplitJoinState::Verdict::whole) {
      replies.push_back(co_await split_joined_reply(chat, file));
    } else {
      replies.push_back(split_waiting_reply(file, state, std::nullopt));
    }
  }
  co_return replies;
}

}  // namespace tglink
