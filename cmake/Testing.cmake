# tglink_add_test(<name> SOURCES <files...> LIBS <targets...> [LABELS <labels...>] [POSTGRES]
#                 [WAITING <gtest filter>] [COST <seconds>])
# One GoogleTest executable; every TEST() in it becomes its own CTest test. POSTGRES: the tests
# use the real PostgreSQL server of the CTest fixture "postgres" (tests/support/CMakeLists.txt).
#
# Every test takes one "cpu" slot (CTest resource groups; scripts/run-tests.sh offers as many slots
# as cores), so no more tests compute at once than there are cores. WAITING names, as a
# GoogleTest filter, the tests that spend their run waiting on Telegram's real-time pacing (20
# posts a minute in a channel, a minute offline) or on a timer (a link's lifetime, a write
# timeout): they take one of three "waiting" slots instead and run beside the others, labelled
# "waiting-<label>" (scripts/run-tests.sh offers the slots). Their CPU time is a fifth or less of
# their run.
# CTest starts the costliest tests first; it learns each test's cost from its runs, but a fresh
# clone has none, so the waiting ones (and targets given a COST, the browser matrices) are marked
# to start first rather than be the last minutes of a cold run.

# Where the build and its sources are: support/build_paths.hpp, written into the build tree and
# included only by the files that need a path, so no other file's compile line names this clone.
set(TGLINK_TEST_GENERATED_DIR ${CMAKE_BINARY_DIR}/tests/generated)
set(TGLINK_PATHS_SOURCE_DIR ${CMAKE_SOURCE_DIR})
set(TGLINK_PATHS_BINARY_DIR ${CMAKE_BINARY_DIR})
configure_file(${CMAKE_SOURCE_DIR}/tests/support/build_paths.hpp.in
  ${TGLINK_TEST_GENERATED_DIR}/support/build_paths.hpp @ONLY)

# Unit tests run one process per GoogleTest suite, as the CTest test "<Suite>.*": such a test
# takes a few milliseconds, while starting one of these ASan executables takes 0.2 to 0.7 s of CPU (loading and relocating a 100+ MiB binary, LeakSanitizer's
# scan at exit), so one process per test spent most of the suite's time starting processes. A
# suite shares its fixture's code and is the unit a reader thinks in; GoogleTest's own lines still
# name each test and each failure, and scripts/run-tests.sh counts GoogleTest's tests as well as
# CTest's (measured here: 40 of chat_test's tests, 51 s one process each, 3.9 s in one). The
# simulator and contract tests keep one process per test: the simulator library they load serves
# one client per process. So do the end-to-end and browser tests: they start servers and
# children, and a failure must not take a neighbour with it.
# The suites are listed after each link (cmake/ListTestSuites.cmake, into <name>_suites.txt); the
# CTest file reads that list, so a new TEST() needs no reconfigure.
function(tglink_add_suite_tests name)
  set(list_file ${CMAKE_CURRENT_BINARY_DIR}/${name}_suites.txt)
  set(executable ${CMAKE_BINARY_DIR}/tests/${name})
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -D EXECUTABLE=${executable} -D OUTPUT=${list_file}
      -P ${CMAKE_SOURCE_DIR}/cmake/ListTestSuites.cmake
    VERBATIM)
  set(include_file ${CMAKE_CURRENT_BINARY_DIR}/${name}_suite_tests.cmake)
  set(quoted_properties "")
  foreach(item IN LISTS ARGN)
    string(REPLACE "\\" "\\\\" item "${item}")
    string(APPEND quoted_properties " \"${item}\"")
  endforeach()
  file(WRITE ${include_file}
    "if(EXISTS \"${list_file}\")\n"
    "  file(STRINGS \"${list_file}\" suites)\n"
    "  foreach(suite IN LISTS suites)\n"
    "    add_test(\"\${suite}.*\" \"${executable}\" \"--gtest_filter=\${suite}.*\")\n"
    "    set_tests_properties(\"\${suite}.*\" PROPERTIES${quoted_properties})\n"
    "  endforeach()\n"
    "else()\n"
    "  add_test(${name}_NOT_BUILT ${name}_NOT_BUILT)\n"
    "endif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${include_file})
endfunction()

function(tglink_add_test name)
  cmake_parse_arguments(T "POSTGRES" "WAITING;COST" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest GTest::gmock GTest::gtest_main)
  target_include_directories(${name} PRIVATE ${TGLINK_TEST_GENERATED_DIR})
  set(properties ENVIRONMENT "TDLIB_NETWORK=none")
  if(T_POSTGRES)
    target_link_libraries(${name} PRIVATE tglink_test_postgres)
    list(APPEND properties FIXTURES_REQUIRED postgres)
  endif()
  set(computing ${properties} RESOURCE_GROUPS cpu:1)
  if(T_COST)
    list(APPEND computing COST ${T_COST})
  endif()
  # One label, since discovery flattens a list of them; `ctest -L` takes a regular expression, so
  # both -L waiting and -L e2e find "waiting-e2e".
  set(waiting ${properties} LABELS "waiting-${T_LABELS}" COST 1000 RESOURCE_GROUPS waiting:1)
  if(T_LABELS STREQUAL "browser")
    # A browser that waits on a real-time converter still draws every frame (a third of a core):
    # at most two at a time ("screen", two slots). Its low cost lets the scenarios that wait on
    # Telegram take a free lane first; those wait for the PostgreSQL fixture at the very start,
    # so two browser ones begin there, beside the browser matrices.
    set(waiting ${properties} LABELS "waiting-browser" COST 1 RESOURCE_GROUPS "waiting:1,screen:1")
  endif()
  if(T_LABELS)
    list(APPEND computing LABELS "${T_LABELS}")
  endif()
  if(T_LABELS STREQUAL "unit")
    tglink_add_suite_tests(${name} ${computing} SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
    return()
  endif()
  if(NOT T_WAITING)
    gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST PROPERTIES ${computing})
    return()
  endif()
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST TEST_FILTER "-${T_WAITING}"
    PROPERTIES ${computing})
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST TEST_FILTER "${T_WAITING}"
    PROPERTIES ${waiting})
endfunction()
