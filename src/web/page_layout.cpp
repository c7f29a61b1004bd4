#include "web/page_layout.hpp"

#include <stdexcept>

#include "web/player_assets.hpp"

namespace tglink {
namespace {

constexpr std::string_view kBodyLine = "<!-- body -->\n";
constexpr std::string_view kHeadSlot = "{{>head}}";
constexpr std::string_view kBodySlot = "{{>body}}";

// Splits `text` at `marker`, which must be there: the templates are ours.
std::pair<std::string_view, std::string_view> split_at(std::string_view text,
                                                       std::string_view marker,
                                                       std::string_view template_name) {
  const std::size_t at = text.find(marker);
  if (at == std::string_view::npos) {
    throw std::logic_error("page template " + std::string(template_name) + " has no " +
                           std::string(marker));
  }
  return {text.substr(0, at), text.substr(at + marker.size())};
}

}  // namespace

std::string fill_page(std::string_view name, const TemplateValues& values) {
  const auto [page_head, page_body] = split_at(player_template(name), kBodyLine, name);
  const auto [before_head, after_head] =
      split_at(player_template("layout.html"), kHeadSlot, "layout.html");
  const auto [between, after_body] = split_at(after_head, kBodySlot, "layout.html");
  // Filled piece by piece, so that no value is ever scanned as template text.
  return fill_template(before_head, values) + fill_template(page_head, values) +
         fill_template(between, values) + fill_template(page_body, values) +
         fill_template(after_body, values);
}

}  // namespace tglink
