#include "core/user_text.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace tglink {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "…";

// One step through UTF-8: the code point at the front and how many bytes it took. An invalid
// sequence takes one byte, so the caller decides what that byte becomes and goes on after it.
struct Step {
  char32_t code_point = 0;
  std::size_t bytes = 1;
  bool valid = false;
};

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

Step step_at(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return Step{lead, 1, true};
  std::size_t length = 0;
  char32_t code = 0;
  char32_t minimum = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, code = lead & 0x1F, minimum = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, code = lead & 0x0F, minimum = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, code = lead & 0x07, minimum = 0x10000;
  } else {
    return Step{};
  }
  if (at + length > text.size()) return Step{};
  for (std::size_t i = 1; i < length; ++i) {
    const auto byte = static_cast<unsigned char>(text[at + i]);
    if (!is_continuation(byte)) return Step{};
    code = (code << 6) | (byte & 0x3F);
  }
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (code < minimum || code > 0x10FFFF || surrogate) return Step{};
  return Step{code, length, true};
}

// "\n", "\x00", "\u202E": readable, one line, and plain ASCII.
std::string visible_escape(char32_t code) {
  switch (code) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    default:
      break;
  }
  if (code < 0x80) return fmt::format("\\x{:02X}", static_cast<unsigned>(code));
  return fmt::format("\\u{:04X}", static_cast<unsigned>(code));
}

std::string invalid_byte_escape(unsigned char byte) {
  return fmt::format("\\x{:02X}", static_cast<unsigned>(byte));
}

bool is_plain_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte < 0x7F;
  });
}

// Walks `text`, handing each valid code point's bytes and each invalid byte to the callbacks.
template <typename OnValid, typename OnInvalid>
void walk(std::string_view text, OnValid on_valid, OnInvalid on_invalid) {
  for (std::size_t at = 0; at < text.size();) {
    const Step step = step_at(text, at);
    if (step.valid) {
      on_valid(step.code_point, text.substr(at, step.bytes));
    } else {
      on_invalid(static_cast<unsigned char>(text[at]));
    }
    at += step.bytes;
  }
}

}  // namespace

bool is_hidden_or_layout(char32_t code) {
  if (code < 0x20 || (code >= 0x7F && code <= 0x9F)) return true;  // C0, DEL, C1
  if (code >= 0x202A && code <= 0x202E) return true;               // embeddings and overrides
  if (code >= 0x2066 && code <= 0x2069) return true;               // isolates
  if (code >= 0x2060 && code <= 0x2064) return true;  // word joiner, invisible operators
  if (code >= 0xFFF9 && code <= 0xFFFB) return true;  // interlinear annotation
  constexpr std::array<char32_t, 9> kSingles = {
      0x00AD,  // soft hyphen
      0x061C,  // Arabic letter mark
      0x180E,  // Mongolian vowel separator
      0x200B,  // zero width space
      0x200E,  // left-to-right mark
      0x200F,  // right-to-left mark
      0x2028,  // line separator
      0x2029,  // paragraph separator
      0xFEFF,  // zero width no-break space (byte order mark)
  };
  return std::find(kSingles.begin(), kSingles.end(), code) != kSingles.end();
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  walk(
      text, [&](char32_t, std::string_view bytes) { out.append(bytes); },
      [&](unsigned char) { out.append(kReplacement); });
  return out;
}

std::size_t utf16_units(std::string_view utf8) {
  std::size_t units = 0;
  for (const char c : utf8) {
    const auto byte = static_cast<unsigned char>(c);
    if (is_continuation(byte)) continue;
    units += byte >= 0xF0 ? 2 : 1;  // a 4-byte sequence is a surrogate pair
  }
  return units;
}

std::string cut_to_units(std::string_view text, std::size_t max_units) {
  if (utf16_units(text) <= max_units) return std::string(text);
  if (max_units == 0) return {};
  const std::size_t room = max_units - 1;  // "…" takes one unit
  std::size_t units = 0;
  std::size_t end = 0;
  while (end < text.size()) {
    const Step step = step_at(text, end);
    const std::size_t width = step.valid && step.code_point > 0xFFFF ? 2 : 1;
    if (units + width > room) break;
    units += width;
    end += step.bytes;
  }
  return std::string(text.substr(0, end)) + std::string(kEllipsis);
}

namespace {

// What walk() calls for each code point: appends it to `out` as it is, or visibly escaped when
// it hides or moves text.
auto append_shown(std::string& out) {
  return [&out](char32_t code, std::string_view bytes) {
    if (is_hidden_or_layout(code)) {
      out += visible_escape(code);
    } else {
      out.append(bytes);
    }
  };
}

}  // namespace

std::string text_for_chat(std::string_view text, std::size_t max_units) {
  std::string out;
  out.reserve(text.size());
  walk(text, append_shown(out), [&](unsigned char) { out.append(kReplacement); });
  return cut_to_units(out, max_units);
}

std::string text_for_log(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  walk(
      text,
      [&](char32_t code, std::string_view bytes) {
        if (code == '"' || code == '\\') {
          out += '\\';
          out.append(bytes);
        } else if (is_hidden_or_layout(code)) {
          out += visible_escape(code);
        } else {
          out.append(bytes);
        }
      },
      [&](unsigned char byte) { out += invalid_byte_escape(byte); });
  out += '"';
  return out;
}

std::string one_log_line(std::string_view record) {
  if (is_plain_ascii(record)) return std::string(record);
  std::string out;
  out.reserve(record.size());
  walk(record, append_shown(out), [&](unsigned char byte) { out += invalid_byte_escape(byte); });
  return out;
}

}  // namespace tglink
