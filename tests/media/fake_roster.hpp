#pragma once
// Bots for the media layer's unit tests: each a FakeTelegramClient that is connected or not.

#include <string>
#include <vector>

#include "media/bot_roster.hpp"
#include "support/fake_telegram_client.hpp"

namespace tglink::testing {

struct FakeBot {
  FakeTelegramClient client;
  bool connected = true;
};

class FakeRoster final : public BotRoster {
 public:
  explicit FakeRoster(std::vector<FakeBot*> bots) : bots_(std::move(bots)) {}
  std::size_t size() const override { return bots_.size(); }
  bool connected(std::size_t i) const override { return bots_.at(i)->connected; }
  TelegramClient& client(std::size_t i) override { return bots_.at(i)->client; }
  std::string label(std::size_t i) const override { return "bot " + std::to_string(i + 1); }

 private:
  std::vector<FakeBot*> bots_;
};

}  // namespace tglink::testing
