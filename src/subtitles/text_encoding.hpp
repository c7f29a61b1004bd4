#pragma once
// Subtitle files in the wild come in whatever encoding the editor that made them used: UTF-8 with
// or without a byte order mark, UTF-16 (Windows' "Unicode", often without a mark), and the
// Windows code pages of the subtitle scenes, CP1251 for Russian and CP1252 for Western Europe.
// The browser's WebVTT parser and libass read UTF-8 only, so every subtitle becomes UTF-8 here.
//
// The encoding is detected, never guessed from the user's language or locale, in this order:
//   1. a byte order mark (EF BB BF, FF FE, FE FF) says it outright;
//   2. UTF-16 without a mark, by the NUL pattern: text that is mostly ASCII has a NUL in every
//      other byte, at odd offsets in little-endian and at even ones in big-endian
//      (kUtf16NulShare of the pairs in the first kSniffBytes, and almost none on the other side);
//   3. bytes that are valid UTF-8 are UTF-8 (ASCII included): the two code pages' letters form
//      invalid UTF-8 in all but contrived text;
//   4. otherwise CP1251 or CP1252, by letter statistics over words (runs of ASCII letters and
//      bytes of 0xC0 and above, which are letters in both code pages): a word made only of two or
//      more such high bytes is Cyrillic in CP1251 ("привет" is E F0 E8 E2 E5 F2), and a word that
//      mixes them with ASCII letters is Latin with accents in CP1252 ("café", "Grüße"). More
//      Cyrillic-shaped words than Latin-shaped ones means CP1251, else CP1252. Words of a single
//      high byte ("à", "в") are left out: both languages have them.

#include <cstddef>
#include <string>
#include <string_view>

namespace tglink {

enum class TextEncoding { utf8, utf8_bom, utf16le, utf16be, cp1251, cp1252 };

// "UTF-8", "UTF-8 (BOM)", "UTF-16LE", "UTF-16BE", "CP1251", "CP1252".
[[nodiscard]] std::string_view encoding_name(TextEncoding encoding);

// How much of the start of a file the UTF-16 sniffing looks at.
inline constexpr std::size_t kSniffBytes = 4096;
// The share of byte pairs that must hold a NUL on one side for UTF-16 without a mark.
inline constexpr double kUtf16NulShare = 0.3;

[[nodiscard]] TextEncoding detect_encoding(std::string_view bytes);

struct Utf8Text {
  std::string text;  // UTF-8 without a byte order mark; invalid sequences became U+FFFD
  TextEncoding source = TextEncoding::utf8;
};

// `bytes` in UTF-8, from the encoding detect_encoding() finds.
[[nodiscard]] Utf8Text to_utf8(std::string_view bytes);

}  // namespace tglink
