#pragma once
// How split_files and split_parts rows (schema step 15) become a SplitFile, for both stores: the
// column lists are the same text in SQLite and PostgreSQL, and a Row is SQLite's StatementRun or
// PostgreSQL's PgRow (store/record_rows.hpp explains the pattern).

#include <string_view>

#include "store/store.hpp"

namespace tglink {

inline constexpr std::string_view kSplitFileColumns =
    "id, user_id, chat_id, name, created_unix, joined_message_id";
inline constexpr std::string_view kSplitPartColumns = "number, message_id, file_size";

template <typename Row>
SplitFile read_split_file(const Row& row) {
  return SplitFile{.id = row.int_at(0),
                   .user_id = row.int_at(1),
                   .chat_id = row.int_at(2),
                   .name = row.text_at(3),
                   .created_unix = row.int_at(4),
                   .joined_message_id = row.int_at(5),
                   .parts = {}};
}

template <typename Row>
SplitPart read_split_part(const Row& row) {
  return SplitPart{.number = static_cast<int>(row.int_at(0)),
                   .message_id = row.int_at(1),
                   .file_size = row.int_at(2)};
}

}  // namespace tglink
