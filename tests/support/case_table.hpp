#pragma once
// Table-driven checks of a function of one argument: the cases of one behaviour in one table
// instead of a column of EXPECT_EQ lines that differ only in their values. Every check still
// runs on its own, and a failing one names its input (printed by GoogleTest, so a NUL, a line
// break or a stray byte shows as such) and, in its trace, the test line that holds the table.
//
//   expect_results(parse_log_level, {{"DEBUG", LogLevel::Debug}, {"verbose", std::nullopt}});
//   expect_result_for(token_from_link, "TOKEN", {"https://h/dl/TOKEN", "TOKEN"});
//   expect_true_for(is_ip_address, {"0.0.0.0", "::"});
//   expect_false_for(parse_command_line, {"hello", "/"});  // false, or an empty optional
//
// The input type is std::string unless named first (expect_results<double>(...)), whatever the
// literals in the table, so that a row may hold std::string("a\0b", 3); the expected result has
// the type the function returns, so a table reads like the calls it replaces.

#include <initializer_list>
#include <source_location>
#include <string>
#include <type_traits>

#include <gtest/gtest.h>

namespace tglink::testing {

// One row of a table: an input and what the function must return for it.
template <typename Input, typename Result>
struct Case {
  Input input;
  Result expected;
};

// Names the table's own line in a failure's trace (the failure itself is reported here).
inline ::testing::ScopedTrace trace_table(const std::source_location& where) {
  return ::testing::ScopedTrace(where.file_name(), static_cast<int>(where.line()), "this table");
}

template <typename Function, typename Input>
using ResultOf = std::remove_cvref_t<std::invoke_result_t<const Function&, const Input&>>;

// function(input) == expected, for every row.
template <typename Input = std::string, typename Function>
void expect_results(const Function& function,
                    std::initializer_list<Case<Input, ResultOf<Function, Input>>> cases,
                    const std::source_location& where = std::source_location::current()) {
  const ::testing::ScopedTrace trace = trace_table(where);
  for (const Case<Input, ResultOf<Function, Input>>& row : cases) {
    EXPECT_EQ(function(row.input), row.expected)
        << "for the input " << ::testing::PrintToString(row.input);
  }
}

// function(input) == expected, the same result for every input.
template <typename Input = std::string, typename Function>
void expect_result_for(const Function& function, const ResultOf<Function, Input>& expected,
                       std::initializer_list<std::type_identity_t<Input>> inputs,
                       const std::source_location& where = std::source_location::current()) {
  const ::testing::ScopedTrace trace = trace_table(where);
  for (const Input& input : inputs) {
    EXPECT_EQ(function(input), expected) << "for the input " << ::testing::PrintToString(input);
  }
}

// predicate(input) tests as `wanted` for every input; what the two calls below share.
template <typename Input, typename Predicate>
void expect_truth_for(const Predicate& predicate,
                      std::initializer_list<std::type_identity_t<Input>> inputs, bool wanted,
                      const std::source_location& where) {
  const ::testing::ScopedTrace trace = trace_table(where);
  for (const Input& input : inputs) {
    EXPECT_EQ(static_cast<bool>(predicate(input)), wanted)
        << "for the input " << ::testing::PrintToString(input);
  }
}

// predicate(input) tests as true, for every input.
template <typename Input = std::string, typename Predicate>
void expect_true_for(const Predicate& predicate,
                     std::initializer_list<std::type_identity_t<Input>> inputs,
                     const std::source_location& where = std::source_location::current()) {
  expect_truth_for<Input>(predicate, inputs, true, where);
}

// predicate(input) tests as false (false, or an empty optional), for every input.
template <typename Input = std::string, typename Predicate>
void expect_false_for(const Predicate& predicate,
                      std::initializer_list<std::type_identity_t<Input>> inputs,
                      const std::source_location& where = std::source_location::current()) {
  expect_truth_for<Input>(predicate, inputs, false, where);
}

}  // namespace tglink::testing
