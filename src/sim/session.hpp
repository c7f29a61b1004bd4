#pragma once
// One TDLib client as the simulator keeps it: where it is in the authorization flow, which bot it
// is, and its own view of files (TDLib file ids are per client) and their downloads.

#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

namespace tglink::sim {

enum class AuthState { kWaitTdlibParameters, kWaitPhoneNumber, kReady, kClosing, kClosed };

// One part request on its way: the ticket of its pending answer, and the flood waits it has had
// (NetQuery's total_timeout and next_timeout, as NetQueryDelayer::delay keeps them).
struct PartInFlight {
  std::uint64_t ticket = 0;
  double total_wait_seconds = 0;
  double next_wait_seconds = 1;  // the wait after a FLOOD_WAIT_0
};

// A file's download as one client sees it: one window (offset, limit) and a bitmap of parts.
struct FileDownload {
  int file = -1;  // index into World::files
  std::int64_t part_size = 0;
  bool small = false;                     // under 20 KiB: TDLib's budget for small files
  std::vector<bool> done;                 // per part: bytes are on disk
  std::map<int, PartInFlight> in_flight;  // part → its request
  std::int64_t offset = 0;
  std::int64_t limit = 0;       // 0: to the end, then wrap round from 0
  int priority = 0;             // of the last downloadFile, 1..32
  std::uint64_t requested = 0;  // order of the last downloadFile: the budget favours the latest
  bool active = false;
  bool completed = false;
  // The file reference this client downloads with, compared with SimFile::reference_epoch;
  // while `repairing` the client is fetching the message again (FileReferenceManager).
  int reference_epoch = 0;
  bool repairing = false;
  std::string path;  // temp/N while partial, the type folder once complete
  int fd = -1;       // open on `path` while parts are written
  std::vector<boost::json::value> sync_waiters;  // @extra of synchronous downloadFile calls
  std::int64_t sync_offset = 0;                  // the window the synchronous calls wait for
  std::int64_t sync_limit = 0;
};

struct PendingToken {
  boost::json::value extra;
  std::string token;
};

// A request TDLib holds until setTdlibParameters is done (Td's
// pending_preauthentication_requests_).
struct HeldRequest {
  boost::json::object request;
  boost::json::value extra;
};

// One entry of the client's proxy list (addProxy, getProxies).
struct AddedProxy {
  int id = 0;
  boost::json::object proxy;  // normalized_proxy()
  std::string comment;
  bool enabled = false;
};

struct Session {
  int client_id = 0;
  AuthState auth = AuthState::kWaitTdlibParameters;
  bool network_none = false;
  std::string files_directory;
  std::int64_t bot_id = 0;
  std::vector<PendingToken> pending_tokens;  // waiting for a network
  std::vector<HeldRequest> held_until_parameters;
  std::vector<AddedProxy> proxies;
  int next_proxy_id = 2;                  // TDLib's first proxy id is 2
  std::map<int, int> local_file_ids;      // World file index → this client's file id
  int next_file_id = 0;                   // set by Simulator::create_client
  int invite_links_created = 0;           // createChatInviteLink calls answered
  std::map<int, FileDownload> downloads;  // this client's file id → download
  int next_temp_file = 0;
  int next_perm_file_id = 0;  // the binlog's perm_file_id: "file_N" names (sim/file_names.hpp)
  std::int64_t in_flight_bytes = 0;        // parts of files of 20 KiB and more
  std::int64_t in_flight_small_bytes = 0;  // parts of smaller files (a budget of their own)
  std::uint64_t download_requests = 0;     // downloadFile calls taken, for FileDownload::requested
  // Where this client saw each file (World file index → (chat id, server message id)): the
  // messages FileReferenceManager fetches again to repair an expired file reference.
  std::map<int, std::set<std::pair<std::int64_t, std::int64_t>>> file_sources;
  // Per chat, the greatest message id handed out (MessagesManager's last_assigned_message_id).
  std::map<std::int64_t, std::int64_t> last_assigned_message_id;
  std::set<std::int64_t> announced_users;  // updateUser already sent
  // The chats this client has loaded (updateNewChat sent): only these can be used.
  std::set<std::int64_t> announced_chats;
  // When each message this client holds in memory was last used, by (chat id, server id);
  // messages unused for message_unload_delay are unloaded (simulator_residency.cpp).
  std::map<std::pair<std::int64_t, std::int64_t>, std::chrono::steady_clock::time_point>
      message_last_used;
  boost::json::object options;
};

}  // namespace tglink::sim
