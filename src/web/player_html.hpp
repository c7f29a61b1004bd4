#pragma once
// Filling the player's HTML templates safely: every value is escaped for HTML text and quoted
// attribute values alike, and the template is scanned once, so a value can never introduce
// markup, script or another placeholder.

#include <map>
#include <string>
#include <string_view>

namespace tglink {

// & < > " ' become character references; everything else is copied.
[[nodiscard]] std::string html_escape(std::string_view text);

using TemplateValues = std::map<std::string, std::string, std::less<>>;

// Replaces each {{name}} with html_escape(values[name]). Throws std::logic_error naming the
// placeholder when a value is missing, or when a "{{" is never closed: templates are ours, so
// either is a programming mistake.
[[nodiscard]] std::string fill_template(std::string_view html, const TemplateValues& values);

}  // namespace tglink
