#include "footfall/host/io/message_text.hpp"

namespace footfall::host {

std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (is_control_byte(c)) {
      constexpr std::string_view kHex = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte / 16];
      out += kHex[byte % 16];
    } else {
      out += c;  // printable ASCII and UTF-8 bytes as they are
    }
  }
  return out;
}

std::string quoted_text(std::string_view text) { return "'" + escaped(text) + "'"; }

std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace footfall::host
