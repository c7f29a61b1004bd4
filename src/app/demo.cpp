#include "app/demo.hpp"

#include <chrono>
#include <exception>
#include <ostream>

#include "app/demo_samples.hpp"
#include "sim/control_client.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kDemoUserId = 100000001;
constexpr const char* kDemoUserName = "Demo User";
constexpr const char* kDemoUserHandle = "demo_user";
// A generous wait: the reply needs a copy into the log channel, which the simulator times.
constexpr std::chrono::seconds kReplyTimeout{60};
constexpr std::chrono::milliseconds kPollInterval{200};

sim::SendFileRequest send_request(const DemoUpload& upload) {
  sim::SendFileRequest request;
  request.user_id = kDemoUserId;
  request.path = std::filesystem::absolute(upload.path).string();
  request.kind = upload.kind;
  request.file_name = upload.path.filename().string();
  request.mime_type = upload.mime_type;
  request.duration = upload.duration;
  request.width = upload.width;
  request.height = upload.height;
  return request;
}

}  // namespace

Demo::Demo(DemoOptions options, std::ostream& out) : options_(std::move(options)), out_(out) {}

Demo::~Demo() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void Demo::start() {
  thread_ = std::thread([this] { run(); });
}

void Demo::stop() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
}

void Demo::run() {
  try {
    run_steps();
  } catch (const std::exception& e) {
    print(std::string("demo: stopped early: ") + e.what() +
          "\nThe HTTP server keeps running. Press Ctrl-C to stop.\n");
  }
}

void Demo::run_steps() {
  sim::ControlClient control{options_.control_socket};
  control.create_user(kDemoUserId, kDemoUserName, kDemoUserHandle);
  print("\n=== tglink demo: a simulated user (" + std::string(kDemoUserName) +
        ") sends files to the bot ===\n");
  DemoLinks example;
  for (const DemoUpload& upload : uploads_to_send()) {
    if (sleep_unless_stopped(0ms)) return;
    const DemoLinks links = send_one(control, upload);
    // The video's links make the best example: it has a stream and a player page.
    if (example.download.empty() || !links.player.empty()) {
      if (!links.download.empty()) example = links;
    }
  }
  if (sleep_unless_stopped(0ms)) return;
  print("\n" + describe_next_steps(example));
}

std::vector<DemoUpload> Demo::uploads_to_send() {
  return options_.files.empty() ? sample_uploads() : given_uploads();
}

std::vector<DemoUpload> Demo::given_uploads() {
  std::vector<DemoUpload> uploads;
  for (const std::string& file : options_.files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
      print("demo: cannot send \"" + file + "\": no such file (the demo keeps serving)\n");
      continue;
    }
    uploads.push_back(upload_for_file(file));
  }
  return uploads;
}

std::vector<DemoUpload> Demo::sample_uploads() {
  const std::filesystem::path demo_dir = options_.data_dir / "demo";
  std::vector<DemoUpload> uploads;
  const SampleVideo video = make_sample_video(demo_dir);
  if (video.upload) {
    uploads.push_back(*video.upload);
  } else {
    print("demo: no sample video: " + video.problem + "\n");
  }
  uploads.push_back(make_sample_document(demo_dir));
  return uploads;
}

DemoLinks Demo::send_one(sim::ControlClient& control, const DemoUpload& upload) {
  print("\n" + describe_sent(upload, kDemoUserName));
  try {
    control.send_file(send_request(upload));
  } catch (const std::exception& e) {
    print(std::string("demo: the simulator refused the file: ") + e.what() + "\n");
    return {};
  }
  if (!wait_for_reply_count(control, replies_seen_ + 1)) {
    print("demo: no reply from the bot yet; see the log above.\n");
    return {};
  }
  const std::vector<sim::SimMessage> messages = control.messages(kDemoUserId);
  replies_seen_ = messages.size();
  print(describe_reply(messages.back()));
  return links_in_reply(messages.back());
}

bool Demo::wait_for_reply_count(sim::ControlClient& control, std::size_t count) {
  const auto deadline = std::chrono::steady_clock::now() + kReplyTimeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (control.messages(kDemoUserId).size() >= count) return true;
    if (sleep_unless_stopped(kPollInterval)) return false;
  }
  return false;
}

// Answers true when the demo has been asked to stop.
bool Demo::sleep_unless_stopped(std::chrono::milliseconds duration) {
  std::unique_lock<std::mutex> lock(mutex_);
  return wake_.wait_for(lock, duration, [this] { return stopping_; });
}

void Demo::print(const std::string& text) {
  // One write per block, so the lines of a block stay together.
  out_ << text << std::flush;
}

}  // namespace tglink
