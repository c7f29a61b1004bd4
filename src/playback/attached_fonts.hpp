#pragma once
// The fonts attached to a file, as the first run of a job with an ASS/SSA subtitle writes them
// (font-{k} in the job's folder, ffmpeg_command.hpp), for the player's libass renderer, which is
// handed every one of them with the script.

#include <filesystem>
#include <string>

#include "playback/media_probe.hpp"

namespace tglink {

// Font k (`font`, probe.fonts[k]) of the job in `job_dir` once it is all on disk (as many bytes as
// ffprobe stated); empty before that. Reads the whole file: call it off the I/O thread.
[[nodiscard]] std::string attached_font(const std::filesystem::path& job_dir, std::size_t k,
                                        const FontAttachment& font);

}  // namespace tglink
