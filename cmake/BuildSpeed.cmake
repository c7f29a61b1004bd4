# What keeps a cold build short on a 2-core machine; docs/development.md has the measurements.

# ccache, with paths taken relative to the source tree and the build folder left out of the
# hash, so a fresh clone in another folder (CI's) hits what an earlier clone compiled.
find_program(TGLINK_CCACHE ccache)
find_program(TGLINK_ENV env)
if(TGLINK_CCACHE AND TGLINK_ENV AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER
    ${TGLINK_ENV} CCACHE_BASEDIR=${CMAKE_SOURCE_DIR} CCACHE_NOHASHDIR=1 ${TGLINK_CCACHE})
endif()

# mold links a test executable in a fraction of ld.bfd's time (Debian's package `mold`,
# installed by scripts/install-deps.sh); without it, the default linker.
include(CheckLinkerFlag)
check_linker_flag(CXX -fuse-ld=mold TGLINK_HAS_MOLD)
if(TGLINK_HAS_MOLD)
  add_link_options(-fuse-ld=mold)
endif()

# Line tables are what a sanitizer report, a backtrace and perf read; nobody steps through
# variables of the test build or of the release binary, which is stripped when packaged. The
# option comes after CMAKE_CXX_FLAGS_<CONFIG>'s -g, so it wins.
add_compile_options($<$<CONFIG:Debug,RelWithDebInfo>:-g1>)

# Each library of src/ is compiled in batches of files (a unity build): a batch parses the
# Boost.Asio, Boost.JSON and spdlog headers once and instantiates a coroutine machinery once,
# about half the CPU time of one file at a time. Off for quicker rebuilds of one edited file.
option(TGLINK_UNITY "Compile the libraries of src/ in batches of files (unity build)" ON)
set(TGLINK_UNITY_BATCH_SIZE 8 CACHE STRING "Files per batch of a unity build")
