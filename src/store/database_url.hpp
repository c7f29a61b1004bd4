#pragma once
// DATABASE_URL, the PostgreSQL connection URI (postgresql://user:pass@host:port/db?params, also
// postgres://). The password inside must never reach a log or an error message, so everything
// that shows the URL or a message derived from it goes through redact_database_url() or
// redact_password().

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// True for "postgresql://..." and "postgres://..." (the two schemes libpq accepts).
[[nodiscard]] bool is_postgres_url(std::string_view url);

// The password as written in the URL (still percent-encoded), or empty when there is none.
[[nodiscard]] std::string database_url_password(std::string_view url);

// The URL with its password replaced by "***": postgresql://user:***@host:5432/db.
[[nodiscard]] std::string redact_database_url(std::string_view url);

// `text` with every whole occurrence of the URL's password (as written and percent-decoded)
// replaced by "***": for messages from libpq, which may quote the part of a URI it could not
// parse. Whole values only, by logging/secret_masker.hpp's rules: a password "p" leaves
// "port 1 failed" alone.
[[nodiscard]] std::string redact_password(std::string_view url, std::string text);

// Why libpq cannot use `url` (wrong scheme, no host, bad percent-encoding, unknown parameter),
// with the password redacted; nullopt when it can. Nothing is contacted.
[[nodiscard]] std::optional<std::string> database_url_problem(std::string_view url);

}  // namespace tglink
