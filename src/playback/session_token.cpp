#include "playback/session_token.hpp"

#include <stdexcept>

#include "core/base64.hpp"
#include "links/token_seal.hpp"
#include "links/varint.hpp"

namespace tglink {

namespace {

constexpr std::uint8_t kVersion = 1;
constexpr std::size_t kMacBytes = 12;
constexpr std::uint64_t kMaxTrack = 1000;
constexpr std::uint64_t kMaxHeight = 4320;

std::optional<int> read_track(std::string_view body, std::size_t& pos, bool& ok) {
  const std::optional<std::uint64_t> value = read_varint(body, pos);
  if (!value || *value > kMaxTrack + 1) {
    ok = false;
    return std::nullopt;
  }
  if (*value == 0) return std::nullopt;
  return static_cast<int>(*value - 1);
}

std::optional<SessionChoice> parse_body(std::string_view body) {
  if (body.size() < 3 || static_cast<std::uint8_t>(body[0]) != kVersion) return std::nullopt;
  SessionChoice choice;
  const auto mode = static_cast<std::uint8_t>(body[1]);
  if (mode != 1 && mode != 2) return std::nullopt;
  choice.mode = static_cast<ConversionMode>(mode);
  const auto flags = static_cast<std::uint8_t>(body[2]);
  if ((flags & ~3u) != 0) return std::nullopt;
  choice.copy_audio = (flags & 1u) != 0;
  choice.draw_subtitle = (flags & 2u) != 0;
  std::size_t pos = 3;
  bool ok = true;
  choice.audio_track = read_track(body, pos, ok);
  choice.subtitle_track = read_track(body, pos, ok);
  const std::optional<std::uint64_t> height = read_varint(body, pos);
  if (!ok || !height || *height == 0 || *height > kMaxHeight || pos != body.size()) {
    return std::nullopt;
  }
  choice.max_height = static_cast<int>(*height);
  return choice;
}

}  // namespace

SessionTokenCodec::SessionTokenCodec(std::string key) : key_(std::move(key)) {
  if (key_.empty()) throw std::invalid_argument("SessionTokenCodec: empty key");
}

std::string SessionTokenCodec::encode(std::string_view link_token,
                                      const SessionChoice& choice) const {
  std::string body;
  body.push_back(static_cast<char>(kVersion));
  body.push_back(static_cast<char>(choice.mode));
  body.push_back(static_cast<char>((choice.copy_audio ? 1 : 0) | (choice.draw_subtitle ? 2 : 0)));
  append_varint(body, choice.audio_track ? static_cast<std::uint64_t>(*choice.audio_track) + 1 : 0);
  append_varint(body,
                choice.subtitle_track ? static_cast<std::uint64_t>(*choice.subtitle_track) + 1 : 0);
  append_varint(body, static_cast<std::uint64_t>(choice.max_height));
  const std::string tag = mac(link_token, body);
  if (tag.size() != kMacBytes) throw std::runtime_error("HMAC-SHA256 failed for a session");
  return base64url_encode(body + tag);
}

std::optional<SessionChoice> SessionTokenCodec::decode(std::string_view link_token,
                                                       std::string_view session) const {
  if (session.empty() || session.size() > kMaxTokenLength) return std::nullopt;
  const std::optional<std::string> body = unsealed_body(
      session, kMacBytes, [&](std::string_view bytes) { return mac(link_token, bytes); });
  if (!body) return std::nullopt;
  return parse_body(*body);
}

std::string SessionTokenCodec::mac(std::string_view link_token, std::string_view body) const {
  std::string message(link_token);
  message.push_back('\0');
  message.append(body);
  return truncated_hmac(key_, message, kMacBytes);
}

std::string choice_key(const SessionChoice& choice) {
  std::string key = choice.mode == ConversionMode::kTranscode ? "t" : "r";
  key += "-a" + (choice.audio_track ? std::to_string(*choice.audio_track) : std::string("n"));
  if (choice.copy_audio) key += "c";
  key += "-s" + (choice.subtitle_track ? std::to_string(*choice.subtitle_track) : std::string("n"));
  if (choice.draw_subtitle) key += "d";
  if (choice.mode == ConversionMode::kTranscode) key += "-h" + std::to_string(choice.max_height);
  return key;
}

}  // namespace tglink
