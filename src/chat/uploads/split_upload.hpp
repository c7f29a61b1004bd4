#pragma once
// Files sent cut into parts (NAME.001, NAME.002, ... or NAME.part1, ...: the names
// chat/uploads/split_part_name.hpp takes) become one link to NAME.
//
// Each part is taken like any file (limits, its turn, the copy into LOG_CHANNEL), but instead of
// a link of its own it joins the user's split file NAME in the store (Store::add_split_part),
// and the reply says which parts came and which are missing. Once every part up to the last has
// come (chat/uploads/split_join_state.hpp: the last is the one smaller than the others, or the
// one before /join), the split file is joined: its link names the lowest-numbered part's copy,
// which the serving side reads as all the parts in order (media/joined_file_streamer.hpp), and
// the reply is a single file's reply (chat/uploads/link_reply.hpp) for the whole file. The
// joined link is recorded for /mylinks and counted toward the daily limit once; the parts are not
// links of their own.
//
// Parts may come in any order and over restarts: the store keeps them, and a part resumed after
// its reply was lost finds its file again, so the reply is sent again rather than never.

#include <cstdint>
#include <optional>

#include <boost/asio/awaitable.hpp>

#include "chat/messages/reply.hpp"
#include "chat/uploads/split_part_name.hpp"
#include "store/store.hpp"

namespace tglink {

struct ChatContext;

// The split part `upload` is, or nullopt: an ordinary file, or a channel's post (channel posts
// keep one link each).
[[nodiscard]] std::optional<SplitPartName> split_part_of(const PendingUpload& upload);

// Adds the posted part `upload` (its copy confirmed) to its split file and answers the reply:
// the parts missing, or the joined file's links once it is whole.
[[nodiscard]] boost::asio::awaitable<Reply> take_split_part(const ChatContext& chat,
                                                            const PendingUpload& upload,
                                                            const SplitPartName& part);

// /join: the user's split files awaiting parts are joined where every part up to the highest
// number came (that one taken as the last). Answers one reply per split file (its links, or what
// is still missing), or one saying there is nothing to join.
[[nodiscard]] boost::asio::awaitable<std::vector<Reply>> join_split_files(const ChatContext& chat,
                                                                          std::int64_t user_id);

}  // namespace tglink
