#pragma once
// The one rule for text that comes from users: file names, captions, chat titles, user names and
// command arguments. Such text is data, never layout: a name must not add a line to a reply or a
// record to the log, turn the text around it backwards, or hide characters from the reader.
//
// What counts as hostile (is_hidden_or_layout): the C0 and C1 control characters and DEL (CR, LF,
// NUL, ...), the line and paragraph separators U+2028/U+2029, the bidirectional controls (the
// embeddings and overrides U+202A–U+202E such as the right-to-left override, the isolates
// U+2066–U+2069, and the marks U+200E, U+200F, U+061C), and the invisible characters U+200B (zero
// width space), U+2060–U+2064, U+FEFF, U+00AD, U+180E and U+FFF9–U+FFFB. The zero width joiner and
// non-joiner (U+200D, U+200C) are kept: emoji sequences and scripts such as Persian need them.
//
// Each output has its own form of the rule:
//   - chat (text_for_chat): a hostile character is shown as a visible escape ("\n", "\u202E"), so
//     the text stays on its line and reads as it was sent; invalid UTF-8 becomes U+FFFD (TDLib
//     accepts only UTF-8 strings), and a maximum length cuts it with "…". Telegram's entity offsets
//     then stay right, since the text handed to FormattedText is valid UTF-8.
//   - logs (text_for_log): in double quotes, hostile characters, '"' and '\' escaped, invalid
//     bytes as "\xFF", so a reader sees where the name ends and one record stays one line; Log also
//     applies one_log_line to every whole record, whatever its call site did (logging/log.cpp).
//   - HTTP headers, HTML and JSON have their own encodings (http/content_disposition.hpp,
//     core/json_writer.hpp, the pages' escaping); they start from valid_utf8 where it matters.

#include <cstddef>
#include <string>
#include <string_view>

namespace tglink {

// Telegram's limit for one message's text (and a caption's is shorter: kTelegramCaptionUnits).
inline constexpr std::size_t kTelegramMessageUnits = 4096;
inline constexpr std::size_t kTelegramCaptionUnits = 1024;
// How much of one name or argument a reply quotes: whole for any real file name, and short enough
// that a reply quoting several still fits in one message.
inline constexpr std::size_t kQuotedTextUnits = 256;

// True for the characters the rule above names.
[[nodiscard]] bool is_hidden_or_layout(char32_t code_point);

// `text` with every invalid UTF-8 sequence (stray continuation bytes, overlong forms, surrogates,
// code points past U+10FFFF, cut sequences) replaced by U+FFFD.
[[nodiscard]] std::string valid_utf8(std::string_view text);

// `text` for a chat message: one line, every hostile character a visible escape, valid UTF-8,
// cut to at most `max_units` UTF-16 code units (with the "…" that marks the cut).
[[nodiscard]] std::string text_for_chat(std::string_view text,
                                        std::size_t max_units = kTelegramMessageUnits);

// `text` for a log record: quoted and escaped as described above.
[[nodiscard]] std::string text_for_log(std::string_view text);

// A whole log record kept to one line: CR, LF and the other hostile characters escaped, invalid
// bytes as "\xFF". Text that is already one line comes back unchanged (backslashes stay as they
// are: escaping them is text_for_log's job, where a name's limits are known).
[[nodiscard]] std::string one_log_line(std::string_view record);

// `text` (valid UTF-8) cut to at most `max_units` UTF-16 code units, on a character boundary,
// ending in "…" when cut.
[[nodiscard]] std::string cut_to_units(std::string_view text, std::size_t max_units);

// How many UTF-16 code units the UTF-8 text takes (4-byte sequences count 2).
[[nodiscard]] std::size_t utf16_units(std::string_view utf8);

}  // namespace tglink
