// What a failed BOOST_ASSERT does in builds that check assertions (no NDEBUG: the test and fuzz
// builds; cmake/Warnings.cmake defines BOOST_ENABLE_ASSERT_DEBUG_HANDLER): print and abort, as
// assert() does, except for one assertion that Boost itself has since found wrong.
//
// Beast 1.81 (Debian 12) asserts n >= 5 in basic_parser::parse_chunk_header when a chunked body
// ends "0\r\n", "\r", "\n" over three reads. The state is valid and the code after the assertion
// handles it (it waits for more bytes); the assertion was relaxed upstream in Beast PR #2861
// (2024, Boost 1.86). Found by fuzz_http_request_reader: before this, any client could abort a
// Debug tglink with three writes. Release builds (NDEBUG) never check assertions.

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <boost/assert.hpp>

namespace {

bool is_known_false_assertion(const char* expression, const char* function) {
  return std::strcmp(expression, "n >= 5") == 0 &&
         std::strstr(function, "parse_chunk_header") != nullptr;
}

}  // namespace

namespace boost {

void assertion_failed(const char* expression, const char* function, const char* file, long line) {
  if (is_known_false_assertion(expression, function)) return;
  std::fprintf(stderr, "%s:%ld: %s: Assertion `%s' failed.\n", file, line, function, expression);
  std::abort();
}

void assertion_failed_msg(const char* expression, const char* message, const char* function,
                          const char* file, long line) {
  std::fprintf(stderr, "%s:%ld: %s: Assertion `%s' failed: %s\n", file, line, function, expression,
               message);
  std::abort();
}

}  // namespace boost
