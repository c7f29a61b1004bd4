# The libFuzzer build (TGLINK_FUZZ): clang, coverage instrumentation, AddressSanitizer and UBSan
# in every object, at -O1 so each target reaches millions of runs in minutes. The fuzz target
# executables add libFuzzer's own main() (tests/fuzz/CMakeLists.txt).
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
  add_compile_options(${TGLINK_FUZZ_SANITIZERS} -fsanitize=fuzzer-no-link -O1 -g)
  add_link_options(${TGLINK_FUZZ_SANITIZERS})
endif()
