#include "selftest/self_test_nonce_file.hpp"

#include <fstream>
#include <stdexcept>

#include "core/private_files.hpp"

namespace tglink {

std::filesystem::path self_test_nonce_path(const std::filesystem::path& data_dir) {
  return data_dir / "self-test.nonce";
}

void write_self_test_nonce(const std::filesystem::path& data_dir, const std::string& nonce) {
  const std::filesystem::path path = self_test_nonce_path(data_dir);
  make_private_file(path);
  std::ofstream file(path, std::ios::trunc);
  file << nonce << '\n';
  if (!file.flush()) throw std::runtime_error("cannot write " + path.string());
}

std::optional<std::string> read_self_test_nonce(const std::filesystem::path& data_dir) {
  std::ifstream file(self_test_nonce_path(data_dir));
  std::string nonce;
  if (!(file >> nonce)) return std::nullopt;
  return nonce;
}

}  // namespace tglink
