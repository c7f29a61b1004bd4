#include "chat/uploads/unconfirmed_copies.hpp"

#include <optional>
#include <string>

#include "chat/messages/message_loading.hpp"
#include "media/message_file.hpp"

namespace tglink {

namespace asio = boost::asio;
namespace json = boost::json;

namespace {

constexpr int kServerIdShift = 20;  // a TDLib message id is the server id shifted by 20

// The remote unique id of the file in the message `chat_id`/`message_id`; nullopt when the
// message cannot be read or holds no file.
asio::awaitable<std::optional<std::string>> file_unique_id(TelegramClient& client,
                                                           std::int64_t chat_id,
                                                           std::int64_t message_id) {
  if (co_await load_chat(client, chat_id)) co_return std::nullopt;
  const json::object message = co_await client.request(load_message_request(chat_id, message_id));
  if (td_error(message)) co_return std::nullopt;
  const std::optional<LocatedFile> file = file_from_message(message);
  if (!file || file->file.unique_id.empty()) co_return std::nullopt;
  co_return file->file.unique_id;
}

// The upload, among those not matched yet, that waits for a post of `unique_id` (oldest first).
std::optional<std::int64_t> claimant(const std::map<std::int64_t, std::string>& wanted,
                                     const std::map<std::int64_t, std::int64_t>& adopted,
                                     const std::string& unique_id) {
  for (const auto& [upload_id, wanted_id] : wanted) {
    if (wanted_id == unique_id && !adopted.contains(upload_id)) return upload_id;
  }
  return std::nullopt;
}

}  // namespace

asio::awaitable<std::map<std::int64_t, std::int64_t>> find_unconfirmed_copies(
    TelegramClient& client, std::int64_t log_channel, std::int64_t after_message_id,
    std::vector<UnconfirmedCopy> uploads, CopySearchLimits limits) {
  std::map<std::int64_t, std::string> wanted;  // upload id -> its file's unique id
  for (const UnconfirmedCopy& upload : uploads) {
    std::optional<std::string> unique_id =
        co_await file_unique_id(client, upload.chat_id, upload.message_id);
    if (unique_id) wanted[upload.upload_id] = std::move(*unique_id);
  }
  std::map<std::int64_t, std::int64_t> adopted;
  if (wanted.empty() || co_await load_chat(client, log_channel)) co_return adopted;
  std::int64_t server_id = after_message_id >> kServerIdShift;
  int misses = 0;
  for (int scanned = 0; scanned < limits.max_scanned && misses < limits.misses_to_stop &&
                        adopted.size() < wanted.size();
       ++scanned) {
    const std::int64_t message_id = ++server_id << kServerIdShift;
    const json::object message =
        co_await client.request(load_message_request(log_channel, message_id));
    if (const std::optional<TdError> error = td_error(message)) {
      if (error->code != 404) break;  // not "there is no such message": stop looking
      ++misses;
      continue;
    }
    misses = 0;
    const std::optional<LocatedFile> file = file_from_message(message);
    if (!file) continue;
    if (auto upload_id = claimant(wanted, adopted, file->file.unique_id)) {
      adopted[*upload_id] = message_id;
    }
  }
  co_return adopted;
}

}  // namespace tglink
