#include "store/link_record_checks.hpp"

#include <string>
#include <string_view>

namespace tglink {

namespace {

void require_not_negative(std::int64_t value, const char* what) {
  if (value < 0) throw StoreError(std::string(what) + ": negative value " + std::to_string(value));
}

}  // namespace

void require_valid_link(const LinkRecord& link) {
  require_not_negative(link.file_size, "add_link: file size");
  require_not_negative(link.expires_unix, "add_link: expiry");
  require_not_negative(link.downloads, "add_link: downloads");
  require_not_negative(link.bytes_served, "add_link: bytes served");
}

void require_valid_traffic(const std::vector<LinkTraffic>& traffic) {
  for (const LinkTraffic& entry : traffic) {
    require_not_negative(entry.downloads, "add_link_traffic: downloads");
    require_not_negative(entry.bytes, "add_link_traffic: bytes");
  }
}

void require_valid_page(int offset, int limit) {
  require_not_negative(offset, "user_links: offset");
  require_not_negative(limit, "user_links: limit");
}

void require_upload_stage(const std::string& stage) {
  for (const std::string_view known : {"held", "queued", "posting", "posted"}) {
    if (stage == known) return;
  }
  throw StoreError("invalid upload stage \"" + stage +
                   "\": expected held, queued, posting or posted");
}

}  // namespace tglink
