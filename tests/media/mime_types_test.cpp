#include "media/mime_types.hpp"

#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_true_for;

struct NameType {
  std::string_view name;
  std::string_view type;
};

TEST(MediaMimeTypes, VideoExtensions) {
  for (const NameType& c : std::vector<NameType>{
           {"a.mp4", "video/mp4"},
           {"a.mkv", "video/x-matroska"},
           {"a.webm", "video/webm"},
           {"a.mov", "video/quicktime"},
           {"a.avi", "video/x-msvideo"},
           {"a.3gp", "video/3gpp"},
           {"a.m4v", "video/x-m4v"},
           {"a.wmv", "video/x-ms-wmv"},
           {"a.flv", "video/x-flv"},
           {"a.ts", "video/mp2t"},
       }) {
    EXPECT_EQ(mime_type_for_file_name(c.name), c.type) << c.name;
  }
}

TEST(MediaMimeTypes, AudioExtensions) {
  for (const NameType& c : std::vector<NameType>{
           {"a.mp3", "audio/mpeg"},
           {"a.m4a", "audio/mp4"},
           {"a.aac", "audio/aac"},
           {"a.ogg", "audio/ogg"},
           {"a.oga", "audio/ogg"},
           {"a.opus", "audio/ogg"},
           {"a.flac", "audio/flac"},
           {"a.wav", "audio/wav"},
           {"a.ac3", "audio/ac3"},
       }) {
    EXPECT_EQ(mime_type_for_file_name(c.name), c.type) << c.name;
  }
}

TEST(MediaMimeTypes, DocumentsImagesAndArchives) {
  for (const NameType& c : std::vector<NameType>{
           {"report.pdf", "application/pdf"},
           {"notes.txt", "text/plain"},
           {"photo.jpg", "image/jpeg"},
           {"photo.JPEG", "image/jpeg"},
           {"icon.png", "image/png"},
           {"backup.zip", "application/zip"},
           {"backup.tar.gz", "application/gzip"},
           {"archive.rar", "application/vnd.rar"},
           {"app.apk", "application/vnd.android.package-archive"},
           {"sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
       }) {
    EXPECT_EQ(mime_type_for_file_name(c.name), c.type) << c.name;
  }
}

TEST(MediaMimeTypes, ExtensionsAreCaseInsensitive) {
  EXPECT_EQ(mime_type_for_file_name("MOVIE.MKV"), "video/x-matroska");
  EXPECT_EQ(mime_type_for_file_name("Clip.Mp4"), "video/mp4");
  EXPECT_EQ(mime_type_for_extension("WebM"), "video/webm");
}

TEST(MediaMimeTypes, UnknownOrMissingExtensionIsOctetStream) {
  for (const std::string_view name :
       {"", "README", "file.", "file.xyz", "dir.mp4/file", "dir.mp4\\file", ".", "a.mp4 "}) {
    EXPECT_EQ(mime_type_for_file_name(name), kOctetStream) << "'" << name << "'";
  }
  EXPECT_EQ(mime_type_for_file_name("dir/clip.mp4"), "video/mp4");
}

TEST(MediaMimeTypes, EffectiveMimePrefersTdlib) {
  EXPECT_EQ(effective_mime("video/mp4", "clip.mkv"), "video/mp4");
  EXPECT_EQ(effective_mime("audio/mpeg; charset=x", "a.bin"), "audio/mpeg; charset=x");
  EXPECT_EQ(effective_mime(" video/webm ", "a.bin"), "video/webm");
}

TEST(MediaMimeTypes, EffectiveMimeFallsBackToTheName) {
  for (const std::string_view tdlib :
       {"", "  ", "application/octet-stream", "Application/Octet-Stream",
        "application/octet-stream; x=1", "video", "video/", "/mp4", "vi deo/mp4",
        "video/mp4\r\nSet-Cookie: a=b", "video/mp4\n", "vid\xC3\xA9o/mp4"}) {
    EXPECT_EQ(effective_mime(tdlib, "clip.mkv"), "video/x-matroska") << "'" << tdlib << "'";
  }
  EXPECT_EQ(effective_mime("", "noext"), kOctetStream);
}

TEST(MediaMimeTypes, VideoAndAudioChecks) {
  expect_true_for(is_streamable_video,
                  {"video/mp4", "Video/X-Matroska", "video/webm; codecs=\"vp9\""});
  expect_false_for(is_streamable_video,
                   {"audio/mpeg", "video/", "videos/mp4", "application/octet-stream", ""});
  expect_true_for(is_audio, {"audio/ogg", "AUDIO/FLAC"});
  expect_false_for(is_audio, {"video/mp4", "audio"});
}

TEST(MediaMimeTypes, EveryTableTypeIsWellFormed) {
  // Every guess must survive effective_mime's own check, or a guess could never be replaced.
  for (const std::string_view ext :
       {"mp4", "mkv", "webm", "mov",  "avi", "3gp", "m4v", "wmv", "flv",  "ts",  "mp3",
        "m4a", "aac", "ogg",  "flac", "wav", "ac3", "pdf", "zip", "docx", "pptx"}) {
    const std::string_view type = mime_type_for_extension(ext);
    EXPECT_NE(type, kOctetStream) << ext;
    EXPECT_EQ(effective_mime(type, "x.unknown"), type) << ext;
  }
}

}  // namespace
}  // namespace tglink
