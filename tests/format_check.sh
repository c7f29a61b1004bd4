#!/usr/bin/env bash
# The code follows the repository's .clang-format: fails naming every file that does not.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' 2>/dev/null || find src tests bench -name '*.[ch]pp')
bad=$(clang-format --dry-run "${files[@]}" 2>&1 | grep -oE '^[^:]+\.(cpp|hpp)' | sort -u || true)
if [ -n "$bad" ]; then
  echo "Not formatted (run make format):"
  echo "$bad"
  exit 1
fi
echo "${#files[@]} files follow .clang-format"
