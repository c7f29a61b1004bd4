// Which names are parts of a split file and which file they make: the tools' forms, RAR volumes
// left alone, and hostile or near-miss names that must stay ordinary files.
#include "chat/uploads/split_part_name.hpp"

#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_results;

std::optional<SplitPartName> expected_part(const std::string& joined, int number) {
  return SplitPartName{joined, number};
}

TEST(SplitPartName, NumberedVolumesOfTheSplittersAreParts) {
  expect_results(split_part_name, {{"movie.mkv.001", expected_part("movie.mkv", 1)},
                                   {"movie.mkv.012", expected_part("movie.mkv", 12)},
                                   {"backup.7z.999", expected_part("backup.7z", 999)},
                                   {"dump.000", expected_part("dump", 0)},  // split -d -a 3
                                   {"a.001.002", expected_part("a.001", 2)},
                                   {"Фильм 2024.mp4.003", expected_part("Фильм 2024.mp4", 3)}});
}

TEST(SplitPartName, PartWordFormsAreParts) {
  expect_results(split_part_name, {{"movie.mkv.part1", expected_part("movie.mkv", 1)},
                                   {"movie.mkv.part01", expected_part("movie.mkv", 1)},
                                   {"movie.mkv.PART003", expected_part("movie.mkv", 3)},
                                   {"movie.part2.mkv", expected_part("movie.mkv", 2)},
                                   {"archive.part10.zip", expected_part("archive.zip", 10)}});
}

TEST(SplitPartName, RarVolumesStayOrdinaryFiles) {
  expect_false_for(split_part_name,
                   {"archive.part1.rar", "archive.part02.RAR", "archive.part1.exe", "archive.r00"});
}

TEST(SplitPartName, TitlesAndNearMissesStayOrdinaryFiles) {
  // A whole film, four digits, two digits, then near misses ("movie.00１": a full-width digit).
  expect_false_for(split_part_name,
                   {"Kill.Bill.Part1.mkv", "photo.2024", "track.01", "movie.mkv",
                    "movie.split_part", "movie.part1a", "movie.part1234", "movie.part1.",
                    "movie.part1.tar.gz", "movie.00１", "movie.-01"});
}

TEST(SplitPartName, HostileNamesNeverMakeAnEmptyOrDotsOnlyName) {
  expect_false_for(split_part_name,
                   {".001", "..001", " . .001", "001", "", ".part1", "..part1", ".part1.mkv"});
  EXPECT_EQ(split_part_name(std::string("a\0b.001", 7)), expected_part(std::string("a\0b", 3), 1));
  // Whatever else the name holds is kept as it is: the replies and headers escape it.
  EXPECT_EQ(split_part_name("../../etc/passwd.001"), expected_part("../../etc/passwd", 1));
  EXPECT_EQ(split_part_name("<b>x</b>.part2"), expected_part("<b>x</b>", 2));
}

}  // namespace
}  // namespace tglink
