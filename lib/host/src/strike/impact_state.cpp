#include "footfall/host/strike/impact_state.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "../state/state_parsing.hpp"
#include "footfall/host/io/message_text.hpp"
#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

Result<std::vector<double>> parse_limit_list(const std::string& text, const std::string& option) {
  std::vector<std::string> entries(1);
  for (char c : text) {
    if (c == ',')
      entries.emplace_back();
    else
      entries.back() += c;
  }
  std::vector<double> limits;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const std::string field = entries.size() > 1 ? option + "[" + std::to_string(k) + "]" : option;
    const std::size_t first = entries[k].find_first_not_of(" \t");
    if (first == std::string::npos) return Error{field + ": empty: give a limit, or inf for none"};
    const std::string entry = entries[k].substr(first, entries[k].find_last_not_of(" \t") + 1 - first);
    // strtod reads "inf" and "nan" too; it ignores the locale's grouping but not its decimal
    // point, which the tool leaves at "C" (it never calls setlocale).
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(entry.c_str(), &end);
    if (end == entry.c_str() || *end != '\0') return Error{field + ": " + quoted_text(entry) + " is not a number"};
    if (errno == ERANGE) return Error{field + ": " + quoted_text(entry) + " is out of double's range"};
    if (std::isnan(x)) return Error{field + ": NaN is not a limit (inf is none)"};
    if (x < 0.0) return Error{field + ": negative (" + format_short(x) + ")"};
    limits.push_back(x);
  }
  return limits;
}

void state_parsing::parse_state_fields(const json& j, const RobotDescription& model, ImpactState* s) {
  parse_common_fields(j, model, {"friction", "law"}, false, s);
  static const StrikeFriction kFrictions[] = {StrikeFriction::kNone, StrikeFriction::kSticking,
                                              StrikeFriction::kPyramid4, StrikeFriction::kPyramid8,
                                              StrikeFriction::kCone};
  static const RestitutionLaw kLaws[] = {RestitutionLaw::kNewton, RestitutionLaw::kPoisson};
  if (j.contains("friction")) s->friction = choice(j.at("friction"), "friction", kFrictions);
  if (j.contains("law")) s->law = choice(j.at("law"), "law", kLaws);
  // What solve_strike() refuses (validate_strike_options): sticking friction has one exact
  // method, enumeration, which auto picks.
  const bool sticking = s->friction == StrikeFriction::kSticking;
  if (sticking && s->solver != StanceSolver::kAuto && s->solver != StanceSolver::kEnumeration)
    throw FieldError{"solver", std::string("'") + to_string(s->solver) +
                                   "' does not solve sticking friction (enumerate does); use auto"};
  check_solver(*s, s->friction == StrikeFriction::kPyramid4 || s->friction == StrikeFriction::kPyramid8,
               s->friction == StrikeFriction::kCone, s->friction == StrikeFriction::kNone || sticking,
               "friction none or sticking");
}

}  // namespace footfall::host
