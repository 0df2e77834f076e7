#include "footfall/host/model/capacity.hpp"

namespace footfall::host {

std::string capacity_list() {
  std::string out;
  for (const Capacity& c : kCapacities)
    out += (out.empty() ? "" : ", ") + std::to_string(c.bodies) + "x" + std::to_string(c.dofs);
  return out;
}

Result<Capacity> choose_capacity(const std::string& spec, const RobotDescription& d) {
  const int bodies = d.body_count(), nv = d.nv();
  const std::string needs = std::to_string(bodies) + " bodies and " + std::to_string(nv) + " DOFs";
  if (spec == "auto") {
    for (const Capacity& c : kCapacities)
      if (bodies <= c.bodies && nv <= c.dofs) return c;
    return Error{d.source + ": " + needs + " exceed the largest capacity the tool has (" + capacity_list() + ")"};
  }
  for (const Capacity& c : kCapacities) {
    if (spec != std::to_string(c.bodies) + "x" + std::to_string(c.dofs)) continue;
    if (bodies > c.bodies || nv > c.dofs)
      return Error{d.source + ": " + needs + " do not fit the capacity " + spec};
    return c;
  }
  return Error{"--capacity '" + spec + "': not one of auto, " + capacity_list()};
}

}  // namespace footfall::host
