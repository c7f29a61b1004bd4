#include "links/batch_token.hpp"

namespace tglink {

BatchTokenCodec::BatchTokenCodec(const LinkTokenCodec& links)
    : codec_(links.derived_key("batch")) {}

std::string BatchTokenCodec::encode(const BatchClaims& claims) const {
  return codec_.encode(LinkClaims{claims.batch_id, claims.expires_at});
}

BatchDecodeResult BatchTokenCodec::decode(std::string_view token, SystemTime now) const {
  const DecodeResult decoded = codec_.decode(token, now);
  BatchDecodeResult result;
  result.status = decoded.status;
  if (decoded.status != LinkStatus::Invalid) {
    result.claims = BatchClaims{decoded.claims.message_id, decoded.claims.expires_at};
  }
  return result;
}

std::string batch_url(std::string_view base_url, std::string_view token) {
  std::string url(base_url);
  url += "/b/";
  url += token;
  return url;
}

std::string batch_token_from_link(std::string_view link) {
  constexpr std::string_view kRoute = "/b/";
  const std::size_t at = link.find(kRoute);
  if (at == std::string_view::npos) return {};
  const std::string_view rest = link.substr(at + kRoute.size());
  return std::string(rest.substr(0, rest.find_first_of("/?# \t\r\n")));
}

}  // namespace tglink
