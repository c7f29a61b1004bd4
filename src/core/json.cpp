// Boost.JSON is used header-only; this is the one translation unit that holds its definitions.
#include <boost/json/src.hpp>
