#pragma once
// Who may open a WebDAV folder (/davlink in chat, /dav/{token}/ on the web): the user the folder's
// token names (links/dav_token.hpp), until that user ends it with /davlink off, and only while
// that user may use the bot (on ALLOWED_USERS when it is set, not banned; admins always).
//
// What the token cannot say about itself is kept in the store as marks that only rise
// (Store::raise_mark), shared by every node on one database, and read on every request, so
// /davlink off closes the folder on every node at once:
//   "dav folder:<user id>"        the issue time (ms) of the user's current folder token
//   "dav folder ended:<user id>"  the issue time of the last token /davlink off ended; a token
//                                 works only when it was issued after it
// /davlink asked again gives the same address while the folder is on, so a player set up with it
// keeps working; after /davlink off it gives a new one.
//
// The store calls block: run them where the caller runs store work (store/store_executor.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "links/dav_token.hpp"

namespace tglink {

struct Config;
class Store;

class DavAccess {
 public:
  // `links` need not outlive this; `config` and `clock` must.
  DavAccess(const Config& config, const LinkTokenCodec& links, const Clock& clock);

  // The user's folder token: the current one while the folder is on, else a new one.
  [[nodiscard]] std::string folder_token(std::int64_t user_id, Store& store) const;

  // /davlink off: the user's folder stops working on every node; false when none was on.
  bool end_folder(std::int64_t user_id, Store& store) const;

  // The grant a token names when we signed it; no store call (tells a token from a file name).
  [[nodiscard]] std::optional<DavGrant> signed_grant(std::string_view token) const;

  // Whether a signed grant opens its folder now: not ended by /davlink off, and its user may
  // use the bot (ALLOWED_USERS, bans). Reads the store.
  [[nodiscard]] bool opens(const DavGrant& grant, Store& store) const;

 private:
  const Config& config_;
  const Clock& clock_;
  DavTokenCodec codec_;
};

}  // namespace tglink
