// /revoke <link or token> (admins): the link stops working at once. The HTTP side checks
// Store::is_revoked for every request; the revocation is kept until the link would have expired.
// A batch link ({BASE_URL}/b/{token}) revokes the batch's page; its files' own links stay.

#include <chrono>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "chat/uploads/link_reply.hpp"
#include "core/unix_time.hpp"
#include "core/user_text.hpp"
#include "links/batch_token.hpp"
#include "links/link_token.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

boost::asio::awaitable<Reply> revoke_batch(const CommandCall& call, const std::string& token) {
  const BatchDecodeResult decoded =
      BatchTokenCodec(call.chat.links).decode(token, call.chat.clock.now());
  bool revoked = false;
  if (decoded.status != LinkStatus::Invalid) {
    const std::int64_t batch_id = decoded.claims.batch_id;
    co_await call.chat.on_store([&](Store& store) { revoked = store.revoke_batch(batch_id); });
  }
  if (!revoked) {
    co_return plain_reply("That is not a link made by this bot: \"" +
                          text_for_chat(call.arguments, kQuotedTextUnits) + "\".");
  }
  call.chat.log.info("Admin {} revoked batch {}", call.user_id, decoded.claims.batch_id);
  co_return plain_reply("Revoked: that batch page stops working now (its files' own links stay).");
}

boost::asio::awaitable<Reply> revoke(const CommandCall& call) {
  if (call.arguments.empty()) {
    co_return plain_reply("Usage: /revoke <link or token>, e.g. /revoke https://host/dl/AbC...");
  }
  const std::string token = token_from_link(call.arguments);
  const DecodeResult decoded = call.chat.links.decode(token, call.chat.clock.now());
  // File and batch tokens are signed with different keys: one that is not a file's may be a
  // batch's ("…/b/TOKEN" or the bare token).
  if (decoded.status == LinkStatus::Invalid) {
    const std::string batch_token = batch_token_from_link(call.arguments);
    const std::string& batch = batch_token.empty() ? token : batch_token;
    co_return co_await revoke_batch(call, batch);
  }
  const LinkClaims& claims = decoded.claims;
  const std::int64_t expires = claims.expires_at ? unix_seconds(*claims.expires_at) : 0;
  const std::int64_t message_id = claims.message_id;
  co_await call.chat.on_store([&](Store& store) { store.revoke_link(message_id, expires); });
  call.chat.log.info("Admin {} revoked the link to log message {}", call.user_id,
                     claims.message_id);
  if (decoded.status == LinkStatus::Expired) {
    co_return plain_reply("Revoked. (That link had already expired.)");
  }
  co_return plain_reply("Revoked: the download and stream links of that file stop working now.");
}

}  // namespace

ChatCommand revoke_command() {
  return ChatCommand{"revoke", "Revoke a link: /revoke <link or token>", Audience::admins,
                     &answered_with<revoke>};
}

}  // namespace tglink
