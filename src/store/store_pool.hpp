#pragma once
// A Store over several connections to one PostgreSQL (STORE_POOL_SIZE), for the store executor's
// workers (store/store_executor.hpp): each call borrows whichever connection is free for that one
// statement, so as many calls run at once as there are connections, and writes from many users
// no longer queue behind one worker (docs/performance.md "A pool of store connections").
//
// Thread-safe; each connection is used by one thread at a time. A call made while every
// connection is busy waits for the first one given back. Calls are independent statements: one
// call never sees another's uncommitted work, as with one connection.

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "store/store.hpp"

namespace tglink {

class StorePool final : public Store {
 public:
  // At least one connection (else StoreError).
  explicit StorePool(std::vector<std::unique_ptr<Store>> connections);

  [[nodiscard]] std::size_t size() const { return connections_.size(); }

  bool upsert_user(const UserRecord& user) override { return lend()->upsert_user(user); }
  std::optional<UserRecord> find_user(std::int64_t user_id) override {
    return lend()->find_user(user_id);
  }
  std::int64_t count_users() override { return lend()->count_users(); }
  std::vector<std::int64_t> list_user_ids(std::int64_t after_user_id, int limit) override {
    return lend()->list_user_ids(after_user_id, limit);
  }
  void delete_user(std::int64_t user_id) override { lend()->delete_user(user_id); }
  void record_link(std::int64_t user_id, const std::string& day) override {
    lend()->record_link(user_id, day);
  }
  std::int64_t links_on_day(std::int64_t user_id, const std::string& day) override {
    return lend()->links_on_day(user_id, day);
  }
  std::int64_t links_total() override { return lend()->links_total(); }
  std::int64_t add_bandwidth(const std::string& month, std::int64_t bytes) override {
    return lend()->add_bandwidth(month, bytes);
  }
  std::int64_t bandwidth_used(const std::string& month) override {
    return lend()->bandwidth_used(month);
  }
  int delete_bandwidth_before(const std::string& oldest_kept_month) override {
    return lend()->delete_bandwidth_before(oldest_kept_month);
  }
  void revoke_link(std::int64_t message_id, std::int64_t expires_unix) override {
    lend()->revoke_link(message_id, expires_unix);
  }
  bool is_revoked(std::int64_t message_id) override { return lend()->is_revoked(message_id); }
  std::vector<std::int64_t> revoked_links() override { return lend()->revoked_links(); }
  int delete_revocations_expired_before(std::int64_t unix_time) override {
    return lend()->delete_revocations_expired_before(unix_time);
  }
  std::int64_t create_broadcast(const BroadcastJob& job) override {
    return lend()->create_broadcast(job);
  }
  void update_broadcast(const BroadcastJob& job) override { lend()->update_broadcast(job); }
  std::optional<BroadcastJob> find_broadcast(std::int64_t id) override {
    return lend()->find_broadcast(id);
  }
  std::vector<BroadcastJob> unfinished_broadcasts() override {
    return lend()->unfinished_broadcasts();
  }
  bool mark_broadcast_recipient(std::int64_t job_id, std::int64_t user_id,
                                const std::string& outcome) override {
    return lend()->mark_broadcast_recipient(job_id, user_id, outcome);
  }
  bool broadcast_recipient_done(std::int64_t job_id, std::int64_t user_id) override {
    return lend()->broadcast_recipient_done(job_id, user_id);
  }
  void set_broadcast_recipient_outcome(std::int64_t job_id, std::int64_t user_id,
                                       const std::string& outcome) override {
    lend()->set_broadcast_recipient_outcome(job_id, user_id, outcome);
  }
  std::vector<std::int64_t> broadcast_recipients_with(std::int64_t job_id,
                                                      const std::string& outcome) override {
    return lend()->broadcast_recipients_with(job_id, outcome);
  }
  std::int64_t add_pending_upload(const PendingUpload& upload) override {
    return lend()->add_pending_upload(upload);
  }
  void update_pending_upload(const PendingUpload& upload) override {
    lend()->update_pending_upload(upload);
  }
  void delete_pending_upload(std::int64_t id) override { lend()->delete_pending_upload(id); }
  std::vector<PendingUpload> pending_uploads() override { return lend()->pending_uploads(); }
  std::int64_t open_batch(std::int64_t user_id, std::int64_t created_unix) override {
    return lend()->open_batch(user_id, created_unix);
  }
  std::optional<BatchRecord> open_batch_of(std::int64_t user_id) override {
    return lend()->open_batch_of(user_id);
  }
  std::optional<BatchRecord> find_batch(std::int64_t id) override { return lend()->find_batch(id); }
  bool close_batch(std::int64_t id, std::int64_t expires_unix) override {
    return lend()->close_batch(id, expires_unix);
  }
  bool revoke_batch(std::int64_t id) override { return lend()->revoke_batch(id); }
  void add_batch_file(const BatchFile& file) override { lend()->add_batch_file(file); }
  std::vector<BatchFile> batch_files(std::int64_t batch_id) override {
    return lend()->batch_files(batch_id);
  }
  std::vector<BatchRecord> user_batches(std::int64_t user_id, int limit) override {
    return lend()->user_batches(user_id, limit);
  }
  void record_node(const NodeRecord& node) override { lend()->record_node(node); }
  std::vector<NodeRecord> list_nodes() override { return lend()->list_nodes(); }
  std::int64_t last_log_channel_post() override { return lend()->last_log_channel_post(); }
  void add_link(const LinkRecord& link) override { lend()->add_link(link); }
  std::optional<LinkRecord> find_link(std::int64_t message_id) override {
    return lend()->find_link(message_id);
  }
  std::vector<LinkRecord> user_links(std::int64_t user_id, int offset, int limit) override {
    return lend()->user_links(user_id, offset, limit);
  }
  UserLinkTotals user_link_totals(std::int64_t user_id) override {
    return lend()->user_link_totals(user_id);
  }
  void add_link_traffic(const std::vector<LinkTraffic>& traffic) override {
    lend()->add_link_traffic(traffic);
  }
  void add_link_traffic_on_day(const std::string& day,
                               const std::vector<LinkTraffic>& traffic) override {
    lend()->add_link_traffic_on_day(day, traffic);
  }
  bool raise_mark(const std::string& name, std::int64_t value) override {
    return lend()->raise_mark(name, value);
  }
  std::int64_t mark(const std::string& name) override { return lend()->mark(name); }
  void add_minute_traffic(const std::vector<MinuteTraffic>& minutes) override {
    lend()->add_minute_traffic(minutes);
  }
  std::vector<MinuteTraffic> minute_traffic_since(std::int64_t since_unix) override {
    return lend()->minute_traffic_since(since_unix);
  }
  void save_node_report(const NodeReport& report) override { lend()->save_node_report(report); }
  std::vector<NodeReport> node_reports() override { return lend()->node_reports(); }
  std::vector<LinkTrafficTotal> top_links_since(const std::string& first_day, int limit) override {
    return lend()->top_links_since(first_day, limit);
  }
  std::vector<DayCount> new_users_per_day(std::int64_t since_unix) override {
    return lend()->new_users_per_day(since_unix);
  }
  int delete_dashboard_history(std::int64_t cutoff_unix,
                               const std::string& first_day_kept) override {
    return lend()->delete_dashboard_history(cutoff_unix, first_day_kept);
  }
  int revoke_user_links(std::int64_t user_id, std::int64_t now_unix) override {
    return lend()->revoke_user_links(user_id, now_unix);
  }
  bool ban_user(const BanRecord& ban) override { return lend()->ban_user(ban); }
  bool unban_user(std::int64_t user_id) override { return lend()->unban_user(user_id); }
  std::optional<BanRecord> find_ban(std::int64_t user_id) override {
    return lend()->find_ban(user_id);
  }
  std::vector<BanRecord> list_bans() override { return lend()->list_bans(); }
  SplitFile add_split_part(std::int64_t user_id, std::int64_t chat_id, const std::string& name,
                           const SplitPart& part, std::int64_t now_unix) override {
    return lend()->add_split_part(user_id, chat_id, name, part, now_unix);
  }
  std::vector<SplitFile> waiting_split_files(std::int64_t user_id) override {
    return lend()->waiting_split_files(user_id);
  }
  bool join_split_file(std::int64_t id, std::int64_t joined_message_id) override {
    return lend()->join_split_file(id, joined_message_id);
  }
  std::optional<SplitFile> find_joined_file(std::int64_t message_id) override {
    return lend()->find_joined_file(message_id);
  }
  int delete_dead_links(std::int64_t cutoff_unix, int limit) override {
    return lend()->delete_dead_links(cutoff_unix, limit);
  }
  int delete_dead_batches(std::int64_t cutoff_unix, int limit) override {
    return lend()->delete_dead_batches(cutoff_unix, limit);
  }
  int delete_dead_channel_posts(std::int64_t cutoff_unix, int limit) override {
    return lend()->delete_dead_channel_posts(cutoff_unix, limit);
  }
  void save_media_probe(const MediaProbeRecord& probe) override { lend()->save_media_probe(probe); }
  std::optional<MediaProbeRecord> find_media_probe(const std::string& unique_id) override {
    return lend()->find_media_probe(unique_id);
  }
  void record_sent_video(const SentVideo& video) override { lend()->record_sent_video(video); }
  std::optional<SentVideo> find_sent_video(std::int64_t chat_id, std::int64_t message_id) override {
    return lend()->find_sent_video(chat_id, message_id);
  }
  std::vector<SentVideo> sent_videos_since(std::int64_t chat_id, std::int64_t since_unix,
                                           int limit) override {
    return lend()->sent_videos_since(chat_id, since_unix, limit);
  }
  void attach_subtitle(const VideoSubtitle& subtitle) override {
    lend()->attach_subtitle(subtitle);
  }
  std::optional<VideoSubtitle> find_video_subtitle(std::int64_t video_message_id,
                                                   std::int64_t index) override {
    return lend()->find_video_subtitle(video_message_id, index);
  }
  std::vector<VideoSubtitle> video_subtitles(std::int64_t video_message_id) override {
    return lend()->video_subtitles(video_message_id);
  }
  void save_channel_post(const ChannelPostRecord& post) override {
    lend()->save_channel_post(post);
  }
  std::optional<ChannelPostRecord> find_channel_post(std::int64_t chat_id,
                                                     std::int64_t message_id) override {
    return lend()->find_channel_post(chat_id, message_id);
  }
  std::optional<ChannelPostRecord> find_channel_copy(const std::string& file_unique_id) override {
    return lend()->find_channel_copy(file_unique_id);
  }
  bool relay_update(const RelayedUpdate& update) override { return lend()->relay_update(update); }
  std::vector<RelayedUpdate> claim_relayed_updates(int limit) override {
    return lend()->claim_relayed_updates(limit);
  }
  int delete_claimed_relays_before(std::int64_t unix_time) override {
    return lend()->delete_claimed_relays_before(unix_time);
  }

 private:
  // A connection borrowed for one call; given back when the call's full expression ends.
  class Loan {
   public:
    Loan(StorePool& pool, Store& store) : pool_(pool), store_(store) {}
    ~Loan() { pool_.give_back(store_); }
    Loan(const Loan&) = delete;
    Loan& operator=(const Loan&) = delete;
    Store* operator->() const { return &store_; }

   private:
    StorePool& pool_;
    Store& store_;
  };

  Loan lend();
  void give_back(Store& store);

  std::vector<std::unique_ptr<Store>> connections_;
  std::mutex mutex_;
  std::condition_variable given_back_;
  std::vector<Store*> free_;
};

}  // namespace tglink
