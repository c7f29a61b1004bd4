// /revoke <link or token> (admins): the link stops working at once. The HTTP side checks
// Store::is_revoked for every request; the revocation is kept until the link would have expired.
// A batch link ({BASE_URL}/b/{token}) revokes the batch's page; its files' own links stay.

#include <chrono>

#include "chat/chat_context.hpp"
#include "chat/default_commands.hpp"
#include "chat/link_reply.hpp"
#include "core/unix_time.hpp"
#include "links/batch_token.hpp"
#include "links/link_token.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

Reply revoke_batch(const CommandCall& call, const std::string& token) {
  const BatchDecodeResult decoded =
      BatchTokenCodec(call.chat.links).decode(token, call.chat.clock.now());
  if (decoded.status == LinkStatus::Invalid ||
      !call.chat.store.revoke_batch(decoded.claims.batch_id)) {
    return plain_reply("That is not a link made by this bot: \"" + call.arguments + "\".");
  }
  call.chat.log.info("Admin {} revoked batch {}", call.user_id, decoded.claims.batch_id);
  return plain_reply("Revoked: that batch page stops working now (its files' own links stay).");
}

Reply revoke(const CommandCall& call) {
  if (call.arguments.empty()) {
    return plain_reply("Usage: /revoke <link or token>, e.g. /revoke https://host/dl/AbC...");
  }
  const std::string token = token_from_link(call.arguments);
  const DecodeResult decoded = call.chat.links.decode(token, call.chat.clock.now());
  // File and batch tokens are signed with different keys: one that is not a file's may be a
  // batch's ("…/b/TOKEN" or the bare token).
  if (decoded.status == LinkStatus::Invalid) {
    const std::string batch_token = batch_token_from_link(call.arguments);
    return revoke_batch(call, batch_token.empty() ? token : batch_token);
  }
  const LinkClaims& claims = decoded.claims;
  const std::int64_t expires = claims.expires_at ? unix_seconds(*claims.expires_at) : 0;
  call.chat.store.revoke_link(claims.message_id, expires);
  call.chat.log.info("Admin {} revoked the link to log message {}", call.user_id,
                     claims.message_id);
  if (decoded.status == LinkStatus::Expired) {
    return plain_reply("Revoked. (That link had already expired.)");
  }
  return plain_reply("Revoked: the download and stream links of that file stop working now.");
}

boost::asio::awaitable<void> run_revoke(const CommandCall& call) {
  Reply reply = revoke(call);
  co_await call.chat.reply(call.chat_id, std::move(reply));
}

}  // namespace

ChatCommand revoke_command() {
  return ChatCommand{"revoke", "Revoke a link: /revoke <link or token>", Audience::admins,
                     &run_revoke};
}

}  // namespace tglink
