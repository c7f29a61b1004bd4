// One link for many files, end to end on the simulator: /batch ... /done answers one
// link, {BASE_URL}/b/{token}, whose HTML page, JSON and URL list name every file and whose links
// download each byte-exact (aria2c -i too); a batch link can be revoked; the daily limit counts
// files. Albums: a media group gets one reply listing every file's links.
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;

constexpr std::int64_t kBatchUser = 5550001;
constexpr std::int64_t kBatchAdmin = 5550099;

// "/b/TOKEN" from the /done reply.
std::string batch_path(const std::string& reply_text) { return link_path_in(reply_text, "/b/"); }

HttpResult get_json(SimHarness& harness, const std::string& target) {
  HttpCall call;
  call.target = target;
  call.headers["Accept"] = "application/json";
  return harness.call(call);
}

// Polls the batch's JSON until it lists `files` files (files still being saved when /done came
// appear as they land); answers the last JSON seen.
json::object wait_for_files(SimHarness& harness, const std::string& path, std::int64_t files) {
  json::object last;
  EXPECT_TRUE(eventually([&] {
    const HttpResult got = get_json(harness, path);
    if (got.status != 200) return false;
    last = json::parse(got.body).as_object();
    return last.at("file_count").as_int64() >= files;
  })) << "the batch never listed "
      << files << " files: " << json::serialize(last);
  return last;
}

// The path and query of a URL on the harness's server ("http://host:port/dl/x" -> "/dl/x").
std::string local_target(SimHarness& harness, const std::string& url) {
  const std::string base = harness.base_url();
  EXPECT_TRUE(url.starts_with(base)) << url;
  return url.substr(base.size());
}

class BatchTest : public ScenarioTest {
 protected:
  BatchTest()
      : ScenarioTest(
            with_env({{"ADMINS", std::to_string(kBatchAdmin)}, {"LINK_EXPIRY_DURATION", "12h"}}),
            {{kBatchUser, "Ann"}, {kBatchAdmin, "Admin"}}) {}
};

TEST_F(BatchTest, DoneAnswersOneLinkWhosePageJsonAndUrlListServeEveryFile) {
  const fs::path video = harness.make_file("clip.mp4", 300000, 7);
  const fs::path archive = harness.make_file("data.zip", 120000, 8);
  const fs::path song = harness.make_file("song.mp3", 90000, 9);
  const std::string odd_name = "a <b> & \"c\" 'd'.zip";

  const sim::SimMessage started = say(kBatchUser, "/batch", 1);
  EXPECT_TRUE(contains(started.text, "Batch started")) << started.text;
  sim().send_file(user_file(kBatchUser, video, "video", "video/mp4"));
  sim().send_file(user_file(kBatchUser, archive, "document", "application/zip", odd_name));
  sim().send_file(user_file(kBatchUser, song, "audio", "audio/mpeg"));
  const sim::SimMessage done = say(kBatchUser, "/done", 2);
  ASSERT_TRUE(contains(done.text, "Your batch link is ready")) << done.text;
  EXPECT_TRUE(contains(done.text, "Links expire in 12 hours")) << done.text;
  const std::string path = batch_path(done.text);
  ASSERT_FALSE(path.empty()) << done.text;
  EXPECT_TRUE(link_path_in(done.text, "/dl/").empty()) << "no per-file links in chat";

  const json::object listing = wait_for_files(harness, path, 3);
  ASSERT_EQ(listing.at("status").as_string(), "success");
  const json::array& files = listing.at("files").as_array();
  ASSERT_EQ(files.size(), 3U);
  const std::vector<fs::path> sources{video, archive, song};
  const std::vector<std::string> names{"clip.mp4", odd_name, "song.mp3"};
  for (std::size_t i = 0; i < files.size(); ++i) {
    const json::object& file = files[i].as_object();
    EXPECT_EQ(file.at("name").as_string(), names[i]);
    EXPECT_EQ(file.at("size").as_int64(), static_cast<std::int64_t>(fs::file_size(sources[i])));
    const std::string download = std::string(file.at("download_url").as_string());
    const HttpResult got = harness.get(local_target(harness, download));
    ASSERT_EQ(got.status, 200) << download << ": " << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == read_file(sources[i])) << names[i] << ": bytes differ";
  }
  EXPECT_TRUE(files[0].as_object().at("stream_url").is_string());  // video
  EXPECT_TRUE(files[0].as_object().at("player_url").is_string());  // video
  EXPECT_TRUE(files[1].as_object().at("stream_url").is_null());    // zip
  EXPECT_TRUE(files[2].as_object().at("stream_url").is_string());  // audio
  EXPECT_TRUE(files[2].as_object().at("player_url").is_null());    // audio
  EXPECT_TRUE(listing.at("expires_at").is_string());
  EXPECT_EQ(listing.at("total_size").as_int64(), 300000 + 120000 + 90000);

  // The HTML page: every name escaped, no script allowed, links to each file.
  const HttpResult page = harness.get(path);
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.header("content-type"), "text/html")) << page.header("content-type");
  EXPECT_TRUE(contains(page.header("content-security-policy"), "default-src 'none'"));
  EXPECT_FALSE(contains(page.body, odd_name)) << "a name reached the page unescaped";
  EXPECT_TRUE(contains(page.body, "a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;.zip")) << page.body;
  EXPECT_TRUE(contains(page.body, "clip.mp4"));
  EXPECT_TRUE(contains(
      page.body,
      local_target(harness, std::string(files[0].as_object().at("download_url").as_string()))));

  // The URL list: each download URL, then an indented out= line with a safe name.
  const HttpResult urls = harness.get(path + "?format=urls");
  ASSERT_EQ(urls.status, 200);
  EXPECT_TRUE(contains(urls.header("content-type"), "text/plain"));
  for (const json::value& file : files) {
    EXPECT_TRUE(contains(urls.body,
                         std::string(file.as_object().at("download_url").as_string()) + "\n  out="))
        << urls.body;
  }
  EXPECT_TRUE(contains(urls.body, "  out=clip.mp4\n")) << urls.body;
}

TEST_F(BatchTest, AriaDownloadsEveryFileOfABatchByteExact) {
  ASSERT_TRUE(fs::exists("/usr/bin/aria2c")) << "needs aria2c: scripts/install-deps.sh --test";
  const std::vector<fs::path> sources{harness.make_file("one.bin", 700000, 21),
                                      harness.make_file("two.mp4", 1500000, 22),
                                      harness.make_file("three.txt", 5000, 23)};
  say(kBatchUser, "/batch", 1);
  sim().send_file(user_file(kBatchUser, sources[0], "document", "application/octet-stream"));
  sim().send_file(user_file(kBatchUser, sources[1], "video", "video/mp4"));
  sim().send_file(user_file(kBatchUser, sources[2], "document", "text/plain"));
  const std::string path = batch_path(say(kBatchUser, "/done", 2).text);
  ASSERT_FALSE(path.empty());
  (void)wait_for_files(harness, path, 3);

  const HttpResult urls = harness.get(path + "?format=urls");
  ASSERT_EQ(urls.status, 200);
  const fs::path list = harness.dir() / "batch-urls.txt";
  std::ofstream(list) << urls.body;
  const fs::path out = harness.dir() / "aria";
  fs::create_directories(out);
  const std::string run =
      "aria2c --no-conf=true --quiet=true --allow-overwrite=true "
      "--max-tries=3 --timeout=60 -d " +
      out.string() + " -i " + list.string() + " > " + (harness.dir() / "aria.log").string() +
      " 2>&1";
  ASSERT_EQ(std::system(run.c_str()), 0) << read_file(harness.dir() / "aria.log");
  for (const fs::path& source : sources) {
    const fs::path got = out / source.filename();
    ASSERT_TRUE(fs::exists(got)) << got;
    EXPECT_TRUE(read_file(got) == read_file(source)) << got << ": bytes differ";
  }
}

TEST_F(BatchTest, ARevokedOrForeignBatchLinkIsRefused) {
  const fs::path file = harness.make_file("a.zip", 3000, 3);
  say(kBatchUser, "/batch", 1);
  sim().send_file(user_file(kBatchUser, file, "document", "application/zip"));
  const std::string path = batch_path(say(kBatchUser, "/done", 2).text);
  ASSERT_FALSE(path.empty());
  const json::object listing = wait_for_files(harness, path, 1);

  // A file's own token is not a batch token, nor is a damaged one.
  const std::string download =
      std::string(listing.at("files").as_array()[0].as_object().at("download_url").as_string());
  const std::string file_token = link_path_in(download, "/dl/").substr(4, 40);
  EXPECT_EQ(harness.get("/b/" + file_token.substr(0, file_token.find('/'))).status, 404);
  EXPECT_EQ(harness.get(path + "x").status, 404);

  const sim::SimMessage revoked_answer =
      say(kBatchAdmin, "/revoke " + harness.base_url() + path, 1);
  EXPECT_TRUE(contains(revoked_answer.text, "Revoked")) << revoked_answer.text;
  const HttpResult revoked = get_json(harness, path);
  EXPECT_EQ(revoked.status, 404);
  EXPECT_TRUE(contains(revoked.body, "LINK_REVOKED")) << revoked.body;
}

TEST_F(BatchTest, EmptyOrMissingBatchesAreExplained) {
  EXPECT_TRUE(contains(say(kBatchUser, "/done", 1).text, "No batch is open"));
  EXPECT_TRUE(contains(say(kBatchUser, "/batch", 2).text, "Batch started"));
  EXPECT_TRUE(contains(say(kBatchUser, "/batch", 3).text, "already open"));
  EXPECT_TRUE(contains(say(kBatchUser, "/done", 4).text, "no files yet"));
}

TEST_F(BatchTest, AnOpenBatchOutlivesARestart) {
  const fs::path file = harness.make_file("kept.zip", 4000, 12);
  say(kBatchUser, "/batch", 1);
  harness.restart();  // the simulator's world starts afresh; the store stays
  sim().create_user(kBatchUser, "Ann");
  sim().send_file(user_file(kBatchUser, file, "document", "application/zip", "one.zip"));
  sim().send_file(user_file(kBatchUser, file, "document", "application/zip", "two.zip"));
  const std::string path = batch_path(say(kBatchUser, "/done", 1).text);
  ASSERT_FALSE(path.empty());
  const json::object listing = wait_for_files(harness, path, 2);
  const json::array& files = listing.at("files").as_array();
  ASSERT_EQ(files.size(), 2U);
  EXPECT_EQ(files[0].as_object().at("name").as_string(), "one.zip");
  EXPECT_EQ(files[1].as_object().at("name").as_string(), "two.zip");
}

TEST(BatchLimit, TheDailyLimitCountsEveryFileOfABatch) {
  Scenario scenario(with_env({{"MAX_LINKS_PER_DAY", "2"}}), {{kBatchUser, "Ann"}});
  SimHarness& harness = scenario.harness;
  const fs::path file = harness.make_file("a.zip", 2000, 5);
  scenario.say(kBatchUser, "/batch", 1);
  harness.sim().send_file(user_file(kBatchUser, file, "document", "application/zip", "one.zip"));
  harness.sim().send_file(user_file(kBatchUser, file, "document", "application/zip", "two.zip"));
  const std::string path = batch_path(scenario.say(kBatchUser, "/done", 2).text);
  ASSERT_FALSE(path.empty());
  (void)wait_for_files(harness, path, 2);

  scenario.say(kBatchUser, "/batch", 3);
  harness.sim().send_file(user_file(kBatchUser, file, "document", "application/zip", "three.zip"));
  const sim::SimMessage refused = scenario.message_number(kBatchUser, 4, "three.zip");
  EXPECT_TRUE(contains(refused.text, "Daily limit reached")) << refused.text;
}

TEST(Album, AMediaGroupGetsOneReplyListingEveryFile) {
  Scenario scenario({}, {{kBatchUser, "Ann"}});
  SimHarness& harness = scenario.harness;
  const std::vector<fs::path> sources{harness.make_file("first.mp4", 200000, 31),
                                      harness.make_file("second.jpg", 40000, 32),
                                      harness.make_file("third.mp4", 150000, 33)};
  const std::vector<sim::SendFileRequest> album{
      user_file(kBatchUser, sources[0], "video", "video/mp4"),
      user_file(kBatchUser, sources[1], "photo", "image/jpeg"),
      user_file(kBatchUser, sources[2], "video", "video/mp4")};
  const std::vector<std::int64_t> ids = harness.sim().send_album(kBatchUser, album);
  ASSERT_EQ(ids.size(), 3U);

  const auto replies = harness.sim().wait_messages(kBatchUser, 1, kBotReplyWaitMs);
  ASSERT_FALSE(replies.empty());
  const std::string& text = replies.front().text;
  EXPECT_TRUE(contains(text, "Your 3 links are ready")) << text;
  std::size_t at = 0;
  for (const fs::path& source : sources) {
    // Telegram keeps no name for a photo: the reply makes one up.
    const bool named = source.extension() != ".jpg";
    EXPECT_TRUE(!named || contains(text, source.filename().string())) << text;
    const std::size_t link = text.find("/dl/", at);
    ASSERT_NE(link, std::string::npos) << text;
    const std::string path = link_path_in(text.substr(link), "/dl/");
    const HttpResult got = harness.get(path);
    ASSERT_EQ(got.status, 200) << path;
    EXPECT_TRUE(got.body == read_file(source)) << source << ": bytes differ";
    at = link + 1;
  }
  // Nothing else was answered about the album: a text sent now gets the next reply.
  harness.sim().send_text(kBatchUser, "hello");
  const auto after = harness.sim().wait_messages(kBatchUser, 2, kBotReplyWaitMs);
  ASSERT_GE(after.size(), 2U);
  EXPECT_TRUE(contains(after[1].text, "Send me a file")) << after[1].text;
  EXPECT_EQ(harness.sim().messages(kBatchUser).size(), 2U);
}

}  // namespace
}  // namespace tglink::testing
