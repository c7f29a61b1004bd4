// Downloads as TDLib does them: part sizes, one window per file, wrap-around, the sparse temp
// file renamed on completion, prefix sizes, cancel and delete.

#include <chrono>
#include <fstream>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

// A set_bot patch changing the part latency (and the in-flight budget when given).
sim::BotSettingsPatch latency_patch(double latency_ms,
                                    std::optional<std::int64_t> in_flight_bytes = std::nullopt) {
  sim::BotSettingsPatch patch;
  patch.latency_ms = latency_ms;
  patch.in_flight_bytes = in_flight_bytes;
  return patch;
}

bool inactive(const json::object& file) { return !flag(local(file), "is_downloading_active"); }

std::string read_at(const std::string& path, std::int64_t offset, std::size_t size) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(offset);
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  return text;
}

class SimDownloadTest : public SimTest {
 protected:
  std::int64_t prefix(int file_id, std::int64_t offset) {
    json::object answer = request(
        client_,
        {{"@type", "getFileDownloadedPrefixSize"}, {"file_id", file_id}, {"offset", offset}});
    return number(answer, "size");
  }
  int client_ = 0;
};

TEST_F(SimDownloadTest, PartSizeDependsOnFileSize) {
  client_ = login();
  const std::pair<std::int64_t, std::int64_t> classes[] = {{10 * kMiB, 64 * 1024},
                                                           {300 * kMiB, 128 * 1024},
                                                           {600 * kMiB, 256 * 1024},
                                                           {1100 * kMiB, 512 * 1024}};
  int n = 0;
  for (const auto& [size, part] : classes) {
    int file = receive_file(client_, make_file("f" + std::to_string(++n), size), "document");
    request(client_, download_request(file, 0, 1));
    json::object done = wait_file(file, inactive);
    EXPECT_EQ(number(local(done), "downloaded_size"), part) << "file of " << size << " bytes";
    EXPECT_EQ(prefix(file, 0), part);
  }
}

TEST_F(SimDownloadTest, BoundedWindowFetchesOnlyItsPartsAndGoesInactive) {
  client_ = login();
  int file = receive_file(client_, make_file("w.bin", 10 * kMiB), "document");
  json::object answer = request(client_, download_request(file, 2 * kMiB, kMiB));
  EXPECT_TRUE(flag(local(answer), "is_downloading_active"));
  json::object done = wait_file(file, inactive);
  EXPECT_FALSE(completed(done));
  EXPECT_EQ(number(local(done), "download_offset"), 2 * kMiB);
  EXPECT_EQ(number(local(done), "downloaded_prefix_size"), kMiB);
  EXPECT_EQ(number(local(done), "downloaded_size"), kMiB);
  EXPECT_NE(local(done).at("path").as_string().find("/temp/"), std::string::npos);
}

TEST_F(SimDownloadTest, PrefixSizeAnswersForAnyOffset) {
  client_ = login();
  int file = receive_file(client_, make_file("p.bin", 10 * kMiB), "document");
  request(client_, download_request(file, 2 * kMiB, kMiB));
  wait_file(file, inactive);
  EXPECT_EQ(prefix(file, 0), 0);
  EXPECT_EQ(prefix(file, 2 * kMiB), kMiB);
  EXPECT_EQ(prefix(file, 2 * kMiB + 100), kMiB - 100);
  EXPECT_EQ(prefix(file, 3 * kMiB - 1), 1);
  EXPECT_EQ(prefix(file, 3 * kMiB), 0);
}

TEST_F(SimDownloadTest, EveryPartIsReportedAndProgressIsContiguousFromTheOffset) {
  client_ = login();
  int file = receive_file(client_, make_file("u.bin", kMiB), "document");
  request(client_, download_request(file, 0, 0));
  int updates = 0;
  json::object last;
  do {
    last = wait_file(file,
                     [](const json::object& f) { return number(local(f), "downloaded_size") > 0; });
    ++updates;
    EXPECT_LE(number(local(last), "downloaded_prefix_size"),
              number(local(last), "downloaded_size"));
  } while (!completed(last));
  EXPECT_EQ(updates, 16);  // 1 MiB in 64 KiB parts
}

TEST_F(SimDownloadTest, LimitZeroRunsToTheEndThenWrapsRoundFromZero) {
  client_ = login();
  std::filesystem::path source = make_file("wrap.bin", 4 * kMiB);
  int file = receive_file(client_, source, "document");
  request(client_, download_request(file, 3 * kMiB, 0));
  // The tail is fetched before anything at the start of the file.
  json::object tail_done = wait_file(
      file, [](const json::object& f) { return number(local(f), "downloaded_size") == kMiB; });
  EXPECT_EQ(number(local(tail_done), "downloaded_prefix_size"), kMiB);
  json::object done = wait_file(file, completed);
  EXPECT_EQ(number(local(done), "downloaded_size"), 4 * kMiB);
  EXPECT_EQ(prefix(file, 0), 4 * kMiB);
}

TEST_F(SimDownloadTest, CompletedFileIsRenamedIntoItsTypeFolderWithTheSameBytes) {
  client_ = login();
  std::filesystem::path source = make_file("clip.mp4", 3 * kMiB + 123);
  int file = receive_file(client_, source, "video");
  request(client_, download_request(file, 0, 0));
  json::object partial = wait_file(
      file, [](const json::object& f) { return number(local(f), "downloaded_size") > 0; });
  std::string temp_path(local(partial).at("path").as_string());
  EXPECT_NE(temp_path.find("/temp/"), std::string::npos);
  json::object done = wait_file(file, completed);
  std::string path(local(done).at("path").as_string());
  EXPECT_NE(path.find("/videos/clip.mp4"), std::string::npos) << path;
  EXPECT_FALSE(std::filesystem::exists(temp_path));
  EXPECT_EQ(std::filesystem::file_size(path), 3 * kMiB + 123);
  for (std::int64_t offset :
       {std::int64_t{0}, (3 * kMiB + 123) / 2 / 4096 * 4096, (3 * kMiB + 122) / 4096 * 4096}) {
    EXPECT_EQ(read_at(path, offset, 12), read_at(source.string(), offset, 12));
  }
  EXPECT_TRUE(flag(local(done), "can_be_deleted"));
}

TEST_F(SimDownloadTest, ANewWindowCancelsPartsInFlightOutsideIt) {
  client_ = login();
  int file = receive_file(client_, make_file("m.bin", 10 * kMiB), "document");
  // Parts of the first window will not finish before the window moves away from them.
  control_->set_bot(kBotId, latency_patch(60000.0));
  request(client_, download_request(file, 0, 0));
  control_->set_bot(kBotId, latency_patch(1.0));
  request(client_, download_request(file, 8 * kMiB, kMiB));
  json::object done = wait_file(file, inactive);
  EXPECT_EQ(number(local(done), "downloaded_size"), kMiB);
  EXPECT_EQ(prefix(file, 0), 0);
  EXPECT_EQ(prefix(file, 8 * kMiB), kMiB);
}

TEST_F(SimDownloadTest, InFlightBudgetLimitsPartsStartedAtOnce) {
  client_ = login();
  int file = receive_file(client_, make_file("b.bin", 10 * kMiB), "document");
  control_->set_bot(kBotId, latency_patch(60000.0, 512 * 1024));
  request(client_, download_request(file, 0, 0));
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 512 * 1024);  // eight 64 KiB parts
  // Moving the window away cancels all eight; only the new window's part is fetched.
  control_->set_bot(kBotId, latency_patch(1.0));
  request(client_, download_request(file, kMiB, 64 * 1024));
  json::object done = wait_file(file, inactive);
  EXPECT_EQ(number(local(done), "downloaded_size"), 64 * 1024);
  EXPECT_EQ(control_->counters(kBotId).parts, 1);
  EXPECT_EQ(control_->counters(kBotId).in_flight_bytes, 0);
}

TEST_F(SimDownloadTest, TheRealisticProfileCarriesAtMostEightMebibytesASecondPerBot) {
  client_ = login();
  int file = receive_file(client_, make_file("paced.bin", 4 * kMiB), "document");
  sim::BotSettingsPatch realistic;
  realistic.profile = "realistic";
  control_->set_bot(kBotId, realistic);
  const auto start = std::chrono::steady_clock::now();
  request(client_, download_request(file, 0, 0));
  wait_file(file, completed);
  // A lower bound only: 4 MiB over an 8 MiB/s link cannot take less than half a second.
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  EXPECT_EQ(control_->counters(kBotId).bytes_downloaded, 4 * kMiB);
}

TEST_F(SimDownloadTest, CompletedFileIsAnsweredAtOnceWithoutNewParts) {
  client_ = login();
  int file = receive_file(client_, make_file("c.bin", kMiB), "document");
  json::object sync = request(client_, download_request(file, 0, 0, true));
  EXPECT_TRUE(completed(sync));
  control_->reset_counters();
  json::object again = request(client_, download_request(file, 0, 0));
  EXPECT_TRUE(completed(again));
  EXPECT_EQ(control_->counters(kBotId).parts, 0);
  EXPECT_EQ(control_->counters(kBotId).download_file_calls, 1);
}

TEST_F(SimDownloadTest, CancelKeepsThePartialFileAndDeleteRemovesIt) {
  client_ = login();
  int file = receive_file(client_, make_file("d.bin", 10 * kMiB), "document");
  json::object partial = request(client_, download_request(file, 0, kMiB, true));
  std::string path(local(partial).at("path").as_string());
  EXPECT_EQ(request(client_, {{"@type", "cancelDownloadFile"}, {"file_id", file}}).at("@type"),
            "ok");
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(prefix(file, 0), kMiB);
  EXPECT_EQ(request(client_, {{"@type", "deleteFile"}, {"file_id", file}}).at("@type"), "ok");
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(prefix(file, 0), 0);
}

TEST_F(SimDownloadTest, UnknownFileIdIsAnError) {
  client_ = login();
  // Requests::on_request(getFile) answers a null file as 404; FileManager::download_file says
  // "File not found", after checking its arguments.
  json::object answer = request(client_, {{"@type", "getFile"}, {"file_id", 999}});
  EXPECT_EQ(answer.at("code").to_number<int>(), 404);
  EXPECT_EQ(answer.at("message"), "Not Found");
  answer = request(client_, {{"@type", "downloadFile"}, {"file_id", 999}, {"priority", 1}});
  EXPECT_EQ(answer.at("code").to_number<int>(), 400);
  EXPECT_EQ(answer.at("message"), "File not found");
  answer = request(client_, {{"@type", "downloadFile"}, {"file_id", 999}, {"priority", 0}});
  EXPECT_EQ(answer.at("message"), "Priority must be between 1 and 32");
}

TEST_F(SimDownloadTest, DownloadPriorityMustBeBetweenOneAndThirtyTwo) {
  client_ = login();
  const int file = receive_file(client_, make_file("prio.bin", 1000), "document");
  for (int priority : {0, 33, -1}) {
    json::object answer =
        request(client_, {{"@type", "downloadFile"}, {"file_id", file}, {"priority", priority}});
    EXPECT_EQ(answer.at("code").to_number<int>(), 400) << priority;
    EXPECT_EQ(answer.at("message"), "Priority must be between 1 and 32") << priority;
  }
  json::object answer =
      request(client_, {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 32}});
  EXPECT_EQ(answer.at("@type"), "file") << json::serialize(answer);
}

TEST_F(SimDownloadTest, EachBotSeesTheSameFileUnderItsOwnId) {
  client_ = login();
  const int other = login("777:AAHanotherSimulatedTokenSecretPart_xyz");
  const int mine = receive_file(client_, make_file("own.bin", 1000), "document");
  sim::SendFileRequest post;
  post.chat_id = kLogChannel;
  post.path = make_file("post.bin", 2000).string();
  const sim::SentMessage sent = control_->send_file(post);
  auto file_id_in_channel = [&](int client) {
    request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
    json::object message = request(
        client,
        {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", sent.message_id}});
    const json::object& document = message.at("content").as_object().at("document").as_object();
    return document.at("document").as_object().at("id").to_number<int>();
  };
  const int seen_by_first = file_id_in_channel(client_);
  const int seen_by_other = file_id_in_channel(other);
  EXPECT_NE(seen_by_first, seen_by_other);
  EXPECT_EQ(request(other, {{"@type", "getFile"}, {"file_id", seen_by_other}}).at("@type"), "file");
  // Another client's id is unknown here, whichever call uses it.
  for (int foreign : {mine, seen_by_first}) {
    json::object missing = request(other, {{"@type", "getFile"}, {"file_id", foreign}});
    EXPECT_EQ(missing.at("message"), "Not Found") << foreign;
    missing = request(other, {{"@type", "downloadFile"}, {"file_id", foreign}, {"priority", 1}});
    EXPECT_EQ(missing.at("message"), "File not found") << foreign;
  }
}

TEST_F(SimDownloadTest, FileIdsAreSparseThumbnailsTakeIdsToo) {
  client_ = login();
  const int first = receive_file(client_, make_file("a.mp4", 1000), "video");
  const int second = receive_file(client_, make_file("b.mp4", 1000), "video");
  EXPECT_GT(first, 1);
  EXPECT_EQ(second, first + 2);  // the second video's thumbnail took the id between
}

}  // namespace
}  // namespace tglink::testing
