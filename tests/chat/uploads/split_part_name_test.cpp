// Which names are parts of a split file and which file they make: the tools' forms, RAR volumes
// left alone, and hostile or near-miss names that must stay ordinary files.
#include "chat/uploads/split_part_name.hpp"

#include <optional>
#include <string>

#include <gtest/gtest.h>

namespace tglink {
namespace {

std::optional<SplitPartName> expected_part(const std::string& joined, int number) {
  return SplitPartName{joined, number};
}

TEST(SplitPartName, NumberedVolumesOfTheSplittersAreParts) {
  EXPECT_EQ(split_part_name("movie.mkv.001"), expected_part("movie.mkv", 1));
  EXPECT_EQ(split_part_name("movie.mkv.012"), expected_part("movie.mkv", 12));
  EXPECT_EQ(split_part_name("backup.7z.999"), expected_part("backup.7z", 999));
  EXPECT_EQ(split_part_name("dump.000"), expected_part("dump", 0));  // split -d -a 3
  EXPECT_EQ(split_part_name("a.001.002"), expected_part("a.001", 2));
  EXPECT_EQ(split_part_name("Фильм 2024.mp4.003"), expected_part("Фильм 2024.mp4", 3));
}

TEST(SplitPartName, PartWordFormsAreParts) {
  EXPECT_EQ(split_part_name("movie.mkv.part1"), expected_part("movie.mkv", 1));
  EXPECT_EQ(split_part_name("movie.mkv.part01"), expected_part("movie.mkv", 1));
  EXPECT_EQ(split_part_name("movie.mkv.PART003"), expected_part("movie.mkv", 3));
  EXPECT_EQ(split_part_name("movie.part2.mkv"), expected_part("movie.mkv", 2));
  EXPECT_EQ(split_part_name("archive.part10.zip"), expected_part("archive.zip", 10));
}

TEST(SplitPartName, RarVolumesStayOrdinaryFiles) {
  EXPECT_EQ(split_part_name("archive.part1.rar"), std::nullopt);
  EXPECT_EQ(split_part_name("archive.part02.RAR"), std::nullopt);
  EXPECT_EQ(split_part_name("archive.part1.exe"), std::nullopt);
  EXPECT_EQ(split_part_name("archive.r00"), std::nullopt);
}

TEST(SplitPartName, TitlesAndNearMissesStayOrdinaryFiles) {
  EXPECT_EQ(split_part_name("Kill.Bill.Part1.mkv"), std::nullopt);  // a whole film
  EXPECT_EQ(split_part_name("photo.2024"), std::nullopt);           // four digits
  EXPECT_EQ(split_part_name("track.01"), std::nullopt);             // two digits
  EXPECT_EQ(split_part_name("movie.mkv"), std::nullopt);
  EXPECT_EQ(split_part_name("movie.split_part"), std::nullopt);
  EXPECT_EQ(split_part_name("movie.part1a"), std::nullopt);
  EXPECT_EQ(split_part_name("movie.part1234"), std::nullopt);
  EXPECT_EQ(split_part_name("movie.part1."), std::nullopt);
  EXPECT_EQ(split_part_name("movie.part1.tar.gz"), std::nullopt);
  EXPECT_EQ(split_part_name("movie.00１"), std::nullopt);  // a full-width digit
  EXPECT_EQ(split_part_name("movie.-01"), std::nullopt);
}

TEST(SplitPartName, HostileNamesNeverMakeAnEmptyOrDotsOnlyName) {
  EXPECT_EQ(split_part_name(".001"), std::nullopt);
  EXPECT_EQ(split_part_name("..001"), std::nullopt);
  EXPECT_EQ(split_part_name(" . .001"), std::nullopt);
  EXPECT_EQ(split_part_name("001"), std::nullopt);
  EXPECT_EQ(split_part_name(""), std::nullopt);
  EXPECT_EQ(split_part_name(".part1"), std::nullopt);
  EXPECT_EQ(split_part_name("..part1"), std::nullopt);
  EXPECT_EQ(split_part_name(".part1.mkv"), std::nullopt);
  EXPECT_EQ(split_part_name(std::string("a\0b.001", 7)), expected_part(std::string("a\0b", 3), 1));
  // Whatever else the name holds is kept as it is: the replies and headers escape it.
  EXPECT_EQ(split_part_name("../../etc/passwd.001"), expected_part("../../etc/passwd", 1));
  EXPECT_EQ(split_part_name("<b>x</b>.part2"), expected_part("<b>x</b>", 2));
}

}  // namespace
}  // namespace tglink
