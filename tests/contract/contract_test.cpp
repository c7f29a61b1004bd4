// Keeps the simulator honest: the same offline sequence runs against the real libtdjson and the
// simulator, and the answers must agree. Loading two libtdjson copies into one process is not
// safe, so each library runs in its own forked child, which writes its answers to a file; the
// parent, which loads neither, compares them. The real library only ever runs with network
// type none (set first), so it opens no connection.

#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "offline_sequence.hpp"
#include "proxy_sequence.hpp"
#include "sim/control_client.hpp"
#include "support/build_paths.hpp"
#include "support/eventually.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

const std::string kReal = TGLINK_REAL_TDJSON;
const std::string kSim = TGLINK_BINARY_DIR "/sim/libtdjson.so";

// Runs `work` with the library at `path` in a child process and answers what it returned.
json::array in_child(const std::string& path, const std::filesystem::path& directory,
                     const std::function<json::array(TdJsonDriver&, const std::string&)>& work) {
  std::filesystem::path output = directory / "answers.json";
  pid_t pid = fork();
  if (pid == 0) {
    int code = 1;
    try {
      TdJsonDriver td(path);
      td.execute(R"({"@type":"setLogVerbosityLevel","new_verbosity_level":0})");
      std::ofstream(output) << json::serialize(work(td, (directory / "db").string()));
      code = 0;
    } catch (const std::exception& error) {
      std::ofstream(output) << error.what();
    }
    std::fflush(nullptr);
    _exit(code);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  std::stringstream text;
  text << std::ifstream(output).rdbuf();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("child for " + path + " failed: " + text.str());
  }
  return json::parse(text.str()).as_array();
}

json::array sequence_of(const std::string& path, const TempDir& temp) {
  return in_child(path, temp.path(), run_offline_sequence);
}

TEST(ContractTest, SimulatorAnswersTheOfflineSequenceLikeTheRealLibrary) {
  TempDir real_dir("tglink-contract-real");
  TempDir sim_dir("tglink-contract-sim");
  json::array real = sequence_of(kReal, real_dir);
  json::array sim = sequence_of(kSim, sim_dir);
  ASSERT_EQ(real.size(), sim.size());
  for (std::size_t i = 0; i < real.size(); ++i) {
    const json::object& want = real[i].as_object();
    const json::object& got = sim[i].as_object();
    EXPECT_EQ(json::serialize(got), json::serialize(want)) << "step " << want.at("step");
  }
}

TEST(ContractTest, SimulatorAnswersAddProxyLikeTheRealLibrary) {
  TempDir real_dir("tglink-contract-proxy-real");
  TempDir sim_dir("tglink-contract-proxy-sim");
  json::array real = in_child(kReal, real_dir.path(), run_proxy_sequence);
  json::array sim = in_child(kSim, sim_dir.path(), run_proxy_sequence);
  ASSERT_EQ(real.size(), sim.size());
  for (std::size_t i = 0; i < real.size(); ++i) {
    EXPECT_EQ(json::serialize(sim[i]), json::serialize(real[i]));
  }
}

TEST(ContractTest, FileObjectsHaveTheShapeOfTheTypesFile) {
  // The real library cannot make a file object offline, so this pins the simulator's shape to
  // the fields tdlib-types.d.ts lists for file, localFile and remoteFile.
  json::value want = json::parse(R"({"@type":"file","id":0,"size":0,"expected_size":0,
    "local":{"@type":"localFile","path":"","can_be_downloaded":true,"can_be_deleted":true,
      "is_downloading_active":true,"is_downloading_completed":true,"download_offset":0,
      "downloaded_prefix_size":0,"downloaded_size":0},
    "remote":{"@type":"remoteFile","id":"","unique_id":"","is_uploading_active":true,
      "is_uploading_completed":true,"uploaded_size":0}})");
  TempDir dir("tglink-contract-file");
  std::string socket = (dir.path() / "control.sock").string();
  std::filesystem::path source = dir.path() / "source.bin";
  std::ofstream(source) << "bytes";
  setenv("TGLINK_SIM_SOCKET", socket.c_str(), 1);  // read by the child when it loads the library
  json::array got = in_child(kSim, dir.path(), [&](TdJsonDriver& td, const std::string& db) {
    int client = td.create_client();
    td.request(client, {{"@type", "setTdlibParameters"},
                        {"database_directory", db},
                        {"api_id", 94575},
                        {"api_hash", "a3406de8d171bb422bb6ddf3bbd800e2"},
                        {"system_language_code", "en"},
                        {"device_model", "contract"},
                        {"application_version", "1"}});
    td.request(client, {{"@type", "checkAuthenticationBotToken"},
                        {"token", "123456:AAHcontractTestTokenThatNeverLeaves_x"}});
    sim::ControlClient control(socket);
    sim::SendFileRequest file;
    file.user_id = 42;
    file.path = source.string();
    control.send_file(file);
    const json::object update = td.wait_update(client, "updateNewMessage");
    const json::value id = update.at("message").at_pointer("/content/document/document/id");
    return json::array{td.request(client, {{"@type", "getFile"}, {"file_id", id}})};
  });
  EXPECT_EQ(json::serialize(shape_of(got.at(0))), json::serialize(shape_of(want)));
}

json::array tglink_requests() {
  std::ifstream in(TGLINK_SOURCE_DIR "/tests/contract/tglink_requests.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str()).as_array();
}

// Every request parses in the library at `path`: no "Failed to parse JSON object" answers.
void expect_all_parse(const std::string& path, const json::array& requests,
                      const std::filesystem::path& directory) {
  json::array errors = in_child(path, directory, [&](TdJsonDriver& td, const std::string& db) {
    return parse_errors_of(td, db, requests);
  });
  ASSERT_EQ(errors.size(), requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(errors[i], "") << json::serialize(requests[i]);
  }
}

TEST(ContractTest, EveryRequestTglinkSendsParsesInTheRealLibrary) {
  TempDir dir("tglink-contract-parse");
  expect_all_parse(kReal, tglink_requests(), dir.path());
}

TEST(ContractTest, EveryRequestTglinkSendsParsesInTheSimulator) {
  TempDir dir("tglink-contract-parse-sim");
  expect_all_parse(kSim, tglink_requests(), dir.path());
}

}  // namespace
}  // namespace tglink::testing

namespace tglink::testing {
namespace {

// The requests tglink really sends: the simulator records one example of every request shape
// (TGLINK_SIM_REQUEST_LOG) while tglink serves users and downloads; each must then parse in the
// real library. This keeps the check honest as code changes, unlike a hand-kept list alone.
// /broadcast of the admin's first message, confirmed: it loads chats and the message
// (getChat, getMessage) before each copy and edits its progress.
void run_broadcast(SimHarness& harness) {
  const std::size_t before = harness.sim().messages(700001).size();
  harness.sim().call(json::object{{"op", "send_text"},
                                  {"user_id", 700001},
                                  {"text", "/broadcast"},
                                  {"reply_to_message_id", std::int64_t{1} << 20}});
  const std::vector<sim::SimMessage> asked = harness.sim().wait_messages(700001, before + 2, 30000);
  const sim::SimMessage& ask = asked.back();
  ASSERT_FALSE(ask.keyboard.empty()) << ask.text;
  harness.sim().press_button(700001, ask.message_id, ask.keyboard[0][0].data);
  (void)harness.sim().wait_messages(700001, before + 3, 30000);  // the admin's own copy
}

void run_scenario(const std::filesystem::path& log) {
  SimHarnessOptions options;
  options.env["TGLINK_SIM_REQUEST_LOG"] = log.string();
  options.env["ADMINS"] = "700001";
  // A private forced-subscription channel: a non-member's command brings getChatMember and an
  // invite link the bot creates (createChatInviteLink).
  constexpr std::int64_t kPrivateChannel = -1003000000003;
  options.env["FORCE_SUB_CHANNELS"] = std::to_string(kPrivateChannel);
  options.sim_config_json = R"({"ops":[{"op":"create_channel","chat_id":)" +
                            std::to_string(kPrivateChannel) +
                            R"(,"title":"Private","bots_admin_by_default":true}]})";
  {
    SimHarness harness{options};
    harness.sim().create_user(700001, "Ada", "ada");
    for (const char* text : {"/start", "/help", "/stats", "/info", "/ping", "hello", "/nope"}) {
      harness.sim().send_text(700001, text);
    }
    const std::filesystem::path video = harness.make_file("clip.mp4", 3 << 20);
    sim::SendFileRequest file;
    file.user_id = 700001;
    file.path = video.string();
    file.kind = "video";
    file.file_name = "clip.mp4";
    file.mime_type = "video/mp4";
    harness.sim().send_file(file);
    const std::regex link{R"(/dl/[A-Za-z0-9_-]+)"};
    std::smatch match;
    std::string text;
    ASSERT_TRUE(eventually([&] {
      for (const auto& reply : harness.sim().messages(700001)) {
        text = reply.text;
        if (std::regex_search(text, match, link)) return true;
      }
      return false;
    })) << "no link in the bot's replies";
    const std::string target = match.str();
    (void)harness.call(
        {.method = "GET", .target = target, .headers = {{"Range", "bytes=0-99"}}, .body = {}});
    (void)harness.call({.method = "HEAD", .target = target, .headers = {}, .body = {}});
    // Admin commands that send documents, edit messages and change the store.
    const std::size_t before = harness.sim().messages(700001).size();
    harness.sim().send_text(700001, "/logs level=DEBUG limit=500");
    harness.sim().send_text(700001, "/revoke " + target.substr(4));
    (void)harness.sim().wait_messages(700001, before + 2, 30000);
    harness.sim().create_user(700002, "Bob", "bob");
    harness.sim().send_text(700002, "/stats");
    const auto prompt = harness.sim().wait_messages(700002, 1, 30000);
    EXPECT_NE(prompt.at(0).text.find("Join required channels"), std::string::npos);
    run_broadcast(harness);
    EXPECT_EQ(harness.stop(), 0) << harness.process().output();
  }
}

json::array requests_sent_in_a_scenario(const std::filesystem::path& log) {
  run_scenario(log);
  json::array requests;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) requests.push_back(json::parse(line));
  return requests;
}

TEST(ContractTest, EveryRequestTglinkSentInAScenarioParsesInTheRealLibrary) {
  TempDir dir("tglink-contract-scenario");
  const json::array requests = requests_sent_in_a_scenario(dir.path() / "requests.jsonl");
  ASSERT_GE(requests.size(), 10u) << "the scenario should exercise most of tglink";
  std::set<std::string> types;
  for (const json::value& request : requests) {
    types.insert(std::string(request.as_object().at("@type").as_string()));
  }
  // Loading a chat and a message before copying is part of what tglink sends.
  for (const char* type : {"getChat", "getMessage", "forwardMessages"}) {
    EXPECT_EQ(types.count(type), 1U) << type << " was not sent in the scenario";
  }
  expect_all_parse(kReal, requests, dir.path());
}

}  // namespace
}  // namespace tglink::testing
