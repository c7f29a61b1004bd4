# Warnings are errors everywhere in our own code.
add_compile_options(-Wall -Wextra -Werror)
add_compile_definitions(BOOST_ASIO_NO_DEPRECATED BOOST_BEAST_USE_STD_STRING_VIEW)
# A failed Boost assertion (in builds without NDEBUG) goes through src/core/boost_assert_handler.cpp,
# which knows one upstream false alarm.
add_compile_definitions(BOOST_ENABLE_ASSERT_DEBUG_HANDLER)
