#pragma once
// The fonts attached to a file, as the first run of a job with an ASS/SSA subtitle writes them
// (font-{k} in the job's folder, ffmpeg_command.hpp), for the player's libass renderer, which is
// handed every one of them with the script. A font is served from its file (zero-copy), never
// read into memory: one can be 32 MiB, and a client that does not read would hold it.

#include <cstddef>
#include <filesystem>
#include <optional>

#include "playback/job_file.hpp"
#include "playback/media_probe.hpp"

namespace tglink {

// Font k (`font`, probe.fonts[k]) of the job in `job_dir`, open, once it is all on disk (as many
// bytes as ffprobe stated: ffmpeg writes it whole, then never again); nullopt before that.
[[nodiscard]] std::optional<JobFile> attached_font(const std::filesystem::path& job_dir,
                                                   std::size_t k, const FontAttachment& font);

}  // namespace tglink
