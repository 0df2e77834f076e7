#include "footfall/host/strike/impact_state.hpp"

#include "../state/state_parsing.hpp"

namespace footfall::host {

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
