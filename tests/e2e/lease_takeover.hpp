#pragma once
// A takeover of the leader lease as the database and the nodes report it, so a test measures it
// against the lease's own mechanism (cluster/leader_lease.hpp: at most kLeaseTtl +
// kLeaseRenewEvery after the leader's last renewal) instead of against the test's wall clock,
// which a loaded machine stretches anywhere between the kill and the test's next look.

#include <cstdint>
#include <ctime>
#include <optional>
#include <regex>
#include <string>

#include "store/postgres_connection.hpp"

namespace tglink::testing {

// The chat side's lease row: who holds it, until when (the database's clock, ms since the
// epoch), and its term, which grows by one at each hand-over.
struct LeaseRow {
  std::string holder;
  std::int64_t expires_at_ms = 0;
  std::int64_t term = 0;
};

inline LeaseRow read_lease(const std::string& database_url) {
  PgConnection db(database_url);
  const PgResult row =
      db.query("SELECT holder, expires_at_ms, term FROM leader_lease WHERE name = 'chat'");
  if (row.rows() != 1) return {};
  return LeaseRow{row.text_at(0, 0), row.int_at(0, 1), row.int_at(0, 2)};
}

// When `node` logged that it leads under `term` ("2026-11-27T18:20:01.123Z INFO  Node <id> leads
// the chat side (term <n>)"), in ms since the epoch; nullopt when it did not.
inline std::optional<std::int64_t> took_lease_at(const std::string& log, const std::string& node,
                                                 std::int64_t term) {
  const std::regex line(R"((\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z [^\n]*Node )" +
                        node + R"( leads the chat side \(term )" + std::to_string(term) + R"(\))");
  std::smatch found;
  if (!std::regex_search(log, found, line)) return std::nullopt;
  std::tm utc{};
  utc.tm_year = std::stoi(found[1]) - 1900;
  utc.tm_mon = std::stoi(found[2]) - 1;
  utc.tm_mday = std::stoi(found[3]);
  utc.tm_hour = std::stoi(found[4]);
  utc.tm_min = std::stoi(found[5]);
  utc.tm_sec = std::stoi(found[6]);
  return std::int64_t{timegm(&utc)} * 1000 + std::stoi(found[7]);
}

}  // namespace tglink::testing
