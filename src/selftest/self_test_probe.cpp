#include "selftest/self_test_probe.hpp"

#include <optional>
#include <variant>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <fmt/format.h>
#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "selftest/self_test_answer.hpp"
#include "selftest/self_test_target.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;
using namespace asio::experimental::awaitable_operators;

constexpr std::size_t kBodyLimit = 16 * 1024;

// The first certificate problem OpenSSL reported while it verified the server's chain.
struct CertificateProblem {
  int error = X509_V_OK;
  int depth = 0;
  std::string subject;
  std::string issuer;
  std::string not_before;
  std::string not_after;
  std::string names;  // the leaf's DNS names (subjectAltName), else its CN
};

std::string name_text(const X509_NAME* name) {
  if (name == nullptr) return {};
  BIO* bio = BIO_new(BIO_s_mem());
  X509_NAME_print_ex(bio, name, 0, XN_FLAG_ONELINE & ~ASN1_STRFLGS_ESC_MSB);
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(size));
  BIO_free(bio);
  return text;
}

std::string time_text(const ASN1_TIME* time) {
  if (time == nullptr) return {};
  BIO* bio = BIO_new(BIO_s_mem());
  ASN1_TIME_print(bio, time);
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  std::string text(data, static_cast<std::size_t>(size));
  BIO_free(bio);
  return text;
}

std::string dns_names(X509* certificate) {
  std::string names;
  auto* general = static_cast<GENERAL_NAMES*>(
      X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
  if (general != nullptr) {
    for (int i = 0; i < sk_GENERAL_NAME_num(general); ++i) {
      const GENERAL_NAME* name = sk_GENERAL_NAME_value(general, i);
      if (name->type != GEN_DNS) continue;
      const ASN1_STRING* text = name->d.dNSName;
      if (!names.empty()) names += ", ";
      names.append(reinterpret_cast<const char*>(ASN1_STRING_get0_data(text)),
                   static_cast<std::size_t>(ASN1_STRING_length(text)));
    }
    GENERAL_NAMES_free(general);
  }
  return names.empty() ? name_text(X509_get_subject_name(certificate)) : names;
}

CertificateProblem problem_of(X509_STORE_CTX* store) {
  CertificateProblem problem;
  problem.error = X509_STORE_CTX_get_error(store);
  problem.depth = X509_STORE_CTX_get_error_depth(store);
  if (X509* certificate = X509_STORE_CTX_get_current_cert(store)) {
    problem.subject = name_text(X509_get_subject_name(certificate));
    problem.issuer = name_text(X509_get_issuer_name(certificate));
    problem.not_before = time_text(X509_get0_notBefore(certificate));
    problem.not_after = time_text(X509_get0_notAfter(certificate));
    problem.names = dns_names(certificate);
  }
  return problem;
}

std::string tls_message(const SelfTestTarget& target, const CertificateProblem& problem) {
  const std::string where = fmt::format("{}:{}", target.host, target.port);
  switch (problem.error) {
    case X509_V_ERR_CERT_HAS_EXPIRED:
      return fmt::format(
          "the certificate {} presents ({}) expired on {}. Renew it: Caddy and "
          "certbot renew by themselves while they can reach their CA, so see "
          "their logs.",
          where, problem.subject, problem.not_after);
    case X509_V_ERR_CERT_NOT_YET_VALID:
      return fmt::format(
          "the certificate {} presents is valid only from {}: check this "
          "machine's clock, or wait for the new certificate to start.",
          where, problem.not_before);
    case X509_V_ERR_HOSTNAME_MISMATCH:
    case X509_V_ERR_IP_ADDRESS_MISMATCH:
      return fmt::format(
          "the certificate {} presents is for {}, not for {}. Get one that "
          "names {} (Caddy does for every site name it serves), or set BASE_URL "
          "to a name the certificate covers.",
          where, problem.names, target.host, target.host);
    case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
    case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
      return fmt::format(
          "the certificate chain of {} ends in a self-signed certificate ({}) "
          "that no browser trusts. Use a certificate from a public CA such as "
          "Let's Encrypt (Caddy gets one by itself; certbot for nginx).",
          where, problem.subject);
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
    case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
      return fmt::format(
          "the certificate chain of {} is incomplete or from an unknown CA (the "
          "certificate of {} is issued by {}). Serve the full chain (nginx: "
          "ssl_certificate fullchain.pem, not cert.pem).",
          where, problem.subject, problem.issuer);
    default:
      return fmt::format("the certificate of {} ({}) is refused: {}.", where, problem.subject,
                         X509_verify_cert_error_string(problem.error));
  }
}

SelfTestResult failure(const SelfTestTarget& target, SelfTestStep step, std::string message) {
  return SelfTestResult{target.url(), step, std::move(message)};
}

bool is_ip_literal(const std::string& host) {
  error_code ec;
  asio::ip::make_address(host, ec);
  return !ec;
}

using Resolved = std::variant<tcp::resolver::results_type, SelfTestResult>;

asio::awaitable<Resolved> resolve(const SelfTestTarget& target, std::chrono::seconds limit) {
  const auto executor = co_await asio::this_coro::executor;
  tcp::resolver resolver(executor);
  asio::steady_timer timer(executor, limit);
  error_code ec;
  auto outcome = co_await (resolver.async_resolve(target.host, std::to_string(target.port),
                                                  asio::redirect_error(asio::use_awaitable, ec)) ||
                           timer.async_wait(asio::use_awaitable));
  if (outcome.index() == 1) {
    co_return failure(target, SelfTestStep::kDns,
                      fmt::format("no DNS answer for {} within {} s: check this machine's "
                                  "resolver (/etc/resolv.conf).",
                                  target.host, limit.count()));
  }
  if (ec) {
    co_return failure(target, SelfTestStep::kDns,
                      fmt::format("the name {} does not resolve ({}). Give it an A (or AAAA) "
                                  "record pointing at this server, or correct BASE_URL.",
                                  target.host, ec.message()));
  }
  co_return std::get<0>(std::move(outcome));
}

std::string addresses_of(const tcp::resolver::results_type& endpoints) {
  std::string text;
  for (const auto& entry : endpoints) {
    if (!text.empty()) text += ", ";
    text += entry.endpoint().address().to_string();
  }
  return text;
}

asio::awaitable<std::optional<SelfTestResult>> connect(beast::tcp_stream& stream,
                                                       const SelfTestTarget& target,
                                                       const tcp::resolver::results_type& endpoints,
                                                       std::chrono::seconds limit) {
  error_code ec;
  stream.expires_after(limit);
  co_await stream.async_connect(endpoints, asio::redirect_error(asio::use_awaitable, ec));
  if (!ec) co_return std::nullopt;
  const std::string where =
      fmt::format("{} port {} ({})", target.host, target.port, addresses_of(endpoints));
  if (ec == beast::error::timeout) {
    co_return failure(target, SelfTestStep::kTcpConnect,
                      fmt::format("no answer from {} within {} s: a firewall drops the "
                                  "connection. Open port {} to this server (cloud firewall and "
                                  "ufw/nftables).",
                                  where, limit.count(), target.port));
  }
  co_return failure(target, SelfTestStep::kTcpConnect,
                    fmt::format("nothing accepts connections at {}: {}. Start the service that "
                                "should listen there (the reverse proxy, or tglink with this "
                                "PORT), or open the port in the firewall.",
                                where, ec.message()));
}

template <class Stream>
asio::awaitable<std::variant<SelfTestAnswer, SelfTestResult>> exchange(Stream& stream,
                                                                       const SelfTestTarget& target,
                                                                       std::chrono::seconds limit) {
  http::request<http::empty_body> request{http::verb::get, target.request_path(), 11};
  request.set(http::field::host, target.host_header);
  request.set(http::field::user_agent, "tglink-self-test");
  request.set(http::field::connection, "close");
  error_code ec;
  beast::get_lowest_layer(stream).expires_after(limit);
  co_await http::async_write(stream, request, asio::redirect_error(asio::use_awaitable, ec));
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(kBodyLimit);
  if (!ec) {
    co_await http::async_read(stream, buffer, parser,
                              asio::redirect_error(asio::use_awaitable, ec));
  }
  if (ec && !(ec == http::error::body_limit && parser.is_header_done())) {
    std::string hint =
        target.https ? "" : " If that port speaks only HTTPS, start BASE_URL with https://.";
    co_return failure(target, SelfTestStep::kHttpStatus,
                      fmt::format("{} port {} accepted the connection but sent no HTTP answer "
                                  "({}).{}",
                                  target.host, target.port, ec.message(), hint));
  }
  const auto& response = parser.get();
  SelfTestAnswer answer;
  answer.status = static_cast<int>(response.result_int());
  answer.server = std::string(response[http::field::server]);
  answer.location = std::string(response[http::field::location]);
  answer.body = response.body();
  co_return answer;
}

SelfTestResult judged(std::variant<SelfTestAnswer, SelfTestResult> exchanged,
                      const SelfTestTarget& target, const std::string& nonce) {
  if (auto* failed = std::get_if<SelfTestResult>(&exchanged)) return std::move(*failed);
  return judge_self_test_answer(target, std::get<SelfTestAnswer>(exchanged), nonce);
}

// Verification as a browser does it: the system's CAs, the host name, the dates.
void prepare_tls(ssl::context& context, const SelfTestProbeOptions& options) {
  context.set_default_verify_paths();
  if (!options.extra_ca_file.empty()) context.load_verify_file(options.extra_ca_file.string());
  context.set_verify_mode(ssl::verify_peer);
}

void expect_name(SSL* handle, const SelfTestTarget& target) {
  X509_VERIFY_PARAM* param = SSL_get0_param(handle);
  if (is_ip_literal(target.host)) {
    X509_VERIFY_PARAM_set1_ip_asc(param, target.host.c_str());
    return;
  }
  SSL_set_tlsext_host_name(handle, target.host.c_str());
  X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS);
  X509_VERIFY_PARAM_set1_host(param, target.host.c_str(), 0);
}

asio::awaitable<SelfTestResult> over_tls(beast::tcp_stream stream, const SelfTestTarget& target,
                                         const std::string& nonce,
                                         const SelfTestProbeOptions& options) {
  ssl::context context(ssl::context::tls_client);
  prepare_tls(context, options);
  std::optional<CertificateProblem> problem;
  context.set_verify_callback([&problem](bool preverified, ssl::verify_context& verify) {
    if (!preverified && !problem) problem = problem_of(verify.native_handle());
    return preverified;
  });
  beast::ssl_stream<beast::tcp_stream> tls(std::move(stream), context);
  expect_name(tls.native_handle(), target);
  error_code ec;
  beast::get_lowest_layer(tls).expires_after(options.step_timeout);
  co_await tls.async_handshake(ssl::stream_base::client,
                               asio::redirect_error(asio::use_awaitable, ec));
  if (problem) co_return failure(target, SelfTestStep::kTls, tls_message(target, *problem));
  if (ec) {
    co_return failure(target, SelfTestStep::kTls,
                      fmt::format("{} port {} does not complete a TLS handshake ({}). If it "
                                  "serves plain HTTP, start BASE_URL with http:// or turn on "
                                  "HTTPS in the proxy.",
                                  target.host, target.port, ec.message()));
  }
  co_return judged(co_await exchange(tls, target, options.step_timeout), target, nonce);
}

}  // namespace

asio::awaitable<SelfTestResult> probe_self_test(std::string base_url, std::string nonce,
                                                SelfTestProbeOptions options) {
  const std::optional<SelfTestTarget> target = parse_self_test_target(base_url);
  if (!target) {
    co_return SelfTestResult{base_url, SelfTestStep::kAddress,
                             "BASE_URL is not an http:// or https:// address with a host."};
  }
  Resolved resolved = co_await resolve(*target, options.step_timeout);
  if (auto* failed = std::get_if<SelfTestResult>(&resolved)) co_return std::move(*failed);
  const auto& endpoints = std::get<tcp::resolver::results_type>(resolved);
  beast::tcp_stream stream(co_await asio::this_coro::executor);
  if (std::optional<SelfTestResult> failed =
          co_await connect(stream, *target, endpoints, options.step_timeout)) {
    co_return std::move(*failed);
  }
  if (target->https) co_return co_await over_tls(std::move(stream), *target, nonce, options);
  co_return judged(co_await exchange(stream, *target, options.step_timeout), *target, nonce);
}

SelfTestResult probe_self_test_now(std::string base_url, std::string nonce,
                                   SelfTestProbeOptions options) {
  asio::io_context io;
  std::future<SelfTestResult> result =
      asio::co_spawn(io, probe_self_test(std::move(base_url), std::move(nonce), std::move(options)),
                     asio::use_future);
  io.run();
  return result.get();
}

}  // namespace tglink
