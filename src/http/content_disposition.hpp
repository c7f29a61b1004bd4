#pragma once
// The Content-Disposition field for a file response (RFC 6266, with RFC 8187 for filename*).

#include <string>
#include <string_view>

namespace tglink {

enum class DispositionType { kAttachment, kInline };

// `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded name>`.
// filename* is always sent, not only for non-ASCII names: every current browser prefers it, it
// carries the exact name even when the fallback had to replace characters, and one shape keeps
// the handlers and their tests simple. `file_name` is expected to be UTF-8 (TDLib's strings are);
// its bytes are percent-encoded as they are.
[[nodiscard]] std::string content_disposition(DispositionType type, std::string_view file_name);

// The quoted-string fallback for old clients: printable ASCII kept; each non-ASCII character
// (one UTF-8 sequence), control character, '"', '\\' and '%' becomes '_'. '%' goes because some
// clients percent-decode this parameter (RFC 6266 appendix D). Never empty: "download" stands in
// for a name with nothing left.
[[nodiscard]] std::string ascii_fallback_file_name(std::string_view file_name);

}  // namespace tglink
