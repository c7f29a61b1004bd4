#pragma once
// Helpers of the streaming end-to-end tests: put a file into the log channel through the
// simulator (no chat side needed), mint its link with the harness's fixed key, compare ranges
// with the source, and run the real clients (curl, aria2c, ffmpeg) when they are installed.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {

// File sizes, in the type SimHarness::make_file takes.
inline constexpr std::uint64_t kMiB = 1024 * 1024;

struct PostedFile {
  std::filesystem::path source;
  std::int64_t message_id = 0;
  std::string token;
};

// Posts `path` into the log channel as the main bot (the simulator's send_file with the
// channel's chat_id) and mints a link for it; `expires_at` none = a permanent link.
PostedFile post_file(SimHarness& harness, const std::filesystem::path& path,
                     const std::string& mime_type = "application/octet-stream",
                     const std::string& kind = "document",
                     std::optional<SystemTime> expires_at = std::nullopt);

// A token for any message id, signed with the harness's key.
std::string mint_token(std::int64_t message_id,
                       std::optional<SystemTime> expires_at = std::nullopt);

// Bytes [offset, offset + length) of a file.
std::string read_range(const std::filesystem::path& path, std::uint64_t offset,
                       std::uint64_t length);

// True when two files hold the same bytes (read in blocks, so large files are cheap).
bool same_content(const std::filesystem::path& a, const std::filesystem::path& b);

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};
// Runs a shell command line and captures what it prints.
CommandResult run_command(const std::string& command_line);

// Three extra bots for ADDITIONAL_BOT_TOKENS (ids 1000000002..4), so four bots in all.
inline constexpr const char* kThreeExtraBotTokens =
    "1000000002:SIMtoken_spread_bot_two_for_end_to_end,"
    "1000000003:SIMtoken_spread_bot_three_for_end_to_end,"
    "1000000004:SIMtoken_spread_bot_four_for_end_to_end";
// The main bot and those three.
std::vector<std::int64_t> four_bot_ids();
// A harness whose tglink serves with those four bots.
SimHarnessOptions four_bot_options();

// Waits (up to 60 s) until tglink has logged every bot of `bots` as connected, so that a
// request made next is served with all of them.
bool wait_for_bots_connected(SimHarness& harness, const std::vector<std::int64_t>& bots);

// Sum of bytes_downloaded over every bot the simulator knows.
std::int64_t total_downloaded_bytes(SimHarness& harness);

}  // namespace tglink::testing
