#include "dav/multistatus.hpp"

#include <gtest/gtest.h>

#include "dav/xml_check.hpp"
#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_results;

DavResource file_named(std::string name) {
  DavResource file;
  file.path = {"Batch 2026-11-29 06h50", name};
  file.display_name = std::move(name);
  file.size = 1234;
  file.content_type = "video/mp4";
  file.modified = SystemTime{std::chrono::seconds{1'800'000'000}};
  file.created = file.modified;
  file.etag = "\"4d2-0123456789abcdef\"";
  return file;
}

TEST(Multistatus, AFileHasEveryLiveProperty) {
  const std::string xml = multistatus_xml("/dav/TOKEN/", {file_named("a b.mp4")});
  EXPECT_TRUE(
      xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                      "<D:multistatus xmlns:D=\"DAV:\">"));
  EXPECT_NE(xml.find("<D:href>/dav/TOKEN/Batch%202026-11-29%2006h50/a%20b.mp4</D:href>"),
            std::string::npos);
  EXPECT_NE(xml.find("<D:displayname>a b.mp4</D:displayname>"), std::string::npos);
  EXPECT_NE(xml.find("<D:getcontentlength>1234</D:getcontentlength>"), std::string::npos);
  EXPECT_NE(xml.find("<D:getcontenttype>video/mp4</D:getcontenttype>"), std::string::npos);
  EXPECT_NE(xml.find("<D:getlastmodified>Fri, 15 Jan 2027 08:00:00 GMT</D:getlastmodified>"),
            std::string::npos);
  EXPECT_NE(xml.find("<D:creationdate>2027-01-15T08:00:00Z</D:creationdate>"), std::string::npos);
  EXPECT_NE(xml.find("<D:getetag>&quot;4d2-0123456789abcdef&quot;</D:getetag>"), std::string::npos);
  EXPECT_NE(xml.find("<D:resourcetype/>"), std::string::npos);
  EXPECT_NE(xml.find("<D:status>HTTP/1.1 200 OK</D:status>"), std::string::npos);
  EXPECT_TRUE(check_xml(xml).well_formed);
}

TEST(Multistatus, AFolderIsACollectionWithoutLengthOrType) {
  DavResource folder;
  folder.collection = true;
  folder.display_name = "tglink";
  const std::string xml = multistatus_xml("/dav/TOKEN/", {folder});
  EXPECT_NE(xml.find("<D:href>/dav/TOKEN/</D:href>"), std::string::npos);
  EXPECT_NE(xml.find("<D:resourcetype><D:collection/></D:resourcetype>"), std::string::npos);
  EXPECT_EQ(xml.find("getcontentlength"), std::string::npos);
  EXPECT_EQ(xml.find("getcontenttype"), std::string::npos);
}

TEST(Multistatus, HostileNamesStayTextAndStayInsideTheirSegment) {
  const std::string hostile[] = {"<script>alert(1)</script>.mp4",
                                 "../../etc/passwd",
                                 "a&b\"c'd.mkv",
                                 "%2e%2e%2f.bin",
                                 "line\nbreak\r.txt",
                                 "nul\x01\x1f.bin",
                                 "bad\xff\xfe utf8.bin",
                                 "\xEF\xBF\xBE.bin",
                                 "]]><D:href>/evil</D:href>",
                                 "?query#frag.mp4"};
  for (const std::string& name : hostile) {
    const std::string xml = multistatus_xml("/dav/T/", {file_named(name)});
    EXPECT_TRUE(check_xml(xml).well_formed) << name << "\n" << xml;
    EXPECT_EQ(xml.find("<script"), std::string::npos);
    EXPECT_EQ(xml.find("<D:href>/evil"), std::string::npos);
    const std::string href = dav_href("/dav/T/", {name}, false);
    EXPECT_EQ(href.find('/', 7), std::string::npos) << href;  // one segment under /dav/T/
    EXPECT_EQ(href.find_first_of("?#\" <>\n"), std::string::npos) << href;
  }
}

TEST(Multistatus, XmlEscapingReplacesWhatXmlCannotHold) {
  expect_results(xml_escape, {{"a<b>&\"'", "a&lt;b&gt;&amp;&quot;&apos;"},
                              {"x\x01y", "x\xEF\xBF\xBDy"},
                              {"\xff", "\xEF\xBF\xBD"},
                              {"\xEF\xBF\xBF", "\xEF\xBF\xBD"},
                              {"tab\tok", "tab\tok"}});
}

TEST(Multistatus, InfiniteDepthIsRefusedWithTheRfcsPrecondition) {
  const std::string xml = finite_depth_error_xml();
  EXPECT_NE(xml.find("<D:propfind-finite-depth/>"), std::string::npos);
  const XmlOutline outline = check_xml(xml);
  EXPECT_TRUE(outline.well_formed);
  EXPECT_EQ(outline.root_name, "error");
  EXPECT_EQ(outline.root_namespace, "DAV:");
}

}  // namespace
}  // namespace tglink
