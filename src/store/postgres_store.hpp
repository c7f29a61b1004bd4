#pragma once
// The Store for several nodes: one PostgreSQL database shared by every tglink node
// (DATABASE_URL). Same interface and schema steps as SqliteStore (store/migrations.hpp).
//
// Each counter that nodes update at once (daily links, monthly bandwidth, broadcast recipient
// marks) is changed by one atomic statement (INSERT ... ON CONFLICT ... DO UPDATE), never by a
// read followed by a write, so concurrent nodes cannot lose each other's increments.
//
// Calls are synchronous, like SqliteStore's: one round trip each, on the calling thread. Not
// thread-safe; one PostgresStore (one connection) per thread.

#include <memory>
#include <string>

#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace tglink {

class PostgresStore final : public Store {
 public:
  // Connects to `url` (postgresql://user:pass@host:port/db) and applies missing schema steps.
  // Throws StoreError naming the server (never the password) if either fails.
  explicit PostgresStore(const std::string& url, PgConnectionOptions options = {});
  ~PostgresStore() override;
  PostgresStore(const PostgresStore&) = delete;
  PostgresStore& operator=(const PostgresStore&) = delete;

  // "host:port/database as user", for logs.
  [[nodiscard]] const std::string& server() const;

  bool upsert_user(const UserRecord& user) override;
  [[nodiscard]] std::optional<UserRecord> find_user(std::int64_t user_id) override;
  [[nodiscard]] std::int64_t count_users() override;
  [[nodiscard]] std::vector<std::int64_t> list_user_ids(std::int64_t after_user_id,
                                                        int limit) override;
  void delete_user(std::int64_t user_id) override;

  void record_link(std::int64_t user_id, const std::string& day) override;
  [[nodiscard]] std::int64_t links_on_day(std::int64_t user_id, const std::string& day) override;
  [[nodiscard]] std::int64_t links_total() override;

  std::int64_t add_bandwidth(const std::string& month, std::int64_t bytes) override;
  [[nodiscard]] std::int64_t bandwidth_used(const std::string& month) override;
  int delete_bandwidth_before(const std::string& oldest_kept_month) override;

  void revoke_link(std::int64_t message_id, std::int64_t expires_unix) override;
  [[nodiscard]] bool is_revoked(std::int64_t message_id) override;
  [[nodiscard]] std::vector<std::int64_t> revoked_links() override;
  int delete_revocations_expired_before(std::int64_t unix_time) override;

  std::int64_t create_broadcast(const BroadcastJob& job) override;
  void update_broadcast(const BroadcastJob& job) override;
  [[nodiscard]] std::optional<BroadcastJob> find_broadcast(std::int64_t id) override;
  [[nodiscard]] std::vector<BroadcastJob> unfinished_broadcasts() override;
  bool mark_broadcast_recipient(std::int64_t job_id, std::int64_t user_id,
                                const std::string& outcome) override;
  [[nodiscard]] bool broadcast_recipient_done(std::int64_t job_id, std::int64_t user_id) override;
  void set_broadcast_recipient_outcome(std::int64_t job_id, std::int64_t user_id,
                                       const std::string& outcome) override;
  [[nodiscard]] std::vector<std::int64_t> broadcast_recipients_with(
      std::int64_t job_id, const std::string& outcome) override;

  std::int64_t add_pending_upload(const PendingUpload& upload) override;
  void update_pending_upload(const PendingUpload& upload) override;
  void delete_pending_upload(std::int64_t id) override;
  [[nodiscard]] std::vector<PendingUpload> pending_uploads() override;
  [[nodiscard]] std::int64_t last_log_channel_post() override;

  void record_node(const NodeRecord& node) override;
  [[nodiscard]] std::vector<NodeRecord> list_nodes() override;

  // store/postgres_link_records.cpp
  void add_link(const LinkRecord& link) override;
  [[nodiscard]] std::optional<LinkRecord> find_link(std::int64_t message_id) override;
  [[nodiscard]] std::vector<LinkRecord> user_links(std::int64_t user_id, int offset,
                                                   int limit) override;
  [[nodiscard]] UserLinkTotals user_link_totals(std::int64_t user_id) override;
  void add_link_traffic(const std::vector<LinkTraffic>& traffic) override;
  void add_link_traffic_on_day(const std::string& day,
                               const std::vector<LinkTraffic>& traffic) override;
  bool raise_mark(const std::string& name, std::int64_t value) override;
  [[nodiscard]] std::int64_t mark(const std::string& name) override;
  void add_minute_traffic(const std::vector<MinuteTraffic>& minutes) override;
  [[nodiscard]] std::vector<MinuteTraffic> minute_traffic_since(std::int64_t since_unix) override;
  void save_node_report(const NodeReport& report) override;
  [[nodiscard]] std::vector<NodeReport> node_reports() override;
  [[nodiscard]] std::vector<LinkTrafficTotal> top_links_since(const std::string& first_day,
                                                              int limit) override;
  [[nodiscard]] std::vector<DayCount> new_users_per_day(std::int64_t since_unix) override;
  int delete_dashboard_history(std::int64_t cutoff_unix,
                               const std::string& first_day_kept) override;
  int revoke_user_links(std::int64_t user_id, std::int64_t now_unix) override;
  bool ban_user(const BanRecord& ban) override;
  bool unban_user(std::int64_t user_id) override;
  [[nodiscard]] std::optional<BanRecord> find_ban(std::int64_t user_id) override;
  [[nodiscard]] std::vector<BanRecord> list_bans() override;
  void save_media_probe(const MediaProbeRecord& probe) override;
  [[nodiscard]] std::optional<MediaProbeRecord> find_media_probe(
      const std::string& unique_id) override;

  std::int64_t open_batch(std::int64_t user_id, std::int64_t created_unix) override;
  [[nodiscard]] std::optional<BatchRecord> open_batch_of(std::int64_t user_id) override;
  [[nodiscard]] std::optional<BatchRecord> find_batch(std::int64_t id) override;
  bool close_batch(std::int64_t id, std::int64_t expires_unix) override;
  bool revoke_batch(std::int64_t id) override;
  void add_batch_file(const BatchFile& file) override;
  [[nodiscard]] std::vector<BatchFile> batch_files(std::int64_t batch_id) override;

  // store/postgres_retention.cpp
  int delete_dead_links(std::int64_t cutoff_unix, int limit) override;
  int delete_dead_batches(std::int64_t cutoff_unix, int limit) override;
  int delete_dead_channel_posts(std::int64_t cutoff_unix, int limit) override;

  // store/postgres_channel_posts.cpp
  void save_channel_post(const ChannelPostRecord& post) override;
  [[nodiscard]] std::optional<ChannelPostRecord> find_channel_post(
      std::int64_t chat_id, std::int64_t message_id) override;
  [[nodiscard]] std::optional<ChannelPostRecord> find_channel_copy(
      const std::string& file_unique_id) override;
  // store/postgres_relayed_updates.cpp
  bool relay_update(const RelayedUpdate& message) override;
  [[nodiscard]] std::vector<RelayedUpdate> claim_relayed_updates(int limit) override;
  int delete_claimed_relays_before(std::int64_t unix_time) override;

 private:
  std::unique_ptr<PgConnection> db_;
};

}  // namespace tglink
