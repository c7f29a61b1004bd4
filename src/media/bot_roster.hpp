#pragma once
// The bots the media layer may use, as it sees them: how many, which are connected now, and
// each one's TDLib client. BotPoolRoster is the real one; tests pass fakes.

#include <cstddef>
#include <string>

namespace tglink {

class BotPool;
class TelegramClient;

class BotRoster {
 public:
  virtual ~BotRoster() = default;
  [[nodiscard]] virtual std::size_t size() const = 0;
  [[nodiscard]] virtual bool connected(std::size_t index) const = 0;
  [[nodiscard]] virtual TelegramClient& client(std::size_t index) = 0;
  [[nodiscard]] virtual std::string label(std::size_t index) const = 0;
};

class BotPoolRoster final : public BotRoster {
 public:
  explicit BotPoolRoster(BotPool& pool) : pool_(pool) {}
  [[nodiscard]] std::size_t size() const override;
  [[nodiscard]] bool connected(std::size_t index) const override;
  [[nodiscard]] TelegramClient& client(std::size_t index) override;
  [[nodiscard]] std::string label(std::size_t index) const override;

 private:
  BotPool& pool_;
};

}  // namespace tglink
