#include "e2e/streaming_support.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <boost/json.hpp>
#include <sys/wait.h>

#include "links/link_token.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {

namespace json = boost::json;

PostedFile post_file(SimHarness& harness, const std::filesystem::path& path,
                     const std::string& mime_type, const std::string& kind,
                     std::optional<SystemTime> expires_at) {
  json::object request;
  request["op"] = "send_file";
  request["chat_id"] = SimHarness::kLogChannel;
  request["path"] = path.string();
  request["kind"] = kind;
  request["file_name"] = path.filename().string();
  request["mime_type"] = mime_type;
  request["bot_id"] = SimHarness::kMainBotId;
  const json::object answer = harness.sim().call(request);
  PostedFile posted;
  posted.source = path;
  posted.message_id = answer.at("message_id").to_number<std::int64_t>();
  posted.token = mint_token(posted.message_id, expires_at);
  return posted;
}

std::string mint_token(std::int64_t message_id, std::optional<SystemTime> expires_at) {
  const LinkTokenCodec codec{SimHarness::kSecretKey};
  return codec.encode(LinkClaims{message_id, expires_at});
}

std::string read_range(const std::filesystem::path& path, std::uint64_t offset,
                       std::uint64_t length) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(offset));
  std::string bytes(length, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(length));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

bool same_content(const std::filesystem::path& a, const std::filesystem::path& b) {
  if (std::filesystem::file_size(a) != std::filesystem::file_size(b)) return false;
  std::ifstream in_a(a, std::ios::binary);
  std::ifstream in_b(b, std::ios::binary);
  std::string block_a(1 << 20, '\0');
  std::string block_b(1 << 20, '\0');
  while (in_a && in_b) {
    in_a.read(block_a.data(), static_cast<std::streamsize>(block_a.size()));
    in_b.read(block_b.data(), static_cast<std::streamsize>(block_b.size()));
    if (in_a.gcount() != in_b.gcount()) return false;
    if (block_a.compare(0, static_cast<std::size_t>(in_a.gcount()), block_b, 0,
                        static_cast<std::size_t>(in_b.gcount())) != 0) {
      return false;
    }
  }
  return true;
}

CommandResult run_command(const std::string& command_line) {
  CommandResult result;
  FILE* pipe = popen((command_line + " 2>&1").c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("popen failed for: " + command_line);
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::int64_t total_downloaded_bytes(SimHarness& harness) {
  std::int64_t total = 0;
  for (const std::int64_t bot : harness.sim().bots()) {
    total += harness.sim().counters(bot).bytes_downloaded;
  }
  return total;
}

std::vector<std::int64_t> four_bot_ids() {
  return {SimHarness::kMainBotId, 1000000002, 1000000003, 1000000004};
}

SimHarnessOptions four_bot_options() {
  SimHarnessOptions options;
  options.env["ADDITIONAL_BOT_TOKENS"] = kThreeExtraBotTokens;
  return options;
}

bool wait_for_bots_connected(SimHarness& harness, const std::vector<std::int64_t>& bots) {
  return eventually([&] {
    const std::string output = harness.process().output();
    return std::all_of(bots.begin(), bots.end(), [&](std::int64_t bot) {
      const std::string marker = "(bot " + std::to_string(bot) + "): connection ";
      const std::size_t at = output.rfind(marker);
      return at != std::string::npos && output.compare(at + marker.size(), 5, "ready") == 0;
    });
  });
}

}  // namespace tglink::testing
