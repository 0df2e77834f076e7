#pragma once
// Numbers as text. Everything the tool prints for a program to read (JSON, generated code) uses
// format_exact: printf's %.17g, which round-trips every double exactly.
#include <string>

namespace footfall::host {

/// printf into a string of whatever length the output has (never truncated); a format error
/// gives an empty string.
std::string format_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));

std::string format_exact(double x);  ///< %.17g
std::string format_short(double x);  ///< %g, for messages and tables meant for people
/// The fewest significant digits (%g, up to 17) that read back as x: for a message quoting a
/// value it refused, which %g may round onto the bound it broke (1.0000001 is not "1").
std::string format_refused(double x);
std::string format_fixed(double x, int decimals);  ///< %.*f for tables, never "-0.000"; %.*e from 1e9

}  // namespace footfall::host
