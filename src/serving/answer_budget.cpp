#include "serving/answer_budget.hpp"

#include <utility>

namespace tglink {

AnswerBudget::Ticket::Ticket(std::shared_ptr<State> state, std::string client,
                             std::uint64_t memory_bytes)
    : state_(std::move(state)), client_(std::move(client)), memory_bytes_(memory_bytes) {
  Held& mine = state_->clients[client_];
  ++mine.answers;
  mine.memory_bytes += memory_bytes_;
  ++state_->total.answers;
  state_->total.memory_bytes += memory_bytes_;
}

AnswerBudget::Ticket::Ticket(Ticket&& other) noexcept
    : state_(std::move(other.state_)),
      client_(std::move(other.client_)),
      memory_bytes_(other.memory_bytes_) {}

AnswerBudget::Ticket::~Ticket() {
  if (!state_) return;  // moved from
  --state_->total.answers;
  state_->total.memory_bytes -= memory_bytes_;
  const auto mine = state_->clients.find(client_);
  if (mine == state_->clients.end()) return;
  --mine->second.answers;
  mine->second.memory_bytes -= memory_bytes_;
  if (mine->second.answers == 0) state_->clients.erase(mine);
}

AnswerBudget::AnswerBudget(AnswerBudgetLimits limits)
    : state_(std::make_shared<State>(State{limits, {}, {}})) {}

std::optional<AnswerBudget::Ticket> AnswerBudget::take(const std::string& client,
                                                       std::uint64_t memory_bytes) {
  const AnswerBudgetLimits& limits = state_->limits;
  const Held& total = state_->total;
  const auto found = state_->clients.find(client);
  const Held mine = found == state_->clients.end() ? Held{} : found->second;
  if (total.answers >= limits.answers || mine.answers >= limits.answers_per_client ||
      total.memory_bytes + memory_bytes > limits.memory_bytes ||
      mine.memory_bytes + memory_bytes > limits.memory_bytes_per_client) {
    return std::nullopt;
  }
  return Ticket(state_, client, memory_bytes);
}

}  // namespace tglink
