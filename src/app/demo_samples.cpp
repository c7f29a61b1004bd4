#include "app/demo_samples.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

extern char** environ;

namespace tglink {
namespace {

constexpr const char* kInstallFfmpeg =
    "install ffmpeg (Debian/Ubuntu: sudo apt-get install ffmpeg) and run the demo again to "
    "also send a sample video";

bool non_empty_file(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) > 0;
}

std::vector<std::string> ffmpeg_arguments(const std::filesystem::path& output) {
  const std::string seconds = std::to_string(kSampleVideoSeconds);
  const std::string size =
      std::to_string(kSampleVideoWidth) + "x" + std::to_string(kSampleVideoHeight);
  return {"ffmpeg",     "-hide_banner",
          "-nostdin",   "-y",
          "-f",         "lavfi",
          "-i",         "testsrc=duration=" + seconds + ":size=" + size + ":rate=25",
          "-f",         "lavfi",
          "-i",         "sine=frequency=440:duration=" + seconds,
          "-c:v",       "libx264",
          "-pix_fmt",   "yuv420p",
          "-c:a",       "aac",
          "-shortest",  "-movflags",
          "+faststart", "-f",
          "mp4",        output.string()};
}

// Runs the program with stdin from /dev/null and both outputs appended to `log`; answers the
// exit status, or -errno when it could not be started (ENOENT: not on PATH).
int run_program(const std::vector<std::string>& arguments, const std::filesystem::path& log) {
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -spawned;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

DemoUpload sample_video_upload(const std::filesystem::path& path) {
  DemoUpload upload;
  upload.path = path;
  upload.kind = "video";
  upload.mime_type = "video/mp4";
  upload.duration = kSampleVideoSeconds;
  upload.width = kSampleVideoWidth;
  upload.height = kSampleVideoHeight;
  return upload;
}

}  // namespace

SampleVideo make_sample_video(const std::filesystem::path& demo_dir) {
  const std::filesystem::path video = demo_dir / "tglink-demo.mp4";
  if (non_empty_file(video)) return SampleVideo{sample_video_upload(video), {}};
  std::error_code ec;
  std::filesystem::create_directories(demo_dir, ec);
  // Written under another name first, so a run cut short never leaves a broken sample behind.
  const std::filesystem::path partial = demo_dir / "tglink-demo.part.mp4";
  const std::filesystem::path log = demo_dir / "ffmpeg.log";
  const int status = run_program(ffmpeg_arguments(partial), log);
  if (status == -ENOENT)
    return SampleVideo{std::nullopt, std::string("ffmpeg is not installed: ") + kInstallFfmpeg};
  if (status < 0) {
    return SampleVideo{std::nullopt,
                       "could not start ffmpeg: " + std::string(std::strerror(-status))};
  }
  if (status != 0 || !non_empty_file(partial)) {
    std::filesystem::remove(partial, ec);
    return SampleVideo{std::nullopt, "ffmpeg failed (exit status " + std::to_string(status) +
                                         "); its output is in " + log.string()};
  }
  std::filesystem::rename(partial, video, ec);
  if (ec)
    return SampleVideo{std::nullopt, "could not rename " + partial.string() + ": " + ec.message()};
  return SampleVideo{sample_video_upload(video), {}};
}

DemoUpload make_sample_document(const std::filesystem::path& demo_dir) {
  const std::filesystem::path path = demo_dir / "tglink-demo.txt";
  if (!non_empty_file(path)) {
    std::filesystem::create_directories(demo_dir);
    std::ofstream out{path, std::ios::binary | std::ios::trunc};
    out << "Hello from the tglink demo.\n"
           "A simulated Telegram user sent this file to the bot; the bot copied it into the\n"
           "log channel and answered with a download link served by tglink's HTTP server.\n";
    if (!out.flush())
      throw std::runtime_error("could not write the demo document " + path.string());
  }
  DemoUpload upload;
  upload.path = path;
  upload.kind = "document";
  upload.mime_type = "text/plain";
  return upload;
}

}  // namespace tglink
