#pragma once
// Host only: the quadruped's MJCF (mjcf_from_model.hpp) with contacts turned on, for the peers
// that compare contact against MuJoCo: a plane at height `floor_z` and a sphere of radius
// kFootSphereRadius centred on each foot point (quadruped_foot_point: 0.2 m down each calf),
// friction μ, condim 3, and the friction cone `cone` ("elliptic" or "pyramidal"). Shared by
// tests/bench/bench_stance.cpp and tests/bench/bench_motion.cpp.
#include <string>

#include "mjcf_from_model.hpp"

namespace footfall::peer {

inline constexpr double kFootSphereRadius = 0.02;

// Edits `xml` (as mjcf_from_model wrote it for the quadruped) in place; false, with `error`,
// when the document does not have the shape this expects.
inline bool add_quadruped_feet_contacts(std::string* xml, double floor_z, double mu, const char* cone,
                                        std::string* error) {
  const auto replace = [xml](const std::string& from, const std::string& to) {
    const std::size_t at = xml->find(from);
    if (at == std::string::npos) return false;
    xml->replace(at, from.size(), to);
    return true;
  };
  const bool ok = replace("<flag contact=\"disable\" limit=\"disable\"/>", "<flag limit=\"disable\"/>") &&
                  replace("integrator=\"Euler\"", std::string("integrator=\"Euler\" cone=\"") + cone + "\"") &&
                  replace("<worldbody>\n", "<worldbody>\n    <geom name=\"floor\" type=\"plane\" size=\"0 0 1\" pos=\"0 0 " +
                                               detail::number(floor_z) + "\"/>\n");
  if (!ok) return (*error = "the MJCF document changed shape", false);
  for (const char* leg : {"FR", "FL", "RR", "RL"}) {
    const std::string tag = std::string("<body name=\"") + leg + "_calf\"";
    const std::size_t at = xml->find(tag);
    const std::size_t end = at == std::string::npos ? at : xml->find('\n', at);
    if (end == std::string::npos) return (*error = std::string("no body ") + leg + "_calf", false);
    xml->insert(end + 1, "      <geom type=\"sphere\" size=\"" + detail::number(kFootSphereRadius) +
                             "\" pos=\"0 0 -0.2\" condim=\"3\" friction=\"" + detail::number(mu) +
                             " 0.005 0.0001\"/>\n");
  }
  return true;
}

}  // namespace footfall::peer
