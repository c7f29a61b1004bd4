#pragma once
// Test media made at test time with ffmpeg (lavfi's test pattern and tones, a script or a
// subtitle the test wrote), a few hundred KB each: what the player, playback and hostile-media
// tests post into the log channel.

#include <array>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace tglink::testing {

// Runs `ffmpeg <arguments> DIR/NAME` and answers DIR/NAME; throws with ffmpeg's words when it
// fails (a missing encoder, say).
inline std::filesystem::path make_media(const std::filesystem::path& dir, const std::string& name,
                                        const std::string& arguments) {
  const std::filesystem::path out = dir / name;
  const std::string command =
      "ffmpeg -nostdin -y -hide_banner -loglevel error " + arguments + " " + out.string() + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("could not start: " + command);
  std::string output;
  std::array<char, 4096> block{};
  for (std::size_t n = 0; (n = fread(block.data(), 1, block.size(), pipe)) > 0;) {
    output.append(block.data(), n);
  }
  if (pclose(pipe) != 0) {
    throw std::runtime_error("ffmpeg could not make " + name + ": " + output + "\n" + command);
  }
  return out;
}

}  // namespace tglink::testing
