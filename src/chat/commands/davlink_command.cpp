// /davlink: the address of the user's own read-only WebDAV folder, {BASE_URL}/dav/{token}/, with
// how to add it to Kodi, Infuse, VLC and rclone, and the folder's playlist for VLC and mpv.
// /davlink off: the folder stops working, on every node at once. The rules are in
// dav/dav_access.hpp, the folder in dav/dav_routes.hpp.
//
// Only in the user's private chat: the address opens every file of the user, and a group would
// show it to everyone in it. Users ALLOWED_USERS leaves out get the same answer as for a file.

#include "chat/access_control.hpp"
#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "config/config.hpp"
#include "core/user_text.hpp"
#include "dav/dav_access.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace {

Reply folder_reply(const Config& config, const std::string& token) {
  const std::string url = config.base_url + "/dav/" + token + "/";
  Reply reply;
  reply.text.bold("Your files as a folder")
      .line()
      .line("Every file you sent me and every batch, read-only, for your player:")
      .url(url)
      .line()
      .line()
      .bold("Kodi")
      .line(
          ": Videos > Files > Add videos > Browse > Add network location, protocol "
          "WebDAV (HTTPS if the address starts with https), server and path from "
          "the address above.")
      .bold("Infuse")
      .plain(
          ": Add Files > Add Share > WebDAV, with this address; or the "
          "address up to /dav/, any user name and the password ")
      .code(token)
      .line(".")
      .bold("VLC")
      .line(
          ": Open Network Stream with the playlist below, or Browse > WebDAV on "
          "phones with this address.")
      .bold("rclone")
      .plain(": ")
      .code("rclone lsf :webdav,url=" + url + ":")
      .line()
      .line()
      .plain("Playlist of your videos and audio (VLC, mpv): ")
      .url(config.base_url + "/dav/" + token + ".m3u8")
      .line()
      .line()
      .plain("Don't share it: it opens all your files. /davlink off closes it.");
  return reply;
}

boost::asio::awaitable<void> run_davlink(const CommandCall& call) {
  const ChatContext& chat = call.chat;
  if (call.chat_id != call.user_id) {
    co_await chat.reply(call.chat_id, plain_reply("Ask me for your folder in our private chat."));
    co_return;
  }
  if (!chat.config.may_make_links(call.user_id)) {
    co_await chat.reply(call.chat_id, not_allowed_reply(call.user_id));
    co_return;
  }
  const DavAccess access(chat.config, chat.links, chat.clock);
  if (call.arguments == "off") {
    bool ended = false;
    co_await chat.on_store([&](Store& store) { ended = access.end_folder(call.user_id, store); });
    chat.log.info("User {} closed their WebDAV folder ({})", call.user_id,
                  ended ? "it was open" : "none was open");
    co_await chat.reply(call.chat_id,
                        plain_reply(ended ? "Your folder is closed, on every node: its address "
                                            "no longer opens. /davlink gives a new one."
                                          : "You have no open folder. /davlink opens one."));
    co_return;
  }
  if (!call.arguments.empty()) {
    co_await chat.reply(call.chat_id,
                        plain_reply("Usage: /davlink for your folder, /davlink off to close it. "
                                    "Not \"" +
                                    text_for_chat(call.arguments, kQuotedTextUnits) + "\"."));
    co_return;
  }
  std::string token;
  co_await chat.on_store([&](Store& store) { token = access.folder_token(call.user_id, store); });
  chat.log.info("User {} asked for their WebDAV folder", call.user_id);
  co_await chat.reply(call.chat_id, folder_reply(chat.config, token));
}

}  // namespace

ChatCommand davlink_command() {
  return ChatCommand{"davlink",
                     "Your files as a folder for Kodi, Infuse, VLC, rclone (/davlink off)",
                     Audience::everyone, &run_davlink};
}

}  // namespace tglink
