// Names a hostile user can send (CR, LF, NUL, line separators, a right-to-left
// override, zero width characters, 500 characters, invalid UTF-8, markup) through every output
// that shows them, each checked for its own rule (core/user_text.hpp):
//   - chat replies: valid UTF-8, no raw line break or hidden character, the name on its own line,
//     entities on the right UTF-16 units, at most 4096 units a message;
//   - log records (as the ring keeps them, and so as /logs shows them): one line each;
//   - Content-Disposition: the quoted fallback printable ASCII, filename* only attr-chars and
//     percent escapes of valid UTF-8;
//   - the batch page's HTML: markup escaped, valid UTF-8; its JSON: parses back to the name.
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "chat/chat_service.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/uploads/album_reply.hpp"
#include "chat/uploads/link_reply.hpp"
#include "chat/uploads/upload_limits.hpp"
#include "config/config.hpp"
#include "core/url_encoding.hpp"
#include "core/user_text.hpp"
#include "http/content_disposition.hpp"
#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/io_wait.hpp"
#include "web/batch_formats.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

struct HostileName {
  const char* label;
  std::string name;
};

std::vector<HostileName> hostile_names() {
  return {
      {"CR", "a\rb.txt"},
      {"LF", "a.txt\nhttp://evil.example/x"},
      {"forged log record", "x\r\n2026-01-01T00:00:00.000Z CRITICAL revoked everything"},
      {"NUL", std::string("a\0b.mp4", 7)},
      {"U+2028", "a\u2028b.txt"},
      {"U+2029", "a\u2029b.txt"},
      {"RTL override", "invoice\u202Efdp.exe"},
      {"zero width", "pay\u200Bpal\uFEFF.pdf"},
      {"500 characters", std::string(496, 'n') + ".mkv"},
      {"500 emoji",
       [] {
         std::string s;
         for (int i = 0; i < 500; ++i) s += "😀";
         return s;
       }()},
      {"invalid UTF-8", "bad\xFF\xC3(.txt"},
      {"markup", "<b onclick=\"x\">&'</b>.html"},
  };
}

// What no chat text and no log line may hold: a raw line break, NUL or other C0 character
// (tab aside), the line and paragraph separators, bidirectional controls and invisible ones.
std::string hostile_in(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 && c != '\t' && c != '\n') return "control byte";
  }
  for (const char* bad : {"\u2028", "\u2029", "\u202E", "\u200B", "\uFEFF"}) {
    if (text.find(bad) != std::string_view::npos) return std::string("U+") + bad;
  }
  if (valid_utf8(text) != text) return "invalid UTF-8";
  return {};
}

std::u16string utf16(std::string_view utf8) {
  std::u16string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto lead = static_cast<unsigned char>(utf8[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t code = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length; ++k) code = (code << 6) | (utf8[i + k] & 0x3F);
    if (code > 0xFFFF) {
      out += static_cast<char16_t>(0xD800 + ((code - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((code - 0x10000) & 0x3FF));
    } else {
      out += static_cast<char16_t>(code);
    }
    i += length;
  }
  return out;
}

// Every entity inside the text, on whole UTF-16 units, and the text within Telegram's limit.
void expect_sendable(const FormattedText& text, const std::string& label) {
  EXPECT_EQ(hostile_in(text.text()), "") << label;
  const std::u16string units = utf16(text.text());
  EXPECT_EQ(static_cast<std::int64_t>(units.size()), text.utf16_size()) << label;
  EXPECT_LE(units.size(), kTelegramMessageUnits) << label;
  for (const json::value& entity : text.entities()) {
    const std::int64_t offset = entity.at("offset").as_int64();
    const std::int64_t length = entity.at("length").as_int64();
    EXPECT_GE(offset, 0) << label;
    EXPECT_LE(offset + length, static_cast<std::int64_t>(units.size())) << label;
  }
}

// The UTF-16 slice an entity covers, back in UTF-8 terms: compared as UTF-16.
std::u16string entity_text(const FormattedText& text, const json::value& entity) {
  return utf16(text.text())
      .substr(static_cast<std::size_t>(entity.at("offset").as_int64()),
              static_cast<std::size_t>(entity.at("length").as_int64()));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
    lines.push_back(text.substr(start, end - start));
  }
  lines.push_back(text.substr(start));
  return lines;
}

Config reply_config() {
  Config config;
  config.base_url = "https://files.example.com";
  config.video_frontend_url = "https://play.example.com/";
  return config;
}

TEST(HostileNames, TheLinkReplyShowsTheNameOnItsOwnLineWithItsEntity) {
  for (const HostileName& hostile : hostile_names()) {
    const MadeLink link{IncomingFile{FileKind::video, hostile.name, "video/mp4", 1536}, "TOK", {}};
    const Reply reply = link_reply(reply_config(), link);
    expect_sendable(reply.text, hostile.label);
    const std::vector<std::string> lines = lines_of(reply.text.text());
    const auto name_line = std::find_if(
        lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("Name: "); });
    ASSERT_NE(name_line, lines.end()) << hostile.label;
    ASSERT_NE(name_line + 1, lines.end()) << hostile.label;
    EXPECT_TRUE((name_line + 1)->starts_with("Size: ")) << hostile.label;
    const std::string shown = name_line->substr(6);
    EXPECT_EQ(shown, text_for_chat(hostile.name, kQuotedTextUnits)) << hostile.label;
    // The bold entity covers exactly the name as shown.
    const auto bold = std::find_if(reply.text.entities().begin(), reply.text.entities().end(),
                                   [&](const json::value& e) {
                                     return e.at("type").at("@type") == "textEntityTypeBold" &&
                                            entity_text(reply.text, e) == utf16(shown);
                                   });
    EXPECT_NE(bold, reply.text.entities().end()) << hostile.label;
  }
}

TEST(HostileNames, AnAlbumOfTenHostileNamesFitsOneMessage) {
  for (const HostileName& hostile : hostile_names()) {
    std::vector<MadeLink> links;
    for (int i = 0; i < 10; ++i) {
      links.push_back(MadeLink{IncomingFile{FileKind::video, hostile.name, "video/mp4", 1536},
                               "TOKEN" + std::to_string(i),
                               {}});
    }
    const Reply reply = album_reply(reply_config(), links, AlbumReader::kSender);
    expect_sendable(reply.text, hostile.label);
    EXPECT_EQ(split_reply(reply).size(), 1U) << hostile.label;
    for (const auto& row : reply.keyboard) {
      for (const InlineButton& button : row)
        EXPECT_EQ(hostile_in(button.text), "") << hostile.label;
    }
  }
}

TEST(HostileNames, ATooLargeRefusalQuotesTheNameOnOneLine) {
  Config config;
  config.max_file_size = 10;
  for (const HostileName& hostile : hostile_names()) {
    const std::optional<Reply> refused =
        check_file_size(config, IncomingFile{FileKind::document, hostile.name, "", 1000});
    ASSERT_TRUE(refused) << hostile.label;
    expect_sendable(refused->text, hostile.label);
    EXPECT_EQ(lines_of(refused->text.text()).size(), 2U) << hostile.label;  // title, detail
  }
}

TEST(HostileNames, EachLogRecordStaysOneLine) {
  Log log{LogOptions{.console_level = LogLevel::Info, .ring_capacity = 100, .console = false}};
  for (const HostileName& hostile : hostile_names()) {
    log.info("User 1: document {} (5 bytes)", text_for_log(hostile.name));
    log.info("A call site that forgot: {}", hostile.name);  // Log keeps it one line anyway
  }
  const std::vector<LogRecord> records = log.recent(LogLevel::Debug, 100);
  ASSERT_EQ(records.size(), 2 * hostile_names().size());
  for (const LogRecord& record : records) {
    EXPECT_EQ(record.text.find('\n'), std::string::npos) << record.text;
    EXPECT_EQ(record.text.find('\r'), std::string::npos) << record.text;
    EXPECT_EQ(hostile_in(record.text), "") << record.text;
  }
  // A quoted name ends where its closing quote says.
  EXPECT_EQ(records[0].text, "User 1: document \"a\\rb.txt\" (5 bytes)");
}

bool is_attr_char_or_escape(std::string_view value) {
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) continue;
    if (std::string_view("!#$&+-.^_`|~").find(c) != std::string_view::npos) continue;
    if (c == '%' && i + 2 < value.size() + 0 && std::isxdigit(value[i + 1]) != 0 &&
        std::isxdigit(value[i + 2]) != 0) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

TEST(HostileNames, ContentDispositionKeepsItsRfc6266AndRfc5987Forms) {
  for (const HostileName& hostile : hostile_names()) {
    const std::string header = content_disposition(DispositionType::kAttachment, hostile.name);
    for (const char c : header) {
      const auto byte = static_cast<unsigned char>(c);
      EXPECT_TRUE(byte >= 0x20 && byte < 0x7F) << hostile.label << ": " << header;
    }
    const std::string prefix = "attachment; filename=\"";
    ASSERT_TRUE(header.starts_with(prefix)) << header;
    const std::size_t close = header.find('"', prefix.size());
    const std::string marker = "\"; filename*=UTF-8''";
    ASSERT_EQ(header.compare(close, marker.size(), marker), 0) << header;
    const std::string extended = header.substr(close + marker.size());
    EXPECT_TRUE(is_attr_char_or_escape(extended)) << hostile.label << ": " << extended;
    const std::optional<std::string> decoded = url_decode_component(extended);
    ASSERT_TRUE(decoded) << hostile.label;
    EXPECT_EQ(*decoded, valid_utf8(hostile.name)) << hostile.label;
  }
}

BatchListing listing_of(const std::string& name) {
  BatchEntry entry;
  entry.name = name;
  entry.size = 5;
  entry.kind = "document";
  entry.size_text = "5 B";
  entry.download_url = "https://files.example.com/dl/T/x";
  return BatchListing{{entry}, std::nullopt};
}

TEST(HostileNames, TheBatchPageEscapesMarkupAndItsJsonParsesBackToTheName) {
  for (const HostileName& hostile : hostile_names()) {
    const std::string html = batch_html(listing_of(hostile.name), "/assets", "/b/T?format=urls");
    EXPECT_EQ(html.find("<b onclick"), std::string::npos) << hostile.label;
    EXPECT_EQ(valid_utf8(html), html) << hostile.label;
    const std::string body = batch_json(listing_of(hostile.name));
    boost::system::error_code ec;
    const json::value parsed = json::parse(body, ec);
    ASSERT_FALSE(ec) << hostile.label << ": " << ec.message();
    EXPECT_EQ(parsed.at("files").at(0).at("name").as_string(), valid_utf8(hostile.name))
        << hostile.label;
  }
}

}  // namespace
}  // namespace tglink
