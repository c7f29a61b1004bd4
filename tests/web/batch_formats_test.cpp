#include "web/batch_formats.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_results;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

BatchListing sample() {
  BatchListing listing;
  BatchEntry video;
  video.name = "Clip <1> & \"2\".mp4";
  video.size = 1500;
  video.mime_type = "video/mp4";
  video.kind = "video";
  video.size_text = "1.5 KiB";
  video.download_url = "https://h.example/dl/T1/Clip";
  video.stream_url = "https://h.example/stream/T1/Clip";
  video.player_url = "https://h.example/player?stream=x";
  BatchEntry archive;
  archive.name = "../../etc/passwd\n";
  archive.size = 20;
  archive.kind = "document";
  archive.size_text = "20 B";
  archive.download_url = "https://h.example/dl/T2/a";
  listing.files = {video, archive};
  listing.expires_at = SystemTime{std::chrono::seconds{1'800'000'000}};
  return listing;
}

TEST(BatchFormats, HtmlEscapesEveryNameAndOffersOnlyTheLinksEachFileHas) {
  const std::string html =
      batch_html(sample(), "/player/assets/v1", "https://h.example/b/B?format=urls");
  EXPECT_FALSE(contains(html, "Clip <1>"));
  EXPECT_TRUE(contains(html, "Clip &lt;1&gt; &amp; &quot;2&quot;.mp4"));
  EXPECT_TRUE(contains(html, "href=\"https://h.example/dl/T1/Clip\""));
  EXPECT_TRUE(contains(html, "href=\"https://h.example/stream/T1/Clip\""));
  EXPECT_TRUE(contains(html, "href=\"https://h.example/player?stream=x\""));
  EXPECT_TRUE(contains(html, "href=\"https://h.example/dl/T2/a\""));
  // One Stream and one Play button: the document has neither.
  std::size_t streams = 0;
  for (std::size_t at = html.find("class=\"button stream\""); at != std::string::npos;
       at = html.find("class=\"button stream\"", at + 1)) {
    ++streams;
  }
  EXPECT_EQ(streams, 1U);
  EXPECT_FALSE(contains(html, "<!--"));  // every marker was filled
  EXPECT_FALSE(contains(html, "<script"));
  EXPECT_TRUE(contains(html, "/player/assets/v1/batch.css"));
  EXPECT_TRUE(contains(html, "1.5 KiB in all. Links expire 2027-01-15T08:00:00Z."));
}

TEST(BatchFormats, JsonListsEveryFileWithNullsForMissingLinks) {
  const boost::json::object body = boost::json::parse(batch_json(sample())).as_object();
  EXPECT_EQ(body.at("status").as_string(), "success");
  EXPECT_EQ(body.at("file_count").as_int64(), 2);
  EXPECT_EQ(body.at("total_size").as_int64(), 1520);
  EXPECT_EQ(body.at("expires_at").as_string(), "2027-01-15T08:00:00Z");
  const boost::json::array& files = body.at("files").as_array();
  EXPECT_EQ(files[0].at("name").as_string(), "Clip <1> & \"2\".mp4");
  EXPECT_EQ(files[0].at("player_url").as_string(), "https://h.example/player?stream=x");
  EXPECT_TRUE(files[1].at("stream_url").is_null());
  EXPECT_TRUE(files[1].at("player_url").is_null());
  BatchListing permanent = sample();
  permanent.expires_at.reset();
  EXPECT_TRUE(boost::json::parse(batch_json(permanent)).at("expires_at").is_null());
}

TEST(BatchFormats, UrlListIsAnAriaInputFileWithSafeNames) {
  EXPECT_EQ(batch_url_list(sample()),
            "https://h.example/dl/T1/Clip\n  out=Clip <1> & \"2\".mp4\n"
            "https://h.example/dl/T2/a\n  out=_._.._etc_passwd_\n");
}

TEST(BatchFormats, SafeOutputNames) {
  expect_results(safe_output_name, {{"movie.mkv", "movie.mkv"},
                                    {"a/b\\c", "a_b_c"},
                                    {".hidden", "_hidden"},
                                    {"x\ny\tz", "x_y_z"},
                                    {"", "file"},
                                    {"Ünïcode ✓.txt", "Ünïcode ✓.txt"}});
}

}  // namespace
}  // namespace tglink
