#pragma once
// Reading a state file (state/state_file.hpp), shared by `forces` and `impact`: the JSON, the
// fields they have in common, and the pieces each command's own fields are read with. Inside
// lib/host only. A mistake is thrown as a FieldError and caught by parse_state_document(), which
// turns it into the one-line "file: field: what".
#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/state/state_file.hpp"

namespace footfall::host::state_parsing {

using nlohmann::json;

// The field at fault and what is wrong with it.
struct FieldError {
  std::string field;
  std::string what;
};

// One of `values`, named by to_string(value) in the file.
template <typename Enum, std::size_t N>
Enum choice(const json& j, const std::string& field, const Enum (&values)[N]) {
  std::string list;
  for (Enum e : values) list += (list.empty() ? "" : ", ") + std::string(to_string(e));
  if (j.is_string())
    for (Enum e : values)
      if (j.get<std::string>() == to_string(e)) return e;
  throw FieldError{field, (j.is_string() ? "'" + j.get<std::string>() + "' is" : std::string("is")) + " not one of " +
                              list};
}

// The fields every state file has, read from the document `j` into `s`. `own_keys` are the
// command's own top-level keys (read by the caller), the only others allowed; "tau" is required
// when `tau_required`, and read and checked when given otherwise.
void parse_common_fields(const json& j, const RobotDescription& model, std::initializer_list<const char*> own_keys,
                         bool tau_required, StateFile* s);

// The solver's limit on contacts when it is enumeration (lcp/enumerate.hpp), checked against the file's
// contacts: "solver: 'enumerate' takes at most N contacts; use auto".
void check_enumeration_size(const StateFile& s);

// Parses `text` as JSON and hands the document to `parse`; a FieldError or malformed JSON becomes
// "name: field: what".
template <typename State, typename Parse>
Result<State> parse_state_document(const std::string& text, const std::string& name, Parse parse);

// The contents of the file at `path`, or "path: cannot read file".
Result<std::string> read_state_text(const std::string& path);

// nlohmann's message without its "[json.exception.parse_error.101] " prefix.
std::string parse_error_text(const std::string& what);

template <typename State, typename Parse>
Result<State> parse_state_document(const std::string& text, const std::string& name, Parse parse) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::exception& e) {
    return Error{name + ": malformed JSON: " + parse_error_text(e.what())};
  }
  try {
    return parse(document);
  } catch (const FieldError& e) {
    return Error{name + ": " + e.field + ": " + e.what};
  }
}

}  // namespace footfall::host::state_parsing
