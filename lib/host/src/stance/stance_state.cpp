#include "footfall/host/stance/stance_state.hpp"

#include "../state/state_parsing.hpp"

namespace footfall::host {

namespace {

using namespace state_parsing;

// The combinations the core refuses (stance/solve_stance.hpp, validate_stance_options), said
// in the file's terms.
void check_solver(const StanceState& s) {
  const bool pyramid = s.friction == FrictionModel::kPyramid4 || s.friction == FrictionModel::kPyramid8;
  const std::string solver = std::string("'") + to_string(s.solver) + "' ";
  if (s.solver == StanceSolver::kEnumeration && s.friction != FrictionModel::kNone)
    throw FieldError{"solver", solver + "solves only the frictionless problem (friction none); use auto"};
  check_enumeration_size(s);
  if (s.solver == StanceSolver::kPgs && pyramid)
    throw FieldError{"solver", solver + "does not solve the pyramid friction models; use auto or lemke"};
  if (s.solver == StanceSolver::kLemke && s.friction == FrictionModel::kCone)
    throw FieldError{"solver", solver + "does not solve the cone friction model; use auto or pgs"};
}

StanceState parse(const json& j, const RobotDescription& model) {
  StanceState s;
  parse_common_fields(j, model, {"friction"}, true, &s);
  static const FrictionModel kFrictions[] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                             FrictionModel::kCone};
  if (j.contains("friction")) s.friction = choice(j.at("friction"), "friction", kFrictions);
  check_solver(s);
  return s;
}

}  // namespace

Result<StanceState> parse_stance_state(const std::string& text, const std::string& name,
                                       const RobotDescription& model) {
  return parse_state_document<StanceState>(text, name, [&](const json& j) { return parse(j, model); });
}

Result<StanceState> read_stance_state(const std::string& path, const RobotDescription& model) {
  const Result<std::string> text = read_state_text(path);
  if (!text.ok()) return Error{text.error()};
  return parse_stance_state(text.value(), path, model);
}

}  // namespace footfall::host
