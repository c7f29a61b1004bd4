// A user's read-only WebDAV folder end to end on the simulator: /davlink answers its address,
// whose PROPFIND lists the user's files and batches (RFC 4918's shapes, hostile names kept inside
// their segment), whose files download byte-exact with ranges, as /dl serves them; the token
// works as the Basic password on /dav/; write methods are 405; the folder's and a batch's .m3u8
// play queues list their videos; /davlink off and a ban close it (404). Real clients too: rclone
// (lsjson, copy with four streams, check), cadaver (ls, get), and a davfs2 mount read with
// ffprobe and a seek (where this runs as root with FUSE).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/base64.hpp"
#include "core/url_encoding.hpp"
#include "dav/xml_check.hpp"
#include "support/required_tool.hpp"
#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;

constexpr std::int64_t kDavUser = 5550101;
constexpr std::int64_t kDavAdmin = 5550199;

class DavFolderTest : public ScenarioTest {
 protected:
  DavFolderTest()
      : ScenarioTest(
            with_env({{"ADMINS", std::to_string(kDavAdmin)}, {"LINK_EXPIRY_DURATION", "12h"}}),
            {{kDavUser, "Ann"}, {kDavAdmin, "Admin"}}) {}

  // "/dav/TOKEN/" from /davlink's reply.
  std::string folder_path() {
    const std::string reply = ask(kDavUser, "/davlink");
    const std::string path = link_path_in(reply, "/dav/");
    EXPECT_TRUE(path.ends_with("/")) << reply;
    return path;
  }

  HttpResult dav(const std::string& method, const std::string& target,
                 std::map<std::string, std::string> headers = {}, std::string body = "") {
    HttpCall call;
    call.method = method;
    call.target = target;
    call.headers = std::move(headers);
    call.body = std::move(body);
    return harness.call(call);
  }

  HttpResult propfind(const std::string& target, const std::string& depth = "1") {
    return dav("PROPFIND", target, {{"Depth", depth}});
  }

  // Waits until the folder lists `count` files or folders besides itself.
  HttpResult wait_for_members(const std::string& target, std::size_t count) {
    HttpResult last;
    EXPECT_TRUE(eventually([&] {
      last = propfind(target);
      return last.status == 207 && count_of(last.body, "<D:response>") >= count + 1;
    })) << "the folder never listed "
        << count << " members: " << last.body;
    return last;
  }

  std::string run(const std::string& command, const std::string& log) {
    const fs::path out = harness.dir() / log;
    const int status = std::system((command + " > " + out.string() + " 2>&1").c_str());
    EXPECT_EQ(status, 0) << command << "\n" << read_file(out);
    return read_file(out);
  }
};

TEST_F(DavFolderTest, ListsFilesAndBatchesAndServesThemAsDlDoes) {
  const fs::path video = harness.make_file("clip.mp4", 300000, 7);
  const fs::path doc = harness.make_file("notes.txt", 5000, 8);
  const fs::path song = harness.make_file("song.mp3", 90000, 9);
  send(kDavUser, video, "video", "video/mp4", "a <b> & \"c\" 'd'.mp4");
  send(kDavUser, doc, "document", "text/plain");
  ask(kDavUser, "/batch");
  sim().send_file(user_file(kDavUser, song, "audio", "audio/mpeg"));
  sim().send_file(user_file(kDavUser, video, "video", "video/mp4", "in batch.mp4"));
  const std::string done = ask(kDavUser, "/done");
  const std::string batch = link_path_in(done, "/b/");
  ASSERT_FALSE(batch.empty()) << done;

  const std::string folder = folder_path();
  ASSERT_FALSE(folder.empty());
  // Two files (the batch's are links too, so four) and one batch folder.
  const HttpResult listing = wait_for_members(folder, 5);
  EXPECT_TRUE(contains(listing.header("content-type"), "application/xml"));
  EXPECT_EQ(listing.header("cache-control"), "no-store");
  const XmlOutline outline = check_xml(listing.body);
  EXPECT_TRUE(outline.well_formed) << outline.problem << "\n" << listing.body;
  EXPECT_EQ(outline.root_name, "multistatus");
  EXPECT_EQ(outline.root_namespace, "DAV:");
  const std::string odd_href = folder + url_encode_component("a <b> & \"c\" 'd'.mp4");
  EXPECT_TRUE(contains(listing.body, "<D:href>" + odd_href + "</D:href>")) << listing.body;
  EXPECT_TRUE(contains(listing.body,
                       "<D:displayname>a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;.mp4"
                       "</D:displayname>"));
  EXPECT_TRUE(contains(listing.body, "<D:getcontentlength>300000</D:getcontentlength>"));
  EXPECT_TRUE(contains(listing.body, "<D:getcontenttype>video/mp4</D:getcontenttype>"));
  EXPECT_TRUE(contains(listing.body, "<D:resourcetype><D:collection/></D:resourcetype>"));
  EXPECT_EQ(count_of(listing.body, "<D:getlastmodified>"), 6U);
  EXPECT_EQ(count_of(listing.body, "<D:creationdate>"), 6U);
  EXPECT_EQ(count_of(listing.body, "<D:getetag>"), 4U);  // files only
  const std::smatch batch_href = [&] {
    std::smatch m;
    static const std::regex kBatch("<D:href>(/dav/[^<]*/Batch%20[^<]*/)</D:href>");
    EXPECT_TRUE(std::regex_search(listing.body, m, kBatch)) << listing.body;
    return m;
  }();
  ASSERT_FALSE(batch_href.empty());
  const std::string batch_folder = batch_href[1];

  // Depth 0 is the resource alone; infinity (or no Depth) is refused; a body must be XML.
  const HttpResult alone = propfind(folder, "0");
  EXPECT_EQ(alone.status, 207);
  EXPECT_EQ(count_of(alone.body, "<D:response>"), 1U);
  const HttpResult infinite = propfind(folder, "infinity");
  EXPECT_EQ(infinite.status, 403);
  EXPECT_TRUE(contains(infinite.body, "propfind-finite-depth")) << infinite.body;
  EXPECT_EQ(dav("PROPFIND", folder).status, 403);
  EXPECT_EQ(dav("PROPFIND", folder, {{"Depth", "1"}}, "<D:propfind xmlns:D=\"DAV:\">").status, 400);
  EXPECT_EQ(dav("PROPFIND", folder, {{"Depth", "1"}},
                "<?xml version=\"1.0\"?><D:propfind xmlns:D=\"DAV:\"><D:prop><D:getetag/>"
                "</D:prop></D:propfind>")
                .status,
            207);

  // The batch's folder holds its files in the order sent.
  const HttpResult in_batch = propfind(batch_folder);
  ASSERT_EQ(in_batch.status, 207) << in_batch.body;
  EXPECT_LT(in_batch.body.find("song.mp3"), in_batch.body.find("in%20batch.mp4"));

  // Files download byte-exact, with ranges and validators, as from /dl.
  const HttpResult whole = harness.get(odd_href);
  ASSERT_EQ(whole.status, 200) << whole.body.substr(0, 200);
  EXPECT_TRUE(whole.body == read_file(video));
  EXPECT_EQ(whole.header("accept-ranges"), "bytes");
  const HttpResult part = dav("GET", batch_folder + "song.mp3", {{"Range", "bytes=1000-1999"}});
  ASSERT_EQ(part.status, 206) << batch_folder;
  EXPECT_EQ(part.header("content-range"), "bytes 1000-1999/90000");
  EXPECT_TRUE(part.body == read_file(song).substr(1000, 1000));
  const std::string etag = whole.header("etag");
  EXPECT_TRUE(
      contains(listing.body, "<D:getetag>" + std::regex_replace(etag, std::regex("\""), "&quot;")))
      << etag;
  EXPECT_EQ(dav("GET", odd_href, {{"If-None-Match", etag}}).status, 304);
  const HttpResult head = dav("HEAD", folder + "notes.txt");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), "5000");
  EXPECT_EQ(harness.get(folder + "nothing.bin").status, 404);
  EXPECT_EQ(harness.get(folder + "..%2F..%2Fapi%2Finfo").status, 404);

  // Read-only: every write method is 405 with Allow; OPTIONS says DAV class 1.
  for (const std::string method :
       {"PUT", "DELETE", "MKCOL", "COPY", "MOVE", "PROPPATCH", "LOCK", "UNLOCK", "POST"}) {
    const HttpResult refused = dav(method, folder + "notes.txt");
    EXPECT_EQ(refused.status, 405) << method;
    EXPECT_EQ(refused.header("allow"), "OPTIONS, GET, HEAD, PROPFIND") << method;
  }
  const HttpResult options = dav("OPTIONS", folder);
  EXPECT_EQ(options.status, 200);
  EXPECT_EQ(options.header("dav"), "1");

  // A browser gets a plain index under the batch page's strict policy.
  const HttpResult page = harness.get(folder);
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.header("content-type"), "text/html"));
  EXPECT_TRUE(contains(page.header("content-security-policy"), "default-src 'none'"));
  EXPECT_TRUE(contains(page.body, "href=\"" + odd_href + "\"")) << page.body;
  EXPECT_FALSE(contains(page.body, "a <b>"));

  // The token as the Basic password on /dav/, whatever the user name.
  const std::string token = folder.substr(5, folder.size() - 6);
  const std::string basic = "Basic " + base64_encode("kodi:" + token);
  const HttpResult by_password =
      dav("PROPFIND", "/dav/", {{"Depth", "1"}, {"Authorization", basic}});
  ASSERT_EQ(by_password.status, 207);
  EXPECT_TRUE(contains(by_password.body, "<D:href>/dav/notes.txt</D:href>")) << by_password.body;
  const HttpResult got = dav("GET", "/dav/notes.txt", {{"Authorization", basic}});
  EXPECT_TRUE(got.body == read_file(doc));
  const HttpResult anonymous = propfind("/dav/");
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_TRUE(contains(anonymous.header("www-authenticate"), "Basic"))
      << anonymous.header("www-authenticate");

  // Play queues: the folder's and the batch's videos and audio.
  const HttpResult queue = harness.get("/dav/" + token + ".m3u8");
  ASSERT_EQ(queue.status, 200);
  EXPECT_TRUE(queue.body.starts_with("#EXTM3U\n")) << queue.body;
  EXPECT_EQ(count_of(queue.body, "#EXTINF:"), 3U) << queue.body;  // not notes.txt
  EXPECT_TRUE(contains(queue.body, harness.base_url() + odd_href + "\n")) << queue.body;
  const HttpResult batch_queue = harness.get(batch + ".m3u8");
  ASSERT_EQ(batch_queue.status, 200);
  EXPECT_EQ(count_of(batch_queue.body, "#EXTINF:"), 2U) << batch_queue.body;
  EXPECT_TRUE(contains(batch_queue.body, "/stream/")) << batch_queue.body;

  // /davlink again: the same address. /davlink off: 404, and 401 for the password.
  EXPECT_EQ(folder_path(), folder);
  EXPECT_TRUE(contains(ask(kDavUser, "/davlink off"), "closed"));
  EXPECT_EQ(propfind(folder).status, 404);
  EXPECT_EQ(harness.get(odd_href).status, 404);
  EXPECT_EQ(dav("PROPFIND", "/dav/", {{"Depth", "1"}, {"Authorization", basic}}).status, 401);
  const std::string reopened = folder_path();
  EXPECT_NE(reopened, folder);
  EXPECT_EQ(propfind(reopened).status, 207);

  // A ban closes it too, and a revoked link leaves the folder at once. A file's GET finds its
  // name in the folder as lately read (dav/folder_cache.hpp), yet a ban closes it at once too.
  EXPECT_EQ(harness.get(reopened + "notes.txt").status, 200);
  const std::string revoke = ask(
      kDavAdmin, "/revoke " + harness.base_url() + link_path_in(ask(kDavUser, "/mylinks"), "/dl/"));
  EXPECT_TRUE(contains(revoke, "Revoked")) << revoke;
  EXPECT_EQ(count_of(propfind(reopened).body, "<D:response>"), 5U);
  ask(kDavAdmin, "/ban " + std::to_string(kDavUser));
  EXPECT_EQ(harness.get(reopened + "notes.txt").status, 404);
  EXPECT_EQ(propfind(reopened).status, 404);
}

TEST_F(DavFolderTest, HostileNamesAreListedSafelyAndServedByTheirHref) {
  const fs::path file = harness.make_file("hostile.bin", 20000, 19);
  const std::vector<std::string> names{std::string("a\0b.mp4", 7),
                                       std::string(496, 'n') + ".mkv",
                                       "../../etc/passwd",
                                       "x\r\n<D:href>/evil</D:href>.txt",
                                       "invoice\u202Efdp.exe",
                                       "%2e%2e%2f.bin",
                                       "]]>&amp;<!--.txt",
                                       ".hidden",
                                       "a?b#c.mp4"};
  for (const std::string& name : names)
    send(kDavUser, file, "document", "application/octet-stream", name);
  const std::string folder = folder_path();
  const HttpResult listing = wait_for_members(folder, names.size());
  const XmlOutline outline = check_xml(listing.body);
  ASSERT_TRUE(outline.well_formed) << outline.problem << "\n" << listing.body;
  EXPECT_FALSE(contains(listing.body, "<D:href>/evil"));
  std::smatch m;
  const std::regex href("<D:href>([^<]*)</D:href>");
  std::size_t files = 0;
  const std::string bytes = read_file(file);
  for (auto it = std::sregex_iterator(listing.body.begin(), listing.body.end(), href);
       it != std::sregex_iterator(); ++it) {
    const std::string target = (*it)[1];
    ASSERT_TRUE(target.starts_with(folder)) << target;
    if (target == folder) continue;
    EXPECT_EQ(target.find('/', folder.size()), std::string::npos) << target;  // one segment
    const HttpResult got = harness.get(target);
    ASSERT_EQ(got.status, 200) << target;
    EXPECT_TRUE(got.body == bytes) << target;
    ++files;
  }
  EXPECT_EQ(files, names.size());
}

TEST_F(DavFolderTest, RcloneListsCopiesWithFourStreamsAndChecksByteExact) {
  TGLINK_REQUIRE_PROGRAM("rclone");
  const fs::path source = harness.dir() / "source";
  fs::create_directories(source);
  const std::vector<std::pair<std::string, std::uint64_t>> files{
      {"big.mkv", 3'000'000}, {"small.txt", 4000}, {"Фильм 1.mp4", 1'200'000}};
  std::uint32_t seed = 40;
  for (const auto& [name, size] : files) {
    const fs::path made = harness.make_file("made" + std::to_string(seed) + ".bin", size, seed);
    fs::copy_file(made, source / name);
    send(kDavUser, made, "document", "application/octet-stream", name);
    ++seed;
  }
  const std::string folder = folder_path();
  (void)wait_for_members(folder, files.size());
  const std::string token = folder.substr(5, folder.size() - 6);
  // The token as the password, as an rclone config would have it (obscured).
  const std::string obscured = run("rclone obscure '" + token + "'", "obscure.log");
  const std::string remote = "':webdav,url=\"" + harness.base_url() +
                             "/dav/\",user=anyone,pass=" + obscured.substr(0, obscured.find('\n')) +
                             ":'";
  const std::string flags = " --config /dev/null --low-level-retries 2 --retries 1 ";
  const std::string listed = run("rclone lsjson" + flags + remote, "lsjson.log");
  const json::array entries = json::parse(listed).as_array();
  ASSERT_EQ(entries.size(), files.size()) << listed;
  for (const json::value& entry : entries) {
    const std::string name(entry.as_object().at("Name").as_string());
    EXPECT_TRUE(fs::exists(source / name)) << name;
    EXPECT_EQ(entry.as_object().at("Size").as_int64(),
              static_cast<std::int64_t>(fs::file_size(source / name)));
  }
  const fs::path copied = harness.dir() / "copied";
  run("rclone copy" + flags + "--multi-thread-streams 4 --multi-thread-cutoff 1M " + remote + " " +
          copied.string(),
      "copy.log");
  for (const auto& [name, size] : files) {
    EXPECT_TRUE(read_file(copied / name) == read_file(source / name)) << name;
  }
  run("rclone check" + flags + "--download " + source.string() + " " + remote, "check.log");
  // The address itself as the URL works the same.
  const std::string by_path = "':webdav,url=\"" + harness.base_url() + folder + "\":'";
  EXPECT_TRUE(contains(run("rclone lsf" + flags + by_path, "lsf.log"), "small.txt"));
}

TEST_F(DavFolderTest, CadaverListsAndGetsAFile) {
  TGLINK_REQUIRE_PROGRAM("cadaver");
  const fs::path file = harness.make_file("report.pdf", 70000, 51);
  send(kDavUser, file, "document", "application/pdf");
  const std::string folder = folder_path();
  (void)wait_for_members(folder, 1);
  const fs::path got = harness.dir() / "fetched.pdf";
  const fs::path script = harness.dir() / "cadaver.txt";
  std::ofstream(script) << "ls\nget report.pdf " << got.string() << "\nquit\n";
  const std::string output =
      run("cadaver " + harness.base_url() + folder + " < " + script.string(), "cadaver.log");
  EXPECT_TRUE(contains(output, "report.pdf")) << output;
  EXPECT_TRUE(contains(output, "70000")) << output;
  ASSERT_TRUE(fs::exists(got)) << output;
  EXPECT_TRUE(read_file(got) == read_file(file));
}

TEST_F(DavFolderTest, ADavfs2MountListsProbesAndSeeksAVideo) {
  TGLINK_REQUIRE_PROGRAM("mount.davfs");
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  if (geteuid() != 0 || !fs::exists("/dev/fuse")) {
    GTEST_SKIP() << "a davfs2 mount needs root and /dev/fuse";
  }
  const fs::path video = harness.dir() / "movie.mp4";
  run("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc2=size=320x240:rate=25:duration=4 "
      "-c:v mpeg4 -q:v 5 " +
          video.string(),
      "ffmpeg.log");
  send(kDavUser, video, "video", "video/mp4");
  const std::string folder = folder_path();
  (void)wait_for_members(folder, 1);
  const fs::path mount = harness.dir() / "mnt";
  const fs::path conf = harness.dir() / "davfs2.conf";
  fs::create_directories(mount);
  std::ofstream(conf) << "use_locks 0\nask_auth 0\n";
  const std::string mounted = "mount -t davfs -o ro,conf=" + conf.string() + " " +
                              harness.base_url() + folder + " " + mount.string() + " < /dev/null";
  if (std::system((mounted + " > " + (harness.dir() / "mount.log").string() + " 2>&1").c_str()) !=
      0) {
    const std::string log = read_file(harness.dir() / "mount.log");
    if (skips_fail()) FAIL() << "mount.davfs failed: " << log;
    GTEST_SKIP() << "mount.davfs failed here (no FUSE mounts in this container?): " << log;
  }
  struct Unmount {
    fs::path at;
    ~Unmount() { (void)std::system(("umount " + at.string() + " > /dev/null 2>&1").c_str()); }
  } unmount{mount};
  ASSERT_TRUE(fs::exists(mount / "movie.mp4"));
  EXPECT_EQ(fs::file_size(mount / "movie.mp4"), fs::file_size(video));
  const std::string probed = run("ffprobe -v error -show_entries format=duration -of csv=p=0 " +
                                     (mount / "movie.mp4").string(),
                                 "ffprobe.log");
  EXPECT_NEAR(std::stod(probed), 4.0, 0.2) << probed;
  run("ffmpeg -hide_banner -loglevel error -ss 2.5 -i " + (mount / "movie.mp4").string() +
          " -frames:v 1 -f null -",
      "seek.log");
  std::ifstream in(mount / "movie.mp4", std::ios::binary);
  const std::string bytes = read_file(video);
  const std::size_t offset = bytes.size() / 2;
  in.seekg(static_cast<std::streamoff>(offset));
  std::string middle(4096, '\0');
  in.read(middle.data(), static_cast<std::streamsize>(middle.size()));
  EXPECT_TRUE(middle == bytes.substr(offset, 4096));
}

}  // namespace
}  // namespace tglink::testing
