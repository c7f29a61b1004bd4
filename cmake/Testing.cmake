# tglink_add_test(<name> SOURCES <files...> LIBS <targets...> [LABELS <labels...>] [POSTGRES])
# One GoogleTest executable; every TEST() in it becomes its own CTest test. POSTGRES: the tests
# use the real PostgreSQL server of the CTest fixture "postgres" (tests/support/CMakeLists.txt).
function(tglink_add_test name)
  cmake_parse_arguments(T "POSTGRES" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  target_link_libraries(${name} PRIVATE ${T_LIBS} GTest::gtest GTest::gmock GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE
    TGLINK_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    TGLINK_BINARY_DIR="${CMAKE_BINARY_DIR}"
    TGLINK_REAL_TDJSON="${TGLINK_DEFAULT_TDJSON}")
  set(properties ENVIRONMENT "TDLIB_NETWORK=none")
  if(T_POSTGRES)
    target_link_libraries(${name} PRIVATE tglink_test_postgres)
    list(APPEND properties FIXTURES_REQUIRED postgres)
  endif()
  if(T_LABELS)
    list(APPEND properties LABELS "${T_LABELS}")
  endif()
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST PROPERTIES ${properties})
endfunction()
