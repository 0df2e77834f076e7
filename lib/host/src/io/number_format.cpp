#include "footfall/host/io/number_format.hpp"

#include <cstdio>

namespace footfall::host {

std::string format_exact(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

std::string format_short(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", x);
  return buffer;
}

std::string format_fixed(double x, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x == 0.0 ? 0.0 : x);
  std::string text = buffer;
  bool zero = true;
  for (char c : text) zero = zero && (c == '-' || c == '0' || c == '.');
  if (zero && text[0] == '-') text.erase(0, 1);
  return text;
}

}  // namespace footfall::host
