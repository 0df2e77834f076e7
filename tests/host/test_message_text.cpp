// The text helpers every host error message goes through: names from users' files are quoted
// with their control bytes escaped, and other libraries' messages are put on one line.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"

namespace {

using footfall::host::escaped;
using footfall::host::one_line;
using footfall::host::quoted_text;

TEST(MessageText, QuotedKeepsPrintableTextAndUtf8) {
  EXPECT_EQ(quoted_text("FR_foot"), "'FR_foot'");
  EXPECT_EQ(quoted_text(""), "''");
  EXPECT_EQ(quoted_text("pied avant gauche \xC3\xA9"), "'pied avant gauche \xC3\xA9'");  // é stays UTF-8
  EXPECT_EQ(quoted_text("it's"), "'it's'");
}

TEST(MessageText, ControlBytesAreEscapedSoTheMessageStaysOneLine) {
  EXPECT_EQ(escaped("a\nb"), "a\\nb");
  EXPECT_EQ(escaped("a\rb\tc"), "a\\rb\\tc");
  EXPECT_EQ(escaped(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(escaped("\x01\x1f\x7f"), "\\x01\\x1f\\x7f");
  EXPECT_EQ(quoted_text("r\n"), "'r\\n'");
  // Every byte: the result never holds a control byte.
  for (int b = 0; b < 256; ++b) {
    const std::string e = escaped(std::string(1, static_cast<char>(b)));
    for (const char c : e) EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 || c == 0x7f) << b;
  }
}

TEST(MessageText, OneLineTurnsLineBreaksAndTabsIntoSpaces) {
  EXPECT_EQ(one_line("line one\nline two\r\n"), "line one line two");
  EXPECT_EQ(one_line("a\tb  "), "a b");
  EXPECT_EQ(one_line("\n"), "");
  EXPECT_EQ(one_line("plain"), "plain");
}

}  // namespace

namespace {

using footfall::host::format_fixed;

TEST(NumberFormat, FixedHasNoNegativeZeroAndTurnsHugeValuesToExponents) {
  EXPECT_EQ(format_fixed(1.5, 3), "1.500");
  EXPECT_EQ(format_fixed(-0.0001, 3), "0.000");  // rounds to zero: no "-0.000"
  EXPECT_EQ(format_fixed(-0.0, 2), "0.00");
  EXPECT_EQ(format_fixed(-2.25, 1), "-2.2");
  EXPECT_EQ(format_fixed(999999999.0, 1), "999999999.0");
  EXPECT_EQ(format_fixed(1e30, 5), "1.00000e+30");
  EXPECT_EQ(format_fixed(-3.5e12, 2), "-3.50e+12");
  EXPECT_EQ(format_fixed(std::numeric_limits<double>::infinity(), 3), "inf");
  EXPECT_EQ(format_fixed(std::numeric_limits<double>::quiet_NaN(), 3), "nan");
}

}  // namespace
