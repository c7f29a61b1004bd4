#pragma once
// Pieces shared by the tests that run the real libtdjson: a quiet Log, the loaded library, and
// an io_context that a TdReceiver posts into. Every client these tests start is taken offline
// (setNetworkType networkTypeNone) before anything else.

#include <memory>

#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/build_paths.hpp"
#include "telegram/td_json_library.hpp"

namespace tglink::testing {

inline LogOptions quiet_log() {
  LogOptions options;
  options.console = false;
  return options;
}

class RealTdlibTest : public ::testing::Test {
 protected:
  RealTdlibTest() : log_(quiet_log()), library_(TdJsonLibrary::load(TGLINK_REAL_TDJSON)) {}

  Log log_;
  std::shared_ptr<TdJsonLibrary> library_;
  boost::asio::io_context io_;
};

}  // namespace tglink::testing
