# Warnings are errors everywhere in our own code.
add_compile_options(-Wall -Wextra -Werror)
add_compile_definitions(BOOST_ASIO_NO_DEPRECATED BOOST_BEAST_USE_STD_STRING_VIEW)
# A failed Boost assertion (in builds without NDEBUG) goes through src/core/boost_assert_handler.cpp,
# which knows one upstream false alarm.
add_compile_definitions(BOOST_ENABLE_ASSERT_DEBUG_HANDLER)
# GCC 12 (Debian 12's compiler), once it inlines at -O2, pairs Asio's awaitable frame allocation
# (thread_info_base's recycling allocator) with the frame's sized operator delete and reports
# -Wmismatched-new-delete where the pair is correct: GCC bug 109224, also reported against Asio
# coroutines by other projects. It fires only with inlining, so one changed coroutine can break
# the optimised build while the -O0 test build stays clean; the test build keeps the warning, where
# it has never fired, so it still catches a real mismatch there. Clang has no such diagnostic.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  add_compile_options($<$<NOT:$<CONFIG:Debug>>:-Wno-mismatched-new-delete>)
endif()
