#include "subtitles/text_encoding.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "core/user_text.hpp"

namespace tglink {

namespace {

// Windows code pages 1251 and 1252, bytes 0x80 to 0xFF (0xFFFD where the page defines nothing).
constexpr std::array<char16_t, 128> kCp1251 = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039,
    0x040A, 0x040C, 0x040B, 0x040F, 0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0xFFFD, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F, 0x00A0, 0x040E, 0x045E, 0x0408,
    0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB,
    0x0458, 0x0405, 0x0455, 0x0457,
    // 0xC0..0xFF: А..я in alphabetical order
    0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417, 0x0418, 0x0419, 0x041A, 0x041B,
    0x041C, 0x041D, 0x041E, 0x041F, 0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
    0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F, 0x0430, 0x0431, 0x0432, 0x0433,
    0x0434, 0x0435, 0x0436, 0x0437, 0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
    0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447, 0x0448, 0x0449, 0x044A, 0x044B,
    0x044C, 0x044D, 0x044E, 0x044F};

// 0x80..0x9F; from 0xA0 on, CP1252 is Latin-1 (the byte is the code point).
constexpr std::array<char16_t, 32> kCp1252Low = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};

constexpr char32_t kReplacement = 0xFFFD;

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

std::uint8_t byte_at(std::string_view bytes, std::size_t i) {
  return static_cast<std::uint8_t>(bytes[i]);
}

bool starts_with_bytes(std::string_view bytes, std::string_view mark) {
  return bytes.substr(0, mark.size()) == mark;
}

// UTF-16 without a mark: one side of the byte pairs holds NULs, the other (almost) none.
std::optional<TextEncoding> utf16_by_nuls(std::string_view bytes) {
  const std::size_t pairs = std::min(bytes.size(), kSniffBytes) / 2;
  if (pairs < 2) return std::nullopt;
  std::size_t even_nuls = 0;
  std::size_t odd_nuls = 0;
  for (std::size_t i = 0; i < pairs; ++i) {
    if (bytes[2 * i] == '\0') ++even_nuls;
    if (bytes[2 * i + 1] == '\0') ++odd_nuls;
  }
  const auto share = [pairs](std::size_t n) {
    return static_cast<double>(n) / static_cast<double>(pairs);
  };
  // "Almost none": a tenth of the other side's, which CJK text in UTF-16 can reach by chance.
  if (share(odd_nuls) >= kUtf16NulShare && even_nuls * 10 <= odd_nuls) {
    return TextEncoding::utf16le;
  }
  if (share(even_nuls) >= kUtf16NulShare && odd_nuls * 10 <= even_nuls) {
    return TextEncoding::utf16be;
  }
  return std::nullopt;
}

bool is_ascii_letter(std::uint8_t b) { return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z'); }

// The letter statistics of the header, over the whole text.
TextEncoding cp1251_or_cp1252(std::string_view bytes) {
  std::size_t cyrillic_words = 0;
  std::size_t latin_words = 0;
  std::size_t ascii_letters = 0;
  std::size_t high_letters = 0;
  const auto end_word = [&] {
    if (high_letters >= 2 && ascii_letters == 0) ++cyrillic_words;
    if (high_letters >= 1 && ascii_letters >= 1) ++latin_words;
    ascii_letters = 0;
    high_letters = 0;
  };
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const std::uint8_t b = byte_at(bytes, i);
    if (is_ascii_letter(b)) {
      ++ascii_letters;
    } else if (b >= 0xC0) {
      ++high_letters;
    } else {
      end_word();
    }
  }
  end_word();
  return cyrillic_words > latin_words ? TextEncoding::cp1251 : TextEncoding::cp1252;
}

std::string from_utf16(std::string_view bytes, bool little_endian) {
  std::string out;
  out.reserve(bytes.size());
  const auto unit_at = [&](std::size_t i) -> char32_t {
    const std::uint8_t a = byte_at(bytes, i);
    const std::uint8_t b = byte_at(bytes, i + 1);
    return little_endian ? static_cast<char32_t>(a | (b << 8))
                         : static_cast<char32_t>((a << 8) | b);
  };
  std::size_t i = 0;
  while (i + 1 < bytes.size()) {
    const char32_t unit = unit_at(i);
    i += 2;
    if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < bytes.size()) {
      const char32_t low = unit_at(i);
      if (low >= 0xDC00 && low <= 0xDFFF) {
        append_utf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
        continue;
      }
    }
    const bool surrogate = unit >= 0xD800 && unit <= 0xDFFF;
    append_utf8(out, surrogate ? kReplacement : unit);
  }
  if (i < bytes.size()) append_utf8(out, kReplacement);  // an odd last byte
  return out;
}

std::string from_code_page(std::string_view bytes, TextEncoding page) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const std::uint8_t b = byte_at(bytes, i);
    if (b < 0x80) {
      out += static_cast<char>(b);
    } else if (page == TextEncoding::cp1251) {
      append_utf8(out, kCp1251.at(b - 0x80U));
    } else {
      append_utf8(out, b < 0xA0 ? char32_t{kCp1252Low.at(b - 0x80U)} : char32_t{b});
    }
  }
  return out;
}

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kUtf16LeBom = "\xFF\xFE";
constexpr std::string_view kUtf16BeBom = "\xFE\xFF";

}  // namespace

std::string_view encoding_name(TextEncoding encoding) {
  switch (encoding) {
    case TextEncoding::utf8:
      return "UTF-8";
    case TextEncoding::utf8_bom:
      return "UTF-8 (BOM)";
    case TextEncoding::utf16le:
      return "UTF-16LE";
    case TextEncoding::utf16be:
      return "UTF-16BE";
    case TextEncoding::cp1251:
      return "CP1251";
    case TextEncoding::cp1252:
      return "CP1252";
  }
  return "UTF-8";
}

TextEncoding detect_encoding(std::string_view bytes) {
  if (starts_with_bytes(bytes, kUtf8Bom)) return TextEncoding::utf8_bom;
  if (starts_with_bytes(bytes, kUtf16LeBom)) return TextEncoding::utf16le;
  if (starts_with_bytes(bytes, kUtf16BeBom)) return TextEncoding::utf16be;
  if (const std::optional<TextEncoding> utf16 = utf16_by_nuls(bytes)) return *utf16;
  if (valid_utf8(bytes) == bytes) return TextEncoding::utf8;
  return cp1251_or_cp1252(bytes);
}

Utf8Text to_utf8(std::string_view bytes) {
  Utf8Text result;
  result.source = detect_encoding(bytes);
  switch (result.source) {
    case TextEncoding::utf8:
      result.text = std::string(bytes);
      break;
    case TextEncoding::utf8_bom:
      result.text = valid_utf8(bytes.substr(kUtf8Bom.size()));
      break;
    case TextEncoding::utf16le:
    case TextEncoding::utf16be: {
      const bool marked =
          starts_with_bytes(bytes, kUtf16LeBom) || starts_with_bytes(bytes, kUtf16BeBom);
      result.text =
          from_utf16(bytes.substr(marked ? 2 : 0), result.source == TextEncoding::utf16le);
      break;
    }
    case TextEncoding::cp1251:
    case TextEncoding::cp1252:
      result.text = from_code_page(bytes, result.source);
      break;
  }
  return result;
}

}  // namespace tglink
