# Warnings are errors everywhere in our own code.
add_compile_options(-Wall -Wextra -Werror)
add_compile_definitions(BOOST_ASIO_NO_DEPRECATED BOOST_BEAST_USE_STD_STRING_VIEW)
