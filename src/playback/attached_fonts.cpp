#include "playback/attached_fonts.hpp"

#include "playback/ffmpeg_command.hpp"

namespace tglink {

std::optional<JobFile> attached_font(const std::filesystem::path& job_dir, std::size_t k,
                                     const FontAttachment& font) {
  std::optional<JobFile> file = JobFile::open(job_dir / font_file_name(k));
  // A file still being written is shorter; one of another size is not the stated font.
  if (!file || file->size() != font.bytes) return std::nullopt;
  return file;
}

}  // namespace tglink
