# The test build runs under AddressSanitizer and UBSan. -O0 keeps a Beast translation unit
# at about 11 s here instead of 34 s at -O1, which matters on a 2-core CI machine. The tests'
# own code drops UBSan (tests/CMakeLists.txt says why); every link keeps both runtimes.
if(TGLINK_SANITIZE)
  # UBSan is an item of its own, so that tests/CMakeLists.txt can take it off the tests' code.
  set(TGLINK_UBSAN_FLAG -fsanitize=undefined)
  set(TGLINK_SANITIZER_FLAGS -fsanitize=address ${TGLINK_UBSAN_FLAG} -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  add_compile_options(${TGLINK_SANITIZER_FLAGS} -O0 -g)
  add_link_options(${TGLINK_SANITIZER_FLAGS})
  # GCC 12's ASan takes each of UBSan's check records for a global of ours: it gives every one a
  # redzone and a descriptor (five times the record), registers and poisons them all at every
  # start, and LeakSanitizer reads them at every exit (tglink's .data: 84 MB with, 21 MB without;
  # `tglink --version`: 0.42 s of CPU with, 0.16 s without; docs/development.md, "What keeps the
  # tests short"). So ASan leaves globals alone here, and libstdc++'s assertions check what an
  # overflow of one of our globals would be in this code: an index into a std::array,
  # std::string_view or std::vector (a table, a name). C arrays with known bounds stay under
  # UBSan's `bounds` check.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(--param=asan-globals=0)
  endif()
  add_compile_definitions(_GLIBCXX_ASSERTIONS)
  # Executables are linked at a fixed address: as position-independent executables UBSan's
  # check data took 3 million relocations (tglink: 262 MB, 0.65 s of CPU to start under ASan);
  # without them 189 MB and 0.28 s, and the suite starts hundreds of these processes
  # (docs/development.md, "What keeps the build short"). Libraries stay position-independent.
  add_link_options($<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
endif()
