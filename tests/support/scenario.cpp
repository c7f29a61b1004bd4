#include "support/scenario.hpp"

#include <utility>

namespace tglink::testing {

sim::ChannelPostRequest channel_post(std::int64_t channel, const std::filesystem::path& path,
                                     std::string kind) {
  sim::ChannelPostRequest post;
  post.chat_id = channel;
  post.path = path.string();
  post.kind = std::move(kind);
  post.file_name = path.filename().string();
  return post;
}

std::optional<sim::SimMessage> message_in(sim::ControlClient& sim, std::int64_t chat,
                                          std::int64_t message_id) {
  for (const sim::SimMessage& message : sim.messages(chat)) {
    if (message.message_id == message_id) return message;
  }
  return std::nullopt;
}

Scenario::Scenario(SimHarnessOptions options, const std::vector<ScenarioUser>& users)
    : harness(std::move(options)) {
  create_users(users);
}

void Scenario::create_users(const std::vector<ScenarioUser>& users) {
  for (const ScenarioUser& user : users) {
    sim().create_user(user.id, user.first_name, user.username);
  }
}

std::string Scenario::ask(std::int64_t user, const std::string& text, int wait_ms) {
  return testing::ask(sim(), user, text, wait_ms);
}

sim::SimMessage Scenario::send(std::int64_t user, const std::filesystem::path& path,
                               const std::string& kind, const std::string& mime_type,
                               const std::string& file_name) {
  return send_file(sim(), user_file(user, path, kind, mime_type, file_name));
}

sim::SimMessage Scenario::upload(std::int64_t user, const std::string& name, std::uint64_t size,
                                 std::uint32_t seed) {
  return send(user, harness.make_file(name, size, seed), "document", "application/zip");
}

sim::SimMessage Scenario::message_number(std::int64_t user, std::size_t count,
                                         const std::string& what) {
  const std::vector<sim::SimMessage> messages = sim().wait_messages(user, count, kBotReplyWaitMs);
  EXPECT_GE(messages.size(), count) << "no answer to " << what;
  return messages.size() >= count ? messages[count - 1] : sim::SimMessage{};
}

sim::SimMessage Scenario::say(std::int64_t user, const std::string& text, std::size_t count) {
  sim().send_text(user, text);
  return message_number(user, count, text);
}

sim::SimMessage Scenario::send_counted(const sim::SendFileRequest& request, std::size_t count) {
  sim().send_file(request);
  return message_number(request.user_id, count, request.path);
}

std::size_t Scenario::log_channel_posts() { return sim().messages(SimHarness::kLogChannel).size(); }

}  // namespace tglink::testing
