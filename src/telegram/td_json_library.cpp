#include "telegram/td_json_library.hpp"

#include <system_error>

#include <dlfcn.h>
#include <fmt/format.h>

namespace tglink {
namespace {

// TDLib's default verbosity (5) floods stderr; 1 keeps its errors only.
constexpr const char* kQuietTdlibLog =
    R"({"@type":"setLogVerbosityLevel","new_verbosity_level":1})";

void require_file(const std::filesystem::path& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    throw TdJsonLoadError(fmt::format(
        "TDJSON_PATH: no file at {}; run make run to install the pinned TDLib, or point "
        "TDJSON_PATH at your own build",
        path.string()));
  }
}

void* open_library(const std::filesystem::path& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (handle == nullptr) {
    const char* reason = dlerror();
    throw TdJsonLoadError(fmt::format("TDJSON_PATH: cannot load {}: {}", path.string(),
                                      reason != nullptr ? reason : "unknown dlopen error"));
  }
  return handle;
}

}  // namespace

std::shared_ptr<TdJsonLibrary> TdJsonLibrary::load(const std::filesystem::path& path) {
  require_file(path);
  std::shared_ptr<TdJsonLibrary> library(new TdJsonLibrary(path, open_library(path)));
  library->resolve_symbols();
  static_cast<void>(library->execute(kQuietTdlibLog));
  return library;
}

TdJsonLibrary::TdJsonLibrary(std::filesystem::path path, void* handle)
    : path_(std::move(path)), handle_(handle) {}

TdJsonLibrary::~TdJsonLibrary() { dlclose(handle_); }

void TdJsonLibrary::resolve_symbols() {
  auto resolve = [this](const char* name) {
    void* symbol = dlsym(handle_, name);
    if (symbol == nullptr) {
      throw TdJsonLoadError(
          fmt::format("TDJSON_PATH: {} is a shared library but not TDLib's JSON interface: symbol "
                      "{} is missing",
                      path_.string(), name));
    }
    return symbol;
  };
  create_client_id_ = reinterpret_cast<CreateClientId>(resolve("td_create_client_id"));
  send_ = reinterpret_cast<Send>(resolve("td_send"));
  receive_ = reinterpret_cast<Receive>(resolve("td_receive"));
  execute_ = reinterpret_cast<Execute>(resolve("td_execute"));
}

std::int32_t TdJsonLibrary::create_client_id() { return create_client_id_(); }

void TdJsonLibrary::send(std::int32_t client_id, const std::string& request) {
  send_(client_id, request.c_str());
}

const char* TdJsonLibrary::receive(double timeout_seconds) { return receive_(timeout_seconds); }

std::string TdJsonLibrary::execute(const std::string& request) {
  const char* answer = execute_(request.c_str());
  return answer != nullptr ? std::string(answer) : std::string();
}

}  // namespace tglink

#if defined(__SANITIZE_ADDRESS__)
// TDLib keeps some allocations for the life of the process (thread-local error texts among them),
// which LeakSanitizer reports at exit in every sanitized binary that loads it. They are not ours
// and we cannot free them. This hook lives here because this object is linked into every binary
// that loads TDLib; it must be the only definition of the hook in a program.
// Without TLS as a root (use_tls=0, below), Kerberos' per-thread data, which libpq loads for a
// PostgreSQL connection, looks leaked at exit as well, and so does the dependency list glibc's
// loader keeps for a library dlopen refused: neither is ours.
// TDLib is matched by the folder of its pinned npm copy, which every sanitized test loads: the
// TDLib simulator is a libtdjson.so too (build/sim/), and its leaks are ours to see.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:@prebuilt-tdlib/linux-x64-glibc/libtdjson.so\n"
         "leak:libkrb5support.so\nleak:libgssapi_krb5.so\nleak:_dl_map_object_deps\n";
}
// GCC 12's LeakSanitizer crashes reading the thread-local storage of libtdjson's threads on
// Debian 12's glibc ("Tracer caught signal 11" at exit); scripts/run-tests.sh says more.
extern "C" const char* __lsan_default_options() { return "use_tls=0"; }
#endif
