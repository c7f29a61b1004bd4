#include "dav/xml_check.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(XmlCheck, APropfindBodyIsWellFormedWithItsRootAndNamespace) {
  const XmlOutline outline = check_xml(
      "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n"
      "<D:propfind xmlns:D=\"DAV:\"><D:prop><D:getcontentlength/><D:getlastmodified/>"
      "<x:custom xmlns:x='urn:x'>a &amp; b &#x41;&#65;<![CDATA[<raw>]]></x:custom>"
      "</D:prop><!-- note --></D:propfind>\n");
  EXPECT_TRUE(outline.well_formed) << outline.problem;
  EXPECT_EQ(outline.root_namespace, "DAV:");
  EXPECT_EQ(outline.root_name, "propfind");
}

TEST(XmlCheck, TheDefaultNamespaceAndAByteOrderMarkAreRead) {
  const XmlOutline outline =
      check_xml("\xEF\xBB\xBF<propfind xmlns=\"DAV:\"><allprop/></propfind>");
  EXPECT_TRUE(outline.well_formed) << outline.problem;
  EXPECT_EQ(outline.root_namespace, "DAV:");
  EXPECT_EQ(outline.root_name, "propfind");
}

TEST(XmlCheck, MalformedDocumentsAreRefusedWithAReason) {
  for (const char* bad : {
           "",
           "not xml",
           "<a>",
           "<a></b>",
           "<a><b></a></b>",
           "<a x=1/>",
           "<a x='1' x='2'/>",
           "<a>&bogus;</a>",
           "<a>&</a>",
           "<a>]]></a>",
           "<a/><b/>",
           "<a/>trailing",
           "<a><!-- a -- b --></a>",
           "<a><![CDATA[never closed</a>",
           "<p:a/>",
           "<a>\x01</a>",
           "<a><?xml version='1.0'?></a>",
           "<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>",
           "< a/>",
           "<a: xmlns:a='DAV:'/>",
           "<:a/>",
           "<:/>",
           "<a:b:c xmlns:a='DAV:'/>",
           "<a :x='1'/>",
           "<a x:='1'/>",
       }) {
    const XmlOutline outline = check_xml(bad);
    EXPECT_FALSE(outline.well_formed) << bad;
    EXPECT_FALSE(outline.problem.empty()) << bad;
  }
}

TEST(XmlCheck, NestingIsBounded) {
  std::string deep;
  for (std::size_t i = 0; i < kMaxXmlDepth + 1; ++i) deep += "<a>";
  for (std::size_t i = 0; i < kMaxXmlDepth + 1; ++i) deep += "</a>";
  EXPECT_FALSE(check_xml(deep).well_formed);
  std::string fits;
  for (std::size_t i = 0; i < kMaxXmlDepth; ++i) fits += "<a>";
  for (std::size_t i = 0; i < kMaxXmlDepth; ++i) fits += "</a>";
  EXPECT_TRUE(check_xml(fits).well_formed) << check_xml(fits).problem;
}

}  // namespace
}  // namespace tglink
