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

// A file's download as one client sees it: one window (offset, limit) and a bitmap of parts.
struct FileDownload {
  int file = -1;  // index into World::files
  std::int64_t part_size = 0;
  std::vector<bool> done;                  // per part: bytes are on disk
  std::map<int, std::uint64_t> in_flight;  // part → ticket of its pending completion
  std::int64_t offset = 0;
  std::int64_t limit = 0;  // 0: to the end, then wrap round from 0
  bool active = false;
  bool completed = false;
  std::string path;  // temp/N while partial, the type folder once complete
  int fd = -1;       // open on `path` while parts are written
  std::vector<boost::json::value> sync_waiters;  // @extra of synchronous downloadFile calls
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
  std::int64_t in_flight_bytes = 0;
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
