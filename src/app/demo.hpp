#pragma once
// `tglink demo`: once the bot is up on the TDLib simulator, a simulated user sends it files
// (a sample video and a document, or the files given with --send) and the bot's replies, with
// their links, are printed to stdout. The service keeps serving those links until Ctrl-C.
//
// The simulator's control client blocks, so the demo runs on a thread of its own and never on
// the io_context. Nothing it meets (no ffmpeg, a missing file, a silent bot) stops the service:
// each problem is printed and the demo carries on with the next file.

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "app/demo_report.hpp"
#include "app/demo_upload.hpp"

namespace tglink {

namespace sim {
class ControlClient;
}

struct DemoOptions {
  std::filesystem::path data_dir;  // samples go in data_dir/demo/
  std::string control_socket;      // the simulator's TGLINK_SIM_SOCKET
  std::vector<std::string> files;  // --send; empty: the samples
};

class Demo {
 public:
  Demo(DemoOptions options, std::ostream& out);
  ~Demo();  // stops the thread and waits for it
  Demo(const Demo&) = delete;
  Demo& operator=(const Demo&) = delete;

  // Starts the demo thread; call once, when the bot is logged in and connected.
  void start();
  // Asks the thread to finish early (at shutdown); returns at once.
  void stop();

 private:
  void run();
  void run_steps();
  std::vector<DemoUpload> uploads_to_send();
  std::vector<DemoUpload> given_uploads();
  std::vector<DemoUpload> sample_uploads();
  // Sends one file and prints the reply; answers its links (empty when there was none).
  DemoLinks send_one(sim::ControlClient& control, const DemoUpload& upload);
  // Waits until the user's chat holds `count` bot messages; false when stopped or out of time.
  bool wait_for_reply_count(sim::ControlClient& control, std::size_t count);
  bool sleep_unless_stopped(std::chrono::milliseconds duration);
  void print(const std::string& text);

  DemoOptions options_;
  std::ostream& out_;
  std::size_t replies_seen_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace tglink
