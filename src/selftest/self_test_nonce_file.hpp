#pragma once
// The running service writes its self-test nonce to DATA_DIR/self-test.nonce (mode 0600), so
// that `tglink check-config --online`, run beside it, can tell that the answer at BASE_URL
// comes from this machine's tglink and not from another one.

#include <filesystem>
#include <optional>
#include <string>

namespace tglink {

[[nodiscard]] std::filesystem::path self_test_nonce_path(const std::filesystem::path& data_dir);

// Throws std::runtime_error naming the file when it cannot be written.
void write_self_test_nonce(const std::filesystem::path& data_dir, const std::string& nonce);

// nullopt when there is no readable file.
[[nodiscard]] std::optional<std::string> read_self_test_nonce(
    const std::filesystem::path& data_dir);

}  // namespace tglink
