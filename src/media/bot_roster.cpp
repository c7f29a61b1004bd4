#include "media/bot_roster.hpp"

#include "telegram/bot_pool.hpp"

namespace tglink {

std::size_t BotPoolRoster::size() const { return pool_.size(); }

bool BotPoolRoster::connected(std::size_t index) const { return pool_.bot(index).connected(); }

TelegramClient& BotPoolRoster::client(std::size_t index) { return pool_.bot(index).client(); }

std::string BotPoolRoster::label(std::size_t index) const { return pool_.bot(index).label(); }

}  // namespace tglink
