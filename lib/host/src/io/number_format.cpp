#include "footfall/host/io/number_format.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace footfall::host {

std::string format_printf(const char* format, ...) {
  // Two passes: the first measures, the second writes, so no width, name or magnitude is cut.
  std::va_list args;
  va_start(args, format);
  std::va_list measure;
  va_copy(measure, args);
  const int length = std::vsnprintf(nullptr, 0, format, measure);
  va_end(measure);
  std::string text;
  if (length > 0) {
    text.resize(static_cast<std::size_t>(length) + 1);  // vsnprintf writes the terminating '\0' too
    const int written = std::vsnprintf(&text[0], text.size(), format, args);
    text.resize(written == length ? static_cast<std::size_t>(length) : 0);
  }
  va_end(args);
  return text;
}

std::string format_exact(double x) { return format_printf("%.17g", x); }

std::string format_short(double x) { return format_printf("%g", x); }

std::string format_refused(double x) {
  std::string text;
  for (int digits = 6; digits <= 17; ++digits) {
    text = format_printf("%.*g", digits, x);
    if (!std::isfinite(x) || std::strtod(text.c_str(), nullptr) == x) break;
  }
  return text;
}

std::string format_fixed(double x, int decimals) {
  // A column of %.5f is right for forces and speeds; a diverged or mis-scaled value of 1e30
  // would fill 36 characters with digits that mean nothing, so from 1e9 on (and inf, nan) the
  // same number of decimals goes to the exponent form instead.
  if (!(std::fabs(x) < 1e9)) return format_printf("%.*e", decimals, x);
  std::string text = format_printf("%.*f", decimals, x == 0.0 ? 0.0 : x);
  bool zero = true;
  for (char c : text) zero = zero && (c == '-' || c == '0' || c == '.');
  if (zero && !text.empty() && text[0] == '-') text.erase(0, 1);
  return text;
}

}  // namespace footfall::host
