#pragma once
// Where TDLib puts a finished download, with the name a user gave the file (FileLoaderUtils.cpp
// create_from_temp and for_suggested_file_name, tdutils' clean_filename):
//
//   - clean_filename: a name that is not UTF-8 becomes ""; the part after the last '/' or '\' is
//     split at its last '.' (not a first one) into stem and extension; in each, a character below
//     U+0020, one of < > : " / \ | ? * & ' and '`', or one that is no letter or number becomes a
//     space, or is dropped when TDLib's search form of it is nothing ('`', combining marks,
//     invisible format characters, controls); spaces and dots are dropped at the start and the end;
//     the stem keeps at most 64 characters and the extension 16.
//   - the candidates, tried in order, the first that can be created new wins: "stem.ext", then
//     "stem_(0).ext" … "stem_(9).ext", then "stem_(<i random characters>).ext" for i = 2 … 11;
//     with the option ignore_file_names (tglink sets it) or an empty stem, "file_N.ext" and
//     "file_N_<6 random characters>.ext" (N counts up per client). None left: the download fails
//     ("Can't find suitable file name").
//
// Letters and numbers outside ASCII are told by the C library's Unicode classes (C.UTF-8), not by
// TDLib's own tables; the two agree on the names tests send.

#include <string>
#include <string_view>
#include <vector>

namespace tglink::sim {

[[nodiscard]] std::string clean_filename(std::string_view name);

// The names for_suggested_file_name tries, in order; `random_seed` makes the random suffixes.
[[nodiscard]] std::vector<std::string> suggested_file_names(std::string_view name,
                                                            bool ignore_file_names,
                                                            int perm_file_id, unsigned random_seed);

}  // namespace tglink::sim
