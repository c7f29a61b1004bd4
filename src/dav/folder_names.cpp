#include "dav/folder_names.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/ascii_case.hpp"
#include "core/user_text.hpp"

namespace tglink {

namespace {

// The length of the UTF-8 sequence `lead` starts (input is valid UTF-8).
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  return 2;
}

char32_t decode(std::string_view bytes) {
  const auto lead = static_cast<unsigned char>(bytes[0]);
  if (bytes.size() == 1) return lead;
  char32_t code = lead & (0xFF >> (bytes.size() + 1));
  for (std::size_t i = 1; i < bytes.size(); ++i) {
    code = (code << 6) | (static_cast<unsigned char>(bytes[i]) & 0x3F);
  }
  return code;
}

bool unsafe_in_name(char32_t code) {
  return is_hidden_or_layout(code) || code == '/' || code == '\\' || code == 0xFFFE ||
         code == 0xFFFF;
}

// The longest prefix of `text` of at most `max_bytes` bytes that ends on a character boundary.
std::string_view cut_bytes(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

// "movie.mkv" -> ".mkv"; "" when there is no short extension to keep.
std::string_view extension_of(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || name.size() - dot > 16) return {};
  return name.substr(dot);
}

std::string fitted(const std::string& name) {
  if (name.size() <= kMaxFolderNameBytes) return name;
  const std::string_view extension = extension_of(name);
  const std::string_view stem = std::string_view(name).substr(0, name.size() - extension.size());
  return std::string(cut_bytes(stem, kMaxFolderNameBytes - extension.size())) +
         std::string(extension);
}

std::string folded(std::string_view name) { return ascii_lower(name); }

}  // namespace

std::string folder_safe_name(std::string_view name) {
  const std::string valid = valid_utf8(name);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t at = 0; at < valid.size();) {
    const std::size_t length = sequence_length(static_cast<unsigned char>(valid[at]));
    const std::string_view bytes = std::string_view(valid).substr(at, length);
    out += unsafe_in_name(decode(bytes)) ? std::string("_") : std::string(bytes);
    at += length;
  }
  if (!out.empty() && out.front() == '.') out.front() = '_';
  if (out.empty()) out = "file";
  return fitted(out);
}

std::vector<std::string> unique_folder_names(const std::vector<std::string>& safe_names) {
  std::set<std::string> taken;
  std::vector<std::string> out;
  out.reserve(safe_names.size());
  for (const std::string& name : safe_names) {
    std::string candidate = name;
    const std::string_view extension = extension_of(name);
    const std::string_view stem = std::string_view(name).substr(0, name.size() - extension.size());
    for (int n = 2; taken.contains(folded(candidate)); ++n) {
      candidate = std::string(stem) + " (" + std::to_string(n) + ")" + std::string(extension);
    }
    taken.insert(folded(candidate));
    out.push_back(std::move(candidate));
  }
  return out;
}

}  // namespace tglink
