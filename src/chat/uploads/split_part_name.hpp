#pragma once
// Which file names are parts of one file cut into pieces, and which file they make together.
//
// Two families of names are byte splits, made by the tools people use to get past a size limit:
//   NAME.001, NAME.002, ...  7-Zip's volumes, HJSplit, Total Commander, `split
//                            --numeric-suffixes=1 -a 3 FILE FILE.`; `split -d -a 3` numbers from
//                            NAME.000 instead. Exactly three digits: four would take in names
//                            such as "photo.2024".
//   NAME.partN               file splitters that append ".part1", ".part01", ".part001"
//   NAME.partN.EXT           the same number put before the extension ("movie.part2.mkv",
//                            which makes "movie.mkv"); lower-case "part" only, because a title
//                            such as "Kill.Bill.Part1.mkv" is a whole film, not a piece of one.
// "NAME.partN.rar" (and ".exe", a self-extracting first volume) is a multi-volume RAR archive:
// each volume is an archive of its own that unrar reads in turn, not a slice of bytes, so it is
// not a split part and stays an ordinary file.
//
// Pure: the upload flow (chat/uploads/split_upload.hpp) and its tests ask it.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// The highest part number a name may carry (three digits).
inline constexpr int kMaxSplitPartNumber = 999;

struct SplitPartName {
  std::string joined_name;  // the file the parts make: "movie.mkv" for "movie.mkv.002"
  int number = 0;           // the part's number as written: 2 for ".002", 0 for ".000"

  bool operator==(const SplitPartName&) const = default;
};

// The part `file_name` is, or nullopt for an ordinary file (a RAR volume included). The joined
// name is never empty and never only dots or spaces.
[[nodiscard]] std::optional<SplitPartName> split_part_name(std::string_view file_name);

}  // namespace tglink
