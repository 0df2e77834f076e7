#pragma once
// Reading a state file (state/state_file.hpp), shared by `forces` and `impact`: the JSON, the
// fields they have in common, and the pieces each command's own fields are read with. Inside
// lib/host only. A mistake is thrown as a FieldError and caught by parse_state_file(), which
// turns it into the one-line "file: field: what".
#include <initializer_list>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "footfall/host/common/result.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/stance/stance_state.hpp"
#include "footfall/host/state/state_file.hpp"
#include "footfall/host/motion/scenario.hpp"
#include "footfall/host/strike/impact_state.hpp"

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
  const std::string value = j.is_string() ? quoted_text(j.get<std::string>()) + " is" : std::string("is");
  throw FieldError{field, value + " not one of " + list};
}

// Refuses a key of `object` not among `keys`: "where.key: not a key of <what> (keys...)". `where`
// is the object's field ("" for the file itself), `what` the kind of object, for messages.
void refuse_unknown_keys(const json& object, const std::string& where, const char* what,
                         const std::vector<std::string>& keys);

// A finite number; an array of `size` finite numbers (`what` says what they are, for messages).
double number(const json& j, const std::string& field);
std::vector<double> numbers(const json& j, std::size_t size, const std::string& field, const std::string& what);

// The fields every state file has, read from the document `j` into `s`. `own_keys` are the
// command's own top-level keys (read by the caller), the only others allowed; "tau" is required
// when `tau_required`, and read and checked when given otherwise.
void parse_common_fields(const json& j, const RobotDescription& model, std::initializer_list<const char*> own_keys,
                         bool tau_required, StateFile* s);

// The solver against the friction model, as the core's validation refuses them (stance and
// strike options), said in the file's terms: enumeration only when `enumerable` (it solves only
// `enumerable_frictions`) and on at most kEnumerationMaxSize contacts, PGS not on a `pyramid`,
// Lemke not on the `cone`.
void check_solver(const StateFile& s, bool pyramid, bool cone, bool enumerable, const char* enumerable_frictions);

// Each kind's own fields and checks, after parse_common_fields() (stance_state.cpp,
// impact_state.cpp); the kinds parse_state_file() and read_state_file() are instantiated for.
void parse_state_fields(const json& j, const RobotDescription& model, StanceState* s);
void parse_state_fields(const json& j, const RobotDescription& model, ImpactState* s);
void parse_state_fields(const json& j, const RobotDescription& model, ScenarioState* s);

}  // namespace footfall::host::state_parsing
