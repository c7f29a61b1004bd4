#pragma once
// The `{session}` of /hls/{id}/{session}/...: what a conversion makes of a link, signed so that a
// viewer can't ask the server for a conversion the decision did not grant (a transcode of a file
// the browser plays, another height). It is bound to the link token it was made for: a session
// of one link is worthless on another.
//
// Bytes (then base64url): version 1 | mode (1 remux, 2 transcode) | flags (bit 0: copy audio;
// bit 1: the picture subtitle is drawn by the player, not burned in)
// | varint audio track + 1 (0 = none) | varint subtitle track + 1 (0 = none) | varint max height
// | 12 bytes of HMAC-SHA256(key, link token | 0x00 | all the bytes above).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

enum class ConversionMode : std::uint8_t { kRemux = 1, kTranscode = 2 };

struct SessionChoice {
  ConversionMode mode = ConversionMode::kRemux;
  bool copy_audio = false;
  std::optional<int> audio_track;     // index into the probe's audio list
  std::optional<int> subtitle_track;  // index into the probe's subtitle list
  bool draw_subtitle = false;         // a picture subtitle goes to the player as it is (PGS)
  int max_height = 720;               // transcode only; kept for remux so the token is one shape

  bool operator==(const SessionChoice&) const = default;
};

class SessionTokenCodec {
 public:
  static constexpr std::size_t kMaxTokenLength = 64;

  // `key`: a key of its own (LinkTokenCodec::derived_key("playback session")). Not empty.
  explicit SessionTokenCodec(std::string key);

  [[nodiscard]] std::string encode(std::string_view link_token, const SessionChoice& choice) const;
  // nullopt for anything not made by encode() for this link token with this key.
  [[nodiscard]] std::optional<SessionChoice> decode(std::string_view link_token,
                                                    std::string_view session) const;

 private:
  [[nodiscard]] std::string mac(std::string_view link_token, std::string_view body) const;

  std::string key_;
};

// A short stable name for the choice ("t-a1-s0-h720", "r-a0c-sn"): its job's key and folder.
[[nodiscard]] std::string choice_key(const SessionChoice& choice);

}  // namespace tglink
