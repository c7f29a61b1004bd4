#pragma once
// What an admin sees in /stats <user id>: who the user is, when they first wrote, the links
// they made, their links' downloads and bytes served, and whether they are banned. Traffic is
// as the store has it: the file routes flush it every few seconds (serving/link_traffic.hpp).

#include <cstdint>

#include <boost/asio/awaitable.hpp>

#include "chat/messages/reply.hpp"

namespace tglink {

struct ChatContext;

// Reads the store on its executor (ChatContext::on_store).
[[nodiscard]] boost::asio::awaitable<Reply> user_report(const ChatContext& chat,
                                                        std::int64_t user_id);

}  // namespace tglink
