#include "dav/xml_check.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "core/ascii_case.hpp"

namespace tglink {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Names (XML 1.0 §2.3) in ASCII; any byte of a multi-byte UTF-8 sequence is taken as a name
// character, which keeps non-ASCII names without decoding them.
bool is_name_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || u == '_' || u == ':' || u >= 0x80;
}

bool is_name_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return is_name_start(c) || (u >= '0' && u <= '9') || u == '-' || u == '.';
}

// Namespaces in XML §3: an element or attribute name is a QName, "local" or "prefix:local", both
// parts non-empty and without a colon, so "a:", ":a" and "a:b:c" are not names of a namespaced
// document (and "<a: xmlns:a='DAV:'>" must not pass as a root with no local name).
bool is_qname(std::string_view name) {
  const std::size_t colon = name.find(':');
  if (colon == std::string_view::npos) return true;
  return colon > 0 && colon + 1 < name.size() &&
         name.find(':', colon + 1) == std::string_view::npos;
}

// Characters XML 1.0 forbids anywhere, even escaped: the C0 controls but tab, LF and CR.
bool is_forbidden_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 && !is_space(c);
}

struct Attribute {
  std::string_view name;
  std::string_view value;
};

struct OpenTag {
  std::string_view name;
  std::vector<Attribute> attributes;
  bool empty = false;  // "<a/>"
};

class Checker {
 public:
  explicit Checker(std::string_view text) : text_(text) {}

  XmlOutline run() {
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
    for (const char c : text_) {
      if (is_forbidden_byte(c)) return fail("a control character is not allowed in XML");
    }
    if (text_.substr(pos_).starts_with("<?xml") && pos_ + 5 < text_.size() &&
        is_space(text_[pos_ + 5])) {
      if (!skip_past("?>")) return fail("the XML declaration is not closed");
    }
    if (!misc()) return outline_;
    if (at_end()) return fail("the body has no root element");
    if (!element()) return outline_;
    if (!misc()) return outline_;
    if (!at_end()) return fail("text after the root element");
    outline_.well_formed = true;
    return outline_;
  }

 private:
  XmlOutline fail(std::string problem) {
    if (outline_.problem.empty()) outline_.problem = std::move(problem);
    outline_.well_formed = false;
    return outline_;
  }
  bool failed(std::string problem) {
    fail(std::move(problem));
    return false;
  }
  std::nullopt_t refused(std::string problem) {
    fail(std::move(problem));
    return std::nullopt;
  }

  [[nodiscard]] bool at_end() const { return pos_ >= text_.size(); }
  [[nodiscard]] bool looking_at(std::string_view s) const {
    return text_.substr(pos_).starts_with(s);
  }
  void skip_spaces() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }
  bool skip_past(std::string_view end) {
    const std::size_t found = text_.find(end, pos_);
    if (found == std::string_view::npos) return false;
    pos_ = found + end.size();
    return true;
  }

  std::optional<std::string_view> name() {
    if (at_end() || !is_name_start(text_[pos_])) return std::nullopt;
    const std::size_t start = pos_;
    while (!at_end() && is_name_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // Comments, processing instructions and white space, between and around the root.
  bool misc() {
    for (;;) {
      skip_spaces();
      if (looking_at("<!--")) {
        if (!comment()) return false;
      } else if (looking_at("<!DOCTYPE")) {
        return failed("a document type declaration is not accepted");
      } else if (looking_at("<?")) {
        if (!processing_instruction()) return false;
      } else {
        return true;
      }
    }
  }

  bool comment() {
    pos_ += 4;
    const std::size_t end = text_.find("--", pos_);
    if (end == std::string_view::npos) return failed("a comment is not closed");
    if (end + 2 >= text_.size() || text_[end + 2] != '>') return failed("\"--\" inside a comment");
    pos_ = end + 3;
    return true;
  }

  bool processing_instruction() {
    pos_ += 2;
    const std::optional<std::string_view> target = name();
    if (!target) return failed("a processing instruction has no target");
    if (iequals_ascii(*target, "xml"))
      return failed("an XML declaration after the start of the body");
    if (!skip_past("?>")) return failed("a processing instruction is not closed");
    return true;
  }

  // "&lt;", "&#65;", "&#x41;": the only references a body without a DTD can hold.
  bool reference() {
    const std::size_t end = text_.find(';', pos_);
    if (end == std::string_view::npos || end - pos_ > 12) return failed("a bare '&'");
    const std::string_view ref = text_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    for (const std::string_view known : {"lt", "gt", "amp", "apos", "quot"}) {
      if (ref == known) return true;
    }
    if (ref.size() >= 2 && ref[0] == '#') {
      const bool hex = ref[1] == 'x';
      const std::string_view digits = ref.substr(hex ? 2 : 1);
      if (!digits.empty() && std::all_of(digits.begin(), digits.end(), [hex](char c) {
            return (c >= '0' && c <= '9') ||
                   (hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
          })) {
        return true;
      }
    }
    return failed("an entity that is not defined");
  }

  std::optional<std::string_view> attribute_value() {
    if (at_end() || (text_[pos_] != '"' && text_[pos_] != '\'')) return std::nullopt;
    const char quote = text_[pos_++];
    const std::size_t start = pos_;
    while (!at_end() && text_[pos_] != quote) {
      if (text_[pos_] == '<') return std::nullopt;
      if (text_[pos_] == '&') {
        if (!reference()) return std::nullopt;
      } else {
        ++pos_;
      }
    }
    if (at_end()) return std::nullopt;
    const std::string_view value = text_.substr(start, pos_ - start);
    ++pos_;
    return value;
  }

  std::optional<OpenTag> start_tag() {
    ++pos_;  // '<'
    OpenTag tag;
    const std::optional<std::string_view> tag_name = name();
    if (!tag_name) return refused("a '<' not followed by an element name");
    if (!is_qname(*tag_name)) return refused("an element name that is not prefix:local");
    tag.name = *tag_name;
    for (;;) {
      const std::size_t before = pos_;
      skip_spaces();
      if (looking_at("/>") || looking_at(">")) break;
      const std::optional<std::string_view> attr = pos_ > before ? name() : std::nullopt;
      if (!attr) return refused("a malformed start tag <" + std::string(tag.name));
      if (!is_qname(*attr)) return refused("an attribute name that is not prefix:local");
      skip_spaces();
      if (at_end() || text_[pos_] != '=') return refused("an attribute without a value");
      ++pos_;
      skip_spaces();
      const std::optional<std::string_view> value = attribute_value();
      if (!value) return refused("a malformed attribute value");
      for (const Attribute& seen : tag.attributes) {
        if (seen.name == *attr) return refused("an attribute given twice");
      }
      tag.attributes.push_back(Attribute{*attr, *value});
    }
    tag.empty = looking_at("/>");
    pos_ += tag.empty ? 2 : 1;
    return tag;
  }

  // The root's namespace: the declaration of its prefix (or the default one) on the root itself;
  // a prefix declared nowhere is a namespace error.
  bool note_root(const OpenTag& root) {
    const std::size_t colon = root.name.find(':');
    const std::string_view prefix =
        colon == std::string_view::npos ? std::string_view() : root.name.substr(0, colon);
    outline_.root_name =
        std::string(colon == std::string_view::npos ? root.name : root.name.substr(colon + 1));
    const std::string wanted = prefix.empty() ? "xmlns" : "xmlns:" + std::string(prefix);
    for (const Attribute& attribute : root.attributes) {
      if (attribute.name == wanted) {
        outline_.root_namespace = std::string(attribute.value);
        return true;
      }
    }
    if (!prefix.empty()) return failed("the root element's namespace prefix is not declared");
    return true;
  }

  bool content_item(std::vector<std::string_view>& open) {
    if (looking_at("<!--")) return comment();
    if (looking_at("<![CDATA[")) {
      if (!skip_past("]]>")) return failed("a CDATA section is not closed");
      return true;
    }
    if (looking_at("<?")) return processing_instruction();
    if (looking_at("</")) {
      pos_ += 2;
      const std::optional<std::string_view> closing = name();
      skip_spaces();
      if (!closing || at_end() || text_[pos_] != '>') return failed("a malformed end tag");
      if (*closing != open.back()) {
        return failed("</" + std::string(*closing) + "> closes <" + std::string(open.back()) + ">");
      }
      ++pos_;
      open.pop_back();
      return true;
    }
    if (looking_at("<")) {
      const std::optional<OpenTag> tag = start_tag();
      if (!tag) return false;
      if (!tag->empty) {
        if (open.size() >= kMaxXmlDepth) return failed("the elements are nested too deeply");
        open.push_back(tag->name);
      }
      return true;
    }
    if (text_[pos_] == '&') return reference();
    if (looking_at("]]>")) return failed("\"]]>\" in text");
    ++pos_;
    return true;
  }

  bool element() {
    if (!looking_at("<")) return failed("the body does not start with an element");
    const std::optional<OpenTag> root = start_tag();
    if (!root) return false;
    if (!note_root(*root)) return false;
    if (root->empty) return true;
    std::vector<std::string_view> open{root->name};
    while (!open.empty()) {
      if (at_end()) return failed("<" + std::string(open.back()) + "> is not closed");
      if (!content_item(open)) return false;
    }
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  XmlOutline outline_;
};

}  // namespace

XmlOutline check_xml(std::string_view text) { return Checker(text).run(); }

}  // namespace tglink
