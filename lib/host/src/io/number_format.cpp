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

}  // namespace footfall::host
