#pragma once
// Text for error messages. Every Error the host library returns is one line that a person can
// read and a program can split on newlines; names and values that come from the user's files or
// command line go through quoted_text(), so a name holding a newline or a control byte cannot break
// the line or hide what it is.
#include <string>
#include <string_view>

namespace footfall::host {

/// A C0 control byte (below 0x20: newline, tab, NUL, …) or DEL: what a name or a one-line message
/// must not hold as it is.
constexpr bool is_control_byte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

/// `text` with each control byte written as an escape: `\n`, `\r`, `\t`, or `\xNN`; other bytes
/// (printable ASCII, UTF-8) as they are.
std::string escaped(std::string_view text);

/// escaped(text) in single quotes (not std::quoted, which escapes quotes and keeps newlines).
std::string quoted_text(std::string_view text);

/// `text` on one line: newlines, carriage returns and tabs become spaces; trailing spaces go.
/// For messages written by other libraries (urdfdom, TinyXML, CLI11, nlohmann-json).
std::string one_line(std::string_view text);

}  // namespace footfall::host
