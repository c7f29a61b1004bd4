// Keeps the simulator honest: the same offline sequence runs against the real libtdjson and the
// simulator, and the answers must agree. Loading two libtdjson copies into one process is not
// safe, so each library runs in its own forked child, which writes its answers to a file; the
// parent, which loads neither, compares them. The real library only ever runs with network
// type none (set first), so it opens no connection.

#include <fstream>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "offline_sequence.hpp"
#include "sim/control_client.hpp"
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
    td.request(client, {{"@type", "setTdlibParameters"}, {"database_directory", db}});
    td.request(client, {{"@type", "checkAuthenticationBotToken"},
                        {"token", "123456:AAHcontractTestTokenThatNeverLeaves_x"}});
    sim::ControlClient control(socket);
    sim::SendFileRequest file;
    file.user_id = 42;
    file.path = source.string();
    control.send_file(file);
    return json::array{td.request(client, {{"@type", "getFile"}, {"file_id", 1}})};
  });
  EXPECT_EQ(json::serialize(shape_of(got.at(0))), json::serialize(shape_of(want)));
}

json::array tglink_requests() {
  std::ifstream in(TGLINK_SOURCE_DIR "/tests/contract/tglink_requests.json");
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str()).as_array();
}

TEST(ContractTest, EveryRequestTglinkSendsParsesInTheRealLibrary) {
  json::array requests = tglink_requests();
  TempDir dir("tglink-contract-parse");
  json::array errors = in_child(kReal, dir.path(), [&](TdJsonDriver& td, const std::string& db) {
    return parse_errors_of(td, db, requests);
  });
  ASSERT_EQ(errors.size(), requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(errors[i], "") << json::serialize(requests[i]);
  }
}

TEST(ContractTest, EveryRequestTglinkSendsParsesInTheSimulator) {
  json::array requests = tglink_requests();
  TempDir dir("tglink-contract-parse-sim");
  json::array errors = in_child(kSim, dir.path(), [&](TdJsonDriver& td, const std::string& db) {
    return parse_errors_of(td, db, requests);
  });
  ASSERT_EQ(errors.size(), requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(errors[i], "") << json::serialize(requests[i]);
  }
}

}  // namespace
}  // namespace tglink::testing
