#include "dav/dav_access.hpp"

#include <algorithm>

#include "config/config.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

std::string issued_mark(std::int64_t user_id) { return "dav folder:" + std::to_string(user_id); }

std::string ended_mark(std::int64_t user_id) {
  return "dav folder ended:" + std::to_string(user_id);
}

std::int64_t unix_ms(SystemTime t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

}  // namespace

DavAccess::DavAccess(const Config& config, const LinkTokenCodec& links, const Clock& clock)
    : config_(config), clock_(clock), codec_(links) {}

std::string DavAccess::folder_token(std::int64_t user_id, Store& store) const {
  const std::int64_t issued = store.mark(issued_mark(user_id));
  const std::int64_t ended = store.mark(ended_mark(user_id));
  if (issued > ended) return codec_.encode(DavGrant{user_id, issued});
  const std::int64_t fresh = std::max({unix_ms(clock_.now()), issued + 1, ended + 1});
  if (store.raise_mark(issued_mark(user_id), fresh)) {
    return codec_.encode(DavGrant{user_id, fresh});
  }
  // Raised meanwhile by another node: that one is the user's address now.
  return codec_.encode(DavGrant{user_id, store.mark(issued_mark(user_id))});
}

bool DavAccess::end_folder(std::int64_t user_id, Store& store) const {
  const std::int64_t issued = store.mark(issued_mark(user_id));
  if (issued <= store.mark(ended_mark(user_id))) return false;
  return store.raise_mark(ended_mark(user_id), issued);
}

std::optional<DavGrant> DavAccess::signed_grant(std::string_view token) const {
  return codec_.decode(token);
}

bool DavAccess::opens(const DavGrant& grant, Store& store) const {
  if (!config_.may_make_links(grant.user_id)) return false;
  if (grant.issued_ms <= store.mark(ended_mark(grant.user_id))) return false;
  return config_.is_admin(grant.user_id) || !store.find_ban(grant.user_id).has_value();
}

}  // namespace tglink
