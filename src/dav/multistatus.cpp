#include "dav/multistatus.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "core/url_encoding.hpp"
#include "core/user_text.hpp"
#include "http/http_date.hpp"

namespace tglink {

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// RFC 3339 as creationdate wants it (RFC 4918 §15.1): "2026-11-29T06:50:00Z".
std::string rfc3339(SystemTime t) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", std::chrono::floor<std::chrono::seconds>(t));
}

void property(std::string& out, std::string_view name, std::string_view value) {
  out += "<D:";
  out += name;
  out += '>';
  out += xml_escape(value);
  out += "</D:";
  out += name;
  out += ">\n";
}

void write_response(std::string& out, std::string_view base, const DavResource& resource) {
  out += "<D:response>\n<D:href>";
  out += xml_escape(dav_href(base, resource.path, resource.collection));
  out += "</D:href>\n<D:propstat>\n<D:prop>\n";
  property(out, "displayname", resource.display_name);
  if (!resource.collection) {
    property(out, "getcontentlength", std::to_string(resource.size));
    property(out, "getcontenttype", resource.content_type);
  }
  property(out, "getlastmodified", format_http_date(resource.modified));
  property(out, "creationdate", rfc3339(resource.created));
  if (!resource.etag.empty()) property(out, "getetag", resource.etag);
  out += resource.collection ? "<D:resourcetype><D:collection/></D:resourcetype>\n"
                             : "<D:resourcetype/>\n";
  out += "</D:prop>\n<D:status>HTTP/1.1 200 OK</D:status>\n</D:propstat>\n</D:response>\n";
}

}  // namespace

std::string xml_escape(std::string_view text) {
  const std::string valid = valid_utf8(text);
  std::string out;
  out.reserve(valid.size());
  for (const char c : valid) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f) {
          out += kReplacement;
        } else {
          out += c;
        }
    }
  }
  // U+FFFE and U+FFFF are not XML characters either (XML 1.0 §2.2).
  for (const std::string_view bad : {"\xEF\xBF\xBE", "\xEF\xBF\xBF"}) {
    for (std::size_t at = out.find(bad); at != std::string::npos; at = out.find(bad, at)) {
      out.replace(at, bad.size(), kReplacement);
    }
  }
  return out;
}

std::string dav_href(std::string_view base, const std::vector<std::string>& path, bool collection) {
  std::string href(base);
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) href += '/';
    href += url_encode_component(path[i]);
  }
  if (collection && !path.empty()) href += '/';
  return href;
}

std::string multistatus_xml(std::string_view base, const std::vector<DavResource>& resources) {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\">\n";
  for (const DavResource& resource : resources) write_response(out, base, resource);
  out += "</D:multistatus>\n";
  return out;
}

std::string finite_depth_error_xml() {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<D:error xmlns:D=\"DAV:\"><D:propfind-finite-depth/></D:error>\n";
}

}  // namespace tglink
