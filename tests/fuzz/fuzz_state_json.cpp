// Fuzzes the JSON state reader (host/state/state_file.hpp) and the solves it feeds: the bytes are
// a state file for the built-in quadruped (the seed corpus holds the examples' states), read as a
// `forces` state and as an `impact` state, and each one that parses solved as the host tool would
// (compute_forces, compute_impact). Any text must give a state or a one-line error naming the
// file; a solve must give a report or a one-line error. Heap use is allowed here (the JSON
// library and the host side allocate); crashes, hangs, sanitizer reports are failures.
#include <string>

#include "footfall/host/model/builtin_models.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/stance/stance_state.hpp"
#include "footfall/host/state/state_file.hpp"
#include "footfall/host/strike/impact_state.hpp"
#include "footfall/host/strike/strike_impact.hpp"
#include "fuzz_support.hpp"

namespace {

using footfall::fuzz::require;

template <typename R>
void require_one_line_error(const R& result) {
  if (result.ok()) return;
  const std::string& message = result.error();
  require(!message.empty(), "an empty error message");
  require(message.find('\n') == std::string::npos, "an error message over more than one line");
}

const footfall::host::RobotDescription& quadruped() {
  static const auto model = footfall::host::builtin_model("quadruped");
  require(model.ok(), "the built-in quadruped did not load");
  return model.value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto& model = quadruped();
  const auto stance = footfall::host::parse_state_file<footfall::host::StanceState>(text, "fuzz.json", model);
  require_one_line_error(stance);
  if (stance.ok()) require_one_line_error(footfall::host::compute_forces(model, stance.value(), "fuzz.json"));
  const auto impact = footfall::host::parse_state_file<footfall::host::ImpactState>(text, "fuzz.json", model);
  require_one_line_error(impact);
  if (impact.ok()) require_one_line_error(footfall::host::compute_impact(model, impact.value(), "fuzz.json"));
  return 0;
}
