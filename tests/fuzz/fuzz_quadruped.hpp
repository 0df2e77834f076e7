#pragma once
// The quadruped (13 bodies, 18 DOF, four feet: the firmware's robot) for the stance, strike and
// time-stepping harnesses: the model, a tick's dynamics terms, checks on the answers. What the
// bytes become is quadruped_input.hpp.
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "fuzz_support.hpp"
#include "quadruped_input.hpp"

namespace footfall::fuzz {

template <typename S>
const QuadrupedModel<S>& quadruped() {
  static QuadrupedModel<S> model;
  static const bool built = build_quadruped_model(&model).ok();
  require(built, "the quadruped did not build");
  return model;
}

// Every coefficient of an Eigen object finite.
template <typename Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& x) {
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (!std::isfinite(x.derived().coeff(i))) return false;
  return true;
}

}  // namespace footfall::fuzz
