#include "footfall/host/stance/stance_state.hpp"

#include "../state/state_parsing.hpp"

namespace footfall::host {

void state_parsing::parse_state_fields(const json& j, const RobotDescription& model, StanceState* s) {
  parse_common_fields(j, model, {"friction"}, true, s);
  static const FrictionModel kFrictions[] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                             FrictionModel::kCone};
  if (j.contains("friction")) s->friction = choice(j.at("friction"), "friction", kFrictions);
  // What solve_stance() refuses (validate_stance_options).
  check_solver(*s, s->friction == FrictionModel::kPyramid4 || s->friction == FrictionModel::kPyramid8,
               s->friction == FrictionModel::kCone, s->friction == FrictionModel::kNone,
               "the frictionless problem (friction none)");
}

}  // namespace footfall::host
