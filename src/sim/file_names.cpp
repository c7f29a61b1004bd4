#include "sim/file_names.hpp"

#include <random>

#include <locale.h>
#include <wctype.h>

#include "core/user_text.hpp"

namespace tglink::sim {

namespace {

constexpr std::size_t kStemLimit = 64;
constexpr std::size_t kExtensionLimit = 16;

// The code points of valid UTF-8 text.
std::u32string code_points(std::string_view utf8) {
  std::u32string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto lead = static_cast<unsigned char>(utf8[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t code = length == 1 ? lead : lead & (0xFFu >> (length + 1));
    for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    }
    out += code;
    i += length;
  }
  return out;
}

void append_utf8(std::string& out, char32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

locale_t unicode_classes() {
  static const locale_t locale =
      newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  return locale;
}

bool is_letter_or_number(char32_t code) {
  const locale_t locale = unicode_classes();
  if (locale == static_cast<locale_t>(nullptr)) return false;  // stricter: a space
  return iswalnum_l(static_cast<wint_t>(code), locale) != 0;
}

// clean_filename_part's is_ok.
bool is_kept(char32_t code) {
  if (code < 0x20) return false;
  if (code < 0x7F)
    return std::u32string_view(U"<>:\"/\\|?*&`'").find(code) == std::u32string_view::npos;
  return is_letter_or_number(code);
}

bool is_combining_mark(char32_t code) {
  return (code >= 0x0300 && code <= 0x036F) || (code >= 0x1AB0 && code <= 0x1AFF) ||
         (code >= 0x1DC0 && code <= 0x1DFF) || (code >= 0x20D0 && code <= 0x20FF) ||
         (code >= 0xFE00 && code <= 0xFE0F) || (code >= 0xFE20 && code <= 0xFE2F);
}

// Where TDLib's prepare_search_character answers 0: the character is dropped, not spaced.
bool is_dropped(char32_t code) {
  if (code == '`') return true;
  if (code < 0x20)
    return code != '\t' && code != '\n' && code != '\v' && code != '\f' && code != '\r';
  if (code >= 0x7F && code <= 0x9F) return true;
  if (code == 0x200C || code == 0x200D) return true;
  return is_combining_mark(code) || is_hidden_or_layout(code);
}

std::string clean_part(std::u32string_view part, std::size_t limit) {
  std::string out;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < part.size() && kept < limit; ++i) {
    char32_t code = part[i];
    if (!is_kept(code)) {
      if (is_dropped(code)) continue;
      code = ' ';
    }
    if (out.empty() && (code == ' ' || code == '.')) continue;
    append_utf8(out, code);
    ++kept;
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '.')) out.pop_back();
  return out;
}

std::string with_extension(std::string_view stem, std::string_view extension) {
  return extension.empty() ? std::string(stem) : std::string(stem) + "." + std::string(extension);
}

std::string random_suffix(std::size_t length, std::mt19937& random) {
  static constexpr std::string_view kCharacters = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::uniform_int_distribution<std::size_t> pick(0, kCharacters.size() - 1);
  std::string out;
  for (std::size_t i = 0; i < length; ++i) out += kCharacters[pick(random)];
  return out;
}

// PathView's stem and extension of a cleaned name.
std::pair<std::string, std::string> stem_and_extension(const std::string& name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string::npos) return {name, ""};
  return {name.substr(0, dot), name.substr(dot + 1)};
}

}  // namespace

std::string clean_filename(std::string_view name) {
  if (valid_utf8(name) != name) return {};
  // PathView: the file name follows the last '/' or '\\'; its extension follows its last '.',
  // save a '.' that begins the name (".git" is a stem).
  const std::size_t slash = name.find_last_of("/\\");
  const std::string_view file_name =
      slash == std::string_view::npos ? name : name.substr(slash + 1);
  const std::u32string points = code_points(file_name);
  std::size_t dot = points.rfind(U'.');
  if (dot == 0) dot = std::u32string::npos;
  const std::u32string_view all(points);
  const std::string stem =
      clean_part(dot == std::u32string::npos ? all : all.substr(0, dot), kStemLimit);
  const std::string extension = dot == std::u32string::npos
                                    ? std::string()
                                    : clean_part(all.substr(dot + 1), kExtensionLimit);
  if (extension.empty()) return stem;
  if (stem.empty()) return extension;
  return stem + "." + extension;
}

std::vector<std::string> suggested_file_names(std::string_view name, bool ignore_file_names,
                                              int perm_file_id, unsigned random_seed) {
  const auto [stem, extension] = stem_and_extension(clean_filename(name));
  std::mt19937 random(random_seed);
  std::vector<std::string> names;
  if (!stem.empty() && !ignore_file_names) {
    names.push_back(with_extension(stem, extension));
    for (int i = 0; i < 10; ++i) {
      names.push_back(with_extension(stem + "_(" + std::to_string(i) + ")", extension));
    }
    for (std::size_t i = 2; i < 12; ++i) {
      names.push_back(with_extension(stem + "_(" + random_suffix(i, random) + ")", extension));
    }
    return names;
  }
  const std::string base = "file_" + std::to_string(perm_file_id);
  names.push_back(with_extension(base, extension));
  names.push_back(with_extension(base + "_" + random_suffix(6, random), extension));
  return names;
}

}  // namespace tglink::sim
