# The libFuzzer build (TGLINK_FUZZ): clang, coverage instrumentation, AddressSanitizer and UBSan
# in every object, at -O1 so each target of `make fuzz` reaches millions of runs in minutes. The
# fuzz target executables add libFuzzer's own main() (tests/fuzz/CMakeLists.txt).
if(TGLINK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TGLINK_FUZZ needs clang++ (-DCMAKE_CXX_COMPILER=clang++); "
                        "scripts/install-deps.sh --test installs it with libFuzzer")
  endif()
  if(TGLINK_SANITIZE OR TGLINK_TESTS)
    message(FATAL_ERROR "TGLINK_FUZZ is a build tree of its own: leave TGLINK_SANITIZE and TGLINK_TESTS off")
  endif()
  set(TGLINK_FUZZ_SANITIZERS -fsanitize=address,undefined -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  # The test build's sub-build (tests/fuzz/CMakeLists.txt) only replays each corpus and mutates
  # it for a few seconds, so it compiles at -O0 with line tables: cold, alone, 124 s of CPU
  # against 160 s at -O1 -g, on the test build's last step, which runs alone.
  option(TGLINK_FUZZ_QUICK "Compile the fuzz targets for a short replay (-O0 -g1), not for hours of fuzzing" OFF)
  if(TGLINK_FUZZ_QUICK)
    set(TGLINK_FUZZ_OPTIMIZE -O0 -g1)
  else()
    set(TGLINK_FUZZ_OPTIMIZE -O1 -g)
  endif()
  add_compile_options(${TGLINK_FUZZ_SANITIZERS} -fsanitize=fuzzer-no-link ${TGLINK_FUZZ_OPTIMIZE})
  add_link_options(${TGLINK_FUZZ_SANITIZERS})
endif()
