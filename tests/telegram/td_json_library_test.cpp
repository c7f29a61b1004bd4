#include "telegram/td_json_library.hpp"

#include <cmath>
#include <fstream>

#include <boost/json/parse.hpp>
#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/build_paths.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

std::string load_error(const std::filesystem::path& path) {
  try {
    static_cast<void>(TdJsonLibrary::load(path));
  } catch (const TdJsonLoadError& e) {
    return e.what();
  }
  return "loaded";
}

// The file libm was loaded from: a real shared library that is not TDLib.
std::filesystem::path libm_path() {
  Dl_info info{};
  using Cos = double (*)(double);
  const Cos cosine = &::cos;
  if (dladdr(reinterpret_cast<void*>(cosine), &info) == 0 || info.dli_fname == nullptr) {
    return {};
  }
  return info.dli_fname;
}

TEST(TdJsonLibrary, MissingFileSaysWhereAndWhatToDo) {
  const std::string error = load_error("/nonexistent/dir/libtdjson.so");
  EXPECT_THAT(error, HasSubstr("TDJSON_PATH: no file at /nonexistent/dir/libtdjson.so"));
  EXPECT_THAT(error, HasSubstr("make run"));
}

TEST(TdJsonLibrary, DirectoryIsNotALibrary) {
  testing::TempDir dir;
  EXPECT_THAT(load_error(dir.path()), HasSubstr("no file at " + dir.path().string()));
}

TEST(TdJsonLibrary, FileThatIsNotASharedLibraryGivesTheLoaderReason) {
  testing::TempDir dir;
  const std::filesystem::path path = dir.path() / "libtdjson.so";
  std::ofstream(path) << "this is not an ELF file\n";
  const std::string error = load_error(path);
  EXPECT_THAT(error, HasSubstr("TDJSON_PATH: cannot load " + path.string()));
  EXPECT_THAT(error, HasSubstr("libtdjson.so: "));  // dlerror's text follows
}

TEST(TdJsonLibrary, SharedLibraryThatIsNotTdlibNamesTheMissingSymbol) {
  const std::filesystem::path libm = libm_path();
  ASSERT_FALSE(libm.empty()) << "could not find where libm was loaded from";
  const std::string error = load_error(libm);
  EXPECT_THAT(error, HasSubstr("not TDLib's JSON interface"));
  EXPECT_THAT(error, HasSubstr("symbol td_create_client_id is missing"));
  EXPECT_THAT(error, HasSubstr(libm.string()));
}

TEST(TdJsonLibrary, RealLibraryLoadsAndAnswersSynchronousRequests) {
  const std::shared_ptr<TdJsonLibrary> library = TdJsonLibrary::load(TGLINK_REAL_TDJSON);
  const boost::json::value answer = boost::json::parse(
      library->execute(R"({"@type":"setLogVerbosityLevel","new_verbosity_level":1})"));
  EXPECT_EQ(answer.at("@type"), "ok");
}

TEST(TdJsonLibrary, BadRequestGivesTdlibsParseError) {
  const std::shared_ptr<TdJsonLibrary> library = TdJsonLibrary::load(TGLINK_REAL_TDJSON);
  const boost::json::value unknown = boost::json::parse(library->execute(R"({"@type":"x"})"));
  EXPECT_EQ(unknown.at("@type"), "error");
  EXPECT_EQ(unknown.at("code"), 400);
  EXPECT_THAT(std::string(unknown.at("message").as_string()),
              HasSubstr("Failed to parse JSON object as TDLib request: Unknown class \"x\""));

  const boost::json::value bad_int = boost::json::parse(
      library->execute(R"({"@type":"setLogVerbosityLevel","new_verbosity_level":"abc"})"));
  EXPECT_EQ(bad_int.at("code"), 400);
  EXPECT_THAT(std::string(bad_int.at("message").as_string()),
              HasSubstr("Failed to parse JSON object as TDLib request"));
}

}  // namespace
}  // namespace tglink
