#include "dav/folder_html.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(FolderHtml, ListsEntriesAsEscapedLinksWithThePlaylist) {
  FolderIndex index;
  index.title = "Your files";
  index.entries = {
      FolderIndexEntry{"Batch 2027-01-15 08h00", "/dav/T/Batch%202027-01-15%2008h00/", true, 0},
      FolderIndexEntry{"<img src=x onerror=alert(1)>.mp4", "/dav/T/%3Cimg.mp4", false, 2048}};
  index.playlist_url = "https://files.example/dav/T.m3u8";
  const std::string html = folder_index_html(index, "/player/assets/v1");
  EXPECT_NE(html.find("href=\"/dav/T/Batch%202027-01-15%2008h00/\""), std::string::npos);
  EXPECT_NE(html.find("Batch 2027-01-15 08h00/</a>"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;.mp4"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_NE(html.find("2.0 KiB"), std::string::npos);
  EXPECT_NE(html.find("href=\"https://files.example/dav/T.m3u8\""), std::string::npos);
  EXPECT_NE(html.find("1 file, 2.0 KiB, and 1 batch."), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

TEST(FolderHtml, ABatchFolderLinksBackToTheRoot) {
  FolderIndex index;
  index.title = "Batch 2027-01-15 08h00";
  index.parent_href = "/dav/T/";
  const std::string html = folder_index_html(index, "/player/assets/v1");
  EXPECT_NE(html.find("href=\"/dav/T/\""), std::string::npos);
  EXPECT_NE(html.find("../</a>"), std::string::npos);
}

}  // namespace
}  // namespace tglink
