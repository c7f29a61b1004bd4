#pragma once
// libtdjson, loaded at run time with dlopen from a configurable path (TDJSON_PATH), so the same
// binary runs against the pinned TDLib, a user's own build, or the project's simulator.
//
// Only the four C functions of TDLib's JSON interface are used. The library is never unloaded
// (RTLD_NODELETE): TDLib keeps threads of its own that would crash if its code went away.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace tglink {

// Thrown by TdJsonLibrary::load; the message names the path and what is wrong with it.
class TdJsonLoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TdJsonLibrary {
 public:
  // Loads the library and quiets TDLib's own stderr log (verbosity 1: errors only).
  // Throws TdJsonLoadError when the file is missing, cannot be loaded, or lacks a TDLib symbol.
  [[nodiscard]] static std::shared_ptr<TdJsonLibrary> load(const std::filesystem::path& path);

  ~TdJsonLibrary();
  TdJsonLibrary(const TdJsonLibrary&) = delete;
  TdJsonLibrary& operator=(const TdJsonLibrary&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

  // A new TDLib client id. The client starts when the first request is sent to it.
  [[nodiscard]] std::int32_t create_client_id();
  // Thread-safe; TDLib answers through receive().
  void send(std::int32_t client_id, const std::string& request);
  // Waits up to timeout_seconds for the next answer or update of any client; nullptr when none.
  // Only ONE thread may call this (TdReceiver), and the text is valid until its next call.
  [[nodiscard]] const char* receive(double timeout_seconds);
  // Runs a synchronous request (setLogVerbosityLevel, parsing helpers) and returns the answer.
  [[nodiscard]] std::string execute(const std::string& request);

 private:
  using CreateClientId = int (*)();
  using Send = void (*)(int, const char*);
  using Receive = const char* (*)(double);
  using Execute = const char* (*)(const char*);

  TdJsonLibrary(std::filesystem::path path, void* handle);
  void resolve_symbols();

  std::filesystem::path path_;
  void* handle_ = nullptr;
  CreateClientId create_client_id_ = nullptr;
  Send send_ = nullptr;
  Receive receive_ = nullptr;
  Execute execute_ = nullptr;
};

}  // namespace tglink
