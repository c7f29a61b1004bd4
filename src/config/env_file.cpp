#include "config/env_file.hpp"

#include <fstream>
#include <optional>
#include <sstream>

namespace tglink {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool is_name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

// Walks the whole text (not line by line) so quoted values may span lines.
class EnvFileParser {
 public:
  EnvFileParser(std::string_view text, std::string_view source) : text_(text), source_(source) {}

  EnvFileResult run() {
    while (!at_end()) {
      parse_line();
    }
    return std::move(result_);
  }

 private:
  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return at_end() ? '\n' : text_[pos_]; }

  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
    }
    ++pos_;
  }

  void skip_blanks() {
    while (!at_end() && is_blank(peek())) {
      advance();
    }
  }

  void skip_rest_of_line() {
    while (!at_end() && peek() != '\n') {
      advance();
    }
    if (!at_end()) {
      advance();
    }
  }

  void fail(std::string_view what) {
    result_.errors.push_back(std::string(source_) + ":" + std::to_string(line_) + ": " +
                             std::string(what));
  }

  std::string read_name() {
    std::string name;
    if (is_name_start(peek())) {
      while (!at_end() && is_name_char(peek())) {
        name += peek();
        advance();
      }
    }
    return name;
  }

  // "export" followed by a blank is the shell keyword; "export=1" or "exporter=1" are names.
  std::string read_name_after_export() {
    std::string name = read_name();
    if (name == "export" && is_blank(peek())) {
      skip_blanks();
      name = read_name();
    }
    return name;
  }

  void parse_line() {
    skip_blanks();
    if (peek() == '\n' || peek() == '#') {
      skip_rest_of_line();
      return;
    }
    const int line = line_;
    const std::string name = read_name_after_export();
    skip_blanks();
    if (name.empty() || peek() != '=') {
      fail("expected KEY=VALUE");
      skip_rest_of_line();
      return;
    }
    advance();
    skip_blanks();
    std::optional<std::string> value = read_value(line);
    if (value) {
      result_.values.insert_or_assign(name, std::move(*value));
    }
  }

  std::optional<std::string> read_value(int start_line) {
    if (peek() == '\'') {
      return finish_quoted(read_quoted('\''), start_line, "single");
    }
    if (peek() == '"') {
      return finish_quoted(read_quoted('"'), start_line, "double");
    }
    return read_unquoted();
  }

  std::optional<std::string> finish_quoted(std::optional<std::string> value, int start_line,
                                           std::string_view kind) {
    if (!value) {
      line_ = start_line;  // point at the line where the quote opened, not the end of file
      fail("unterminated " + std::string(kind) + "-quoted value");
      pos_ = text_.size();
      return std::nullopt;
    }
    skip_blanks();
    if (peek() != '\n' && peek() != '#') {
      fail("unexpected text after the closing quote");
      skip_rest_of_line();
      return std::nullopt;
    }
    skip_rest_of_line();
    return value;
  }

  // The text up to the closing `quote`, or nullopt when the file ends first. Only double quotes
  // know escapes.
  std::optional<std::string> read_quoted(char quote) {
    advance();
    std::string value;
    while (!at_end() && peek() != quote) {
      if (quote == '"' && peek() == '\\' && pos_ + 1 < text_.size()) {
        advance();
        value += unescape(peek());
      } else {
        value += peek();
      }
      advance();
    }
    if (at_end()) {
      return std::nullopt;
    }
    advance();
    return value;
  }

  // Unknown escapes keep their backslash, so Windows-like paths survive unchanged.
  static std::string unescape(char c) {
    switch (c) {
      case 'n':
        return "\n";
      case 't':
        return "\t";
      case 'r':
        return "\r";
      case '"':
      case '\\':
      case '$':
        return std::string(1, c);
      default:
        return std::string("\\") + c;
    }
  }

  // A '#' starts a comment only after a blank, so "pass#word" keeps its '#'.
  std::optional<std::string> read_unquoted() {
    std::string value;
    while (!at_end() && peek() != '\n') {
      if (peek() == '#' && (value.empty() || is_blank(value.back()))) {
        break;
      }
      value += peek();
      advance();
    }
    skip_rest_of_line();
    while (!value.empty() && is_blank(value.back())) {
      value.pop_back();
    }
    return value;
  }

  std::string_view text_;
  std::string_view source_;
  std::size_t pos_ = 0;
  int line_ = 1;
  EnvFileResult result_;
};

}  // namespace

EnvFileResult parse_env_file(std::string_view content, std::string_view source_name) {
  // Some Windows editors start UTF-8 files with a byte order mark; it is not part of a name.
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (content.starts_with(kByteOrderMark)) {
    content.remove_prefix(kByteOrderMark.size());
  }
  return EnvFileParser(content, source_name).run();
}

EnvFileResult read_env_file(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) {
    return {};
  }
  std::ifstream file(path, std::ios::binary);
  if (std::filesystem::is_directory(path, error) || !file.is_open()) {
    EnvFileResult result;
    result.errors.push_back(path.string() + ": cannot be read as a file");
    return result;
  }
  std::ostringstream content;
  content << file.rdbuf();
  return parse_env_file(content.str(), path.string());
}

}  // namespace tglink
