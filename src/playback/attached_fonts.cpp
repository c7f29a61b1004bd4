#include "playback/attached_fonts.hpp"

#include <fstream>

#include "playback/ffmpeg_command.hpp"

namespace tglink {

std::string attached_font(const std::filesystem::path& job_dir, std::size_t k,
                          const FontAttachment& font) {
  const std::filesystem::path path = job_dir / font_file_name(k);
  std::error_code ec;
  // A file still being written is shorter; one of another size is not the stated font.
  if (std::filesystem::file_size(path, ec) != font.bytes || ec) return {};
  std::ifstream in(path, std::ios::binary);
  std::string bytes(font.bytes, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (static_cast<std::size_t>(in.gcount()) != bytes.size()) return {};
  return bytes;
}

}  // namespace tglink
