// /logs [level=LEVEL] [limit=N] (admins): the newest records of the in-memory log buffer. Short
// output comes as a message; longer output as a text file (Telegram caps a message at 4096
// characters), written to DATA_DIR and removed once Telegram has it.

#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/logs_arguments.hpp"
#include "chat/messages/message_edit.hpp"
#include "config/config.hpp"
#include "core/time_format.hpp"
#include "telegram/telegram_client.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxMessageChars = 3500;  // under Telegram's 4096, with room for a header
constexpr std::chrono::seconds kUploadTimeout{120};

constexpr std::string_view kUsage =
    "Usage: /logs [level=LEVEL] [limit=N]\n"
    "LEVEL: DEBUG, INFO, WARNING, ERROR or CRITICAL (that level and above; default INFO)\n"
    "N: 1 to 500 records, newest last (default 50)";

std::string render(const std::vector<LogRecord>& records) {
  std::string text;
  for (const LogRecord& record : records) {
    text += fmt::format("{} {} {}\n", format_iso8601_utc(record.time), log_level_name(record.level),
                        record.text);
  }
  return text;
}

json::object document_request(std::int64_t chat_id, const std::filesystem::path& path,
                              std::string caption) {
  FormattedText text;
  text.plain(caption);
  json::object content{
      {"@type", "inputMessageDocument"},
      {"document", json::object{{"@type", "inputFileLocal"}, {"path", path.string()}}},
      {"disable_content_type_detection", true},
      {"caption", text.to_json()}};
  return json::object{{"@type", "sendMessage"},
                      {"chat_id", chat_id},
                      {"input_message_content", std::move(content)}};
}

boost::asio::awaitable<void> send_as_file(const CommandCall& call, const std::string& body,
                                          std::string caption) {
  const ChatContext& chat = call.chat;
  const auto stamp =
      std::chrono::duration_cast<std::chrono::milliseconds>(chat.clock.now().time_since_epoch())
          .count();
  const std::filesystem::path path =
      chat.config.data_dir / fmt::format("logs-{}-{}.txt", call.user_id, stamp);
  std::ofstream(path, std::ios::binary) << body;
  SendOutcomes outcomes(chat.client, chat.executor, call.chat_id);
  json::object request = document_request(call.chat_id, path, std::move(caption));
  const json::object answer = co_await chat.client.request(std::move(request));
  if (const auto error = td_error(answer)) {
    chat.log.warning("/logs file not sent to {}: {} {}", call.chat_id, error->code, error->message);
  } else {
    // TDLib reads the file while uploading: remove it only after the send has ended.
    (void)co_await confirmed_message_id(outcomes, answer, kUploadTimeout);
  }
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
}

boost::asio::awaitable<void> run_logs(const CommandCall& call) {
  const std::optional<LogsArguments> arguments = parse_logs_arguments(call.arguments);
  if (!arguments) {
    Reply usage = plain_reply(kUsage);
    co_await call.chat.reply(call.chat_id, std::move(usage));
    co_return;
  }
  const std::vector<LogRecord> records = call.chat.log.recent(arguments->level, arguments->limit);
  const std::string header = fmt::format("{} log records at {} and above", records.size(),
                                         log_level_name(arguments->level));
  const std::string body = render(records);
  if (body.size() > kMaxMessageChars) {
    co_await send_as_file(call, body, header);
    co_return;
  }
  Reply reply;
  reply.text.bold(header).plain("\n");
  if (body.empty()) {
    reply.text.plain("(none)");
  } else {
    reply.text.code(body);
  }
  co_await call.chat.reply(call.chat_id, std::move(reply));
}

}  // namespace

ChatCommand logs_command() {
  return ChatCommand{"logs", "Recent log records: /logs [level=LEVEL] [limit=N]", Audience::admins,
                     &run_logs};
}

}  // namespace tglink
