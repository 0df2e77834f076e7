#pragma once
// Shared by the host tests: H and C of two models on the same random states, and files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "footfall/dynamics.hpp"
#include "model_fixtures.hpp"

namespace footfall::test {

struct DynamicsDifference {
  double mass_matrix = 0.0;  // max |ΔH| / max |H|
  double bias = 0.0;         // max |ΔC| / max |C|
};

// The largest relative differences of H and C between two models of the same robot over
// `states` random states (q, v from model_fixtures.hpp, drawn for model `a`).
template <typename ModelA, typename ModelB>
DynamicsDifference compare_dynamics(const ModelA& a, const ModelB& b, int states, std::uint64_t seed) {
  using S = typename ModelA::Scalar;
  auto wa = std::make_unique<Workspace<S, ModelA::kMaxBodies, ModelA::kMaxDofs>>();
  auto wb = std::make_unique<Workspace<S, ModelB::kMaxBodies, ModelB::kMaxDofs>>();
  Random rng(seed);
  DynamicsDifference worst;
  for (int n = 0; n < states; ++n) {
    const auto q = random_configuration(a, rng);
    const auto v = random_velocity(a, rng);
    EXPECT_TRUE(forward_kinematics(a, *wa, q, v).ok() && mass_matrix(a, *wa).ok() && bias_forces(a, *wa).ok());
    EXPECT_TRUE(forward_kinematics(b, *wb, q, v).ok() && mass_matrix(b, *wb).ok() && bias_forces(b, *wb).ok());
    const double h_scale = static_cast<double>(wa->mass_matrix.cwiseAbs().maxCoeff());
    const double c_scale = static_cast<double>(wa->bias.cwiseAbs().maxCoeff());
    worst.mass_matrix = std::max(
        worst.mass_matrix, static_cast<double>((wa->mass_matrix - wb->mass_matrix).cwiseAbs().maxCoeff()) / h_scale);
    worst.bias = std::max(worst.bias, static_cast<double>((wa->bias - wb->bias).cwiseAbs().maxCoeff()) / c_scale);
  }
  return worst;
}

inline std::string read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// A file under GoogleTest's temporary directory holding `text`; returns its path.
inline std::string write_temporary(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "footfall_host_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace footfall::test
