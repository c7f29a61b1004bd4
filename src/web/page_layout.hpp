#pragma once
// Every page tglink serves (the player, the batch page, the notices) shares one layout
// (assets/layout.html): the doctype, the meta lines that keep the page private (no referrer)
// and fitted to phones, the icon and the stylesheet. A page template holds only what is its own:
// the lines its head adds, a "<!-- body -->" line, then its body.

#include <string>
#include <string_view>

#include "web/player_html.hpp"

namespace tglink {

// The page template `name` (e.g. "player.html") filled into the layout. Every value is escaped
// (fill_template); `values` must name at least "title" and "assets", which the layout uses.
// Throws std::logic_error when a template lacks its body line: a build mistake, not bad input.
[[nodiscard]] std::string fill_page(std::string_view name, const TemplateValues& values);

}  // namespace tglink
