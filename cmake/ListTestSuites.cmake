# cmake -D EXECUTABLE=<GoogleTest executable> -D OUTPUT=<file> -P ListTestSuites.cmake
# Writes the names of the executable's test suites, one per line, as --gtest_list_tests prints
# them ("Suite." or "Prefix/Suite/0.  # TypeParam = ..."), without the dot and the comment.
# Used by tglink_add_suite_tests (cmake/Testing.cmake), after each link.
# Listing allocates nothing worth a leak check, and LeakSanitizer's check at exit can crash on
# Debian 12 (scripts/run-tests.sh, use_tls=0) without the suite's options.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
execute_process(COMMAND ${EXECUTABLE} --gtest_list_tests
  OUTPUT_VARIABLE listing RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} --gtest_list_tests failed (${status}): ${errors}")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(suites "")
foreach(line IN LISTS lines)
  if(line MATCHES "^([^ #][^ ]*)\\.( .*)?$")
    string(APPEND suites "${CMAKE_MATCH_1}\n")
  endif()
endforeach()
file(WRITE ${OUTPUT}.new "${suites}")
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.new)
