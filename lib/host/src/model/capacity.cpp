#include "footfall/host/model/capacity.hpp"

#include "footfall/host/io/message_text.hpp"

namespace footfall::host {

namespace {
std::string capacity_name(const Capacity& c) { return std::to_string(c.bodies) + "x" + std::to_string(c.dofs); }
}  // namespace

std::string capacity_list() {
  std::string out;
  for (const Capacity& c : kCapacities) {
    if (!out.empty()) out += ", ";
    out += capacity_name(c);
  }
  return out;
}

bool is_capacity_spec(const std::string& spec) {
  if (spec == "auto") return true;
  for (const Capacity& c : kCapacities)
    if (spec == capacity_name(c)) return true;
  return false;
}

Result<Capacity> choose_capacity(const std::string& spec, const RobotDescription& d) {
  const int bodies = d.body_count(), nv = d.nv();
  const std::string needs = std::to_string(bodies) + " bodies and " + std::to_string(nv) + " DOFs";
  if (spec == "auto") {
    for (const Capacity& c : kCapacities)
      if (bodies <= c.bodies && nv <= c.dofs) return c;
    return Error{d.source + ": " + needs + " exceed the largest capacity the tool has (" + capacity_list() + ")"};
  }
  const Capacity* named = nullptr;
  for (const Capacity& c : kCapacities)
    if (spec == capacity_name(c)) named = &c;
  if (named == nullptr) return Error{"--capacity " + quoted_text(spec) + ": not one of auto, " + capacity_list()};
  if (bodies > named->bodies || nv > named->dofs)
    return Error{d.source + ": " + needs + " do not fit the capacity " + spec};
  return *named;
}

}  // namespace footfall::host
