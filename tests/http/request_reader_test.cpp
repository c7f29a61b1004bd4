// The request reader's pieces (http/request_reader.hpp) on their own: Beast's parser under
// tglink's limits, the header-size check, and what a failed read is answered with.

#include "http/request_reader.hpp"

#include <string>
#include <string_view>

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/http/error.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace http = boost::beast::http;

// Feeds `pieces` to the parser as http::read does: eagerly (the body in the same put as the
// header), each time everything received and not yet consumed. Returns the last put's error.
boost::beast::error_code feed(RequestParser& parser,
                              std::initializer_list<std::string_view> pieces) {
  parser.eager(true);
  std::string unconsumed;
  boost::beast::error_code ec;
  for (const std::string_view piece : pieces) {
    unconsumed += piece;
    const std::size_t used = parser.put(boost::asio::buffer(unconsumed), ec);
    unconsumed.erase(0, used);
    if (ec && ec != http::error::need_more) return ec;
  }
  return ec;
}

// Found by fuzz_http_request_reader: Beast 1.81 asserted on this valid sequence, which aborted a
// Debug tglink (src/core/boost_assert_handler.cpp).
TEST(RequestReader, AChunkedBodyEndingOverThreeReadsIsRead) {
  RequestParser parser;
  apply_request_limits(parser, 16 * 1024);
  const boost::beast::error_code ec =
      feed(parser,
           {"POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n", "\r", "\n"});
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_TRUE(parser.is_done());
}

TEST(RequestReader, BodiesOverTheLimitAreRefused) {
  RequestParser parser;
  apply_request_limits(parser, 16 * 1024);
  const std::string head =
      "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: " + std::to_string(kRequestBodyLimit + 1) +
      "\r\n\r\n";
  EXPECT_EQ(feed(parser, {head}), http::error::body_limit);
}

TEST(RequestReader, TheHeaderSizeIsCheckedAsAWhole) {
  EXPECT_FALSE(check_header_size(4096, 4096));
  EXPECT_EQ(check_header_size(4097, 4096), http::error::header_limit);
}

TEST(RequestReader, FailedReadsGetTheirStatusOrNoAnswer) {
  EXPECT_EQ(rejection_for(http::error::header_limit)->status, 431);
  EXPECT_EQ(rejection_for(http::error::body_limit)->status, 413);
  EXPECT_EQ(rejection_for(http::error::bad_method)->status, 400);
  EXPECT_FALSE(rejection_for(http::error::end_of_stream));
  EXPECT_FALSE(rejection_for(http::error::partial_message));
  EXPECT_FALSE(rejection_for(boost::asio::error::operation_aborted));
}

}  // namespace
}  // namespace tglink
