# All from Debian 12 packages, installed by scripts/install-deps.sh.
find_package(Boost 1.81 REQUIRED)  # Asio, Beast and JSON are used header-only
find_package(SQLite3 REQUIRED)
find_package(PostgreSQL REQUIRED)  # libpq only (libpq-dev), for DATABASE_URL
find_package(OpenSSL 3 REQUIRED)
find_package(spdlog REQUIRED)
find_package(Threads REQUIRED)
# libseccomp (libseccomp-dev) builds the system-call filter of ffmpeg's children.
find_package(PkgConfig REQUIRED)
pkg_check_modules(SECCOMP REQUIRED IMPORTED_TARGET libseccomp>=2.5)
if(TGLINK_TESTS)
  find_package(GTest REQUIRED)
  include(GoogleTest)
endif()
if(TGLINK_BENCH)
  find_package(benchmark REQUIRED)
endif()

# Where the pinned npm copy of TDLib lives; the default for TDJSON_PATH.
set(TGLINK_DEFAULT_TDJSON "${CMAKE_SOURCE_DIR}/node_modules/@prebuilt-tdlib/linux-x64-glibc/libtdjson.so")
