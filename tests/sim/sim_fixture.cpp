#include "sim_fixture.hpp"

#include <cstdlib>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include "support/build_paths.hpp"

namespace tglink::testing {
namespace json = boost::json;

json::object text_content(const std::string& text) {
  return json::object{{"@type", "inputMessageText"},
                      {"text", json::object{{"@type", "formattedText"}, {"text", text}}}};
}

json::object send_text_request(std::int64_t chat_id, const std::string& text) {
  return json::object{{"@type", "sendMessage"},
                      {"chat_id", chat_id},
                      {"input_message_content", text_content(text)}};
}

json::object tdlib_parameters(const std::filesystem::path& directory) {
  return json::object{{"@type", "setTdlibParameters"},
                      {"database_directory", directory.string()},
                      {"use_file_database", true},
                      {"api_id", 1},
                      {"api_hash", "0123456789abcdef0123456789abcdef"},
                      {"system_language_code", "en"},
                      {"device_model", "test"},
                      {"application_version", "1"}};
}

void expect_td_error(const json::object& answer, int code, const std::string& message) {
  ASSERT_EQ(answer.at("@type"), "error") << json::serialize(answer);
  EXPECT_EQ(answer.at("code").to_number<int>(), code);
  EXPECT_EQ(std::string(answer.at("message").as_string()), message);
}

json::object download_request(int file_id, std::int64_t offset, std::int64_t limit,
                              bool synchronous) {
  return json::object{{"@type", "downloadFile"}, {"file_id", file_id},
                      {"priority", 1},           {"offset", offset},
                      {"limit", limit},          {"synchronous", synchronous}};
}

const json::object& local(const json::object& file) { return file.at("local").as_object(); }

std::int64_t number(const json::object& object, const char* name) {
  return object.at(name).to_number<std::int64_t>();
}

bool flag(const json::object& object, const char* name) { return object.at(name).as_bool(); }

bool completed(const json::object& file) { return flag(local(file), "is_downloading_completed"); }

std::string connection_state(const json::object& update) {
  return std::string(update.at("state").as_object().at("@type").as_string());
}

void SimTest::SetUp() {
  std::string socket = (temp_.path() / "control.sock").string();
  setenv("TGLINK_SIM_SOCKET", socket.c_str(), 1);
  setenv("LOG_CHANNEL", std::to_string(kLogChannel).c_str(), 1);
  configure();
  td_ = std::make_unique<TdJsonDriver>(TGLINK_BINARY_DIR "/sim/libtdjson.so");
  td_->execute(R"({"@type":"setLogVerbosityLevel","new_verbosity_level":0})");
  control_ = std::make_unique<sim::ControlClient>(socket);
}

json::object SimTest::wait_file(int file_id,
                                const std::function<bool(const json::object&)>& match) {
  json::object update = td_->wait_for([&](const json::object& message) {
    if (message.at("@type") != "updateFile") return false;
    const json::object& file = message.at("file").as_object();
    return file.at("id").to_number<int>() == file_id && match(file);
  });
  return update.at("file").as_object();
}

int SimTest::new_client(bool offline) {
  int client = td_->create_client();
  if (offline) {
    td_->request(client, {{"@type", "setNetworkType"},
                          {"type", json::object{{"@type", "networkTypeNone"}}}});
  }
  const std::filesystem::path directory =
      temp_.path() / ("client" + std::to_string(++next_directory_));
  const json::object answer = td_->request(client, tdlib_parameters(directory));
  EXPECT_EQ(answer.at("@type"), "ok") << json::serialize(answer);
  return client;
}

int SimTest::login(const std::string& token) {
  int client = new_client();
  json::object answer =
      td_->request(client, {{"@type", "checkAuthenticationBotToken"}, {"token", token}});
  EXPECT_EQ(answer.at("@type"), "ok") << json::serialize(answer);
  return client;
}

std::filesystem::path SimTest::make_file(const std::string& name, std::int64_t size) {
  std::filesystem::path path = temp_.path() / name;
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(::ftruncate(fd, size), 0);
  // Mark a few blocks so copies can be checked without writing the whole file.
  for (std::int64_t block : {std::int64_t{0}, size / 2 / 4096, (size - 1) / 4096}) {
    std::string mark = "block" + std::to_string(block);
    EXPECT_EQ(::pwrite(fd, mark.data(), mark.size(), block * 4096),
              static_cast<ssize_t>(mark.size()));
  }
  ::close(fd);
  return path;
}

int SimTest::receive_file(int client, const std::filesystem::path& path, const std::string& kind,
                          json::object* message) {
  sim::SendFileRequest request;
  request.user_id = kUserId;
  request.path = path.string();
  request.kind = kind;
  request.mime_type = kind == "video" ? "video/mp4" : "application/octet-stream";
  control_->send_file(request);
  json::object update = td_->wait_update(client, "updateNewMessage");
  json::object& content = update.at("message").as_object().at("content").as_object();
  if (message != nullptr) *message = update.at("message").as_object();
  std::string type(content.at("@type").as_string());
  const char* media = type == "messageVideo" ? "video" : "document";
  return content.at(media).as_object().at(media).as_object().at("id").to_number<int>();
}

}  // namespace tglink::testing
