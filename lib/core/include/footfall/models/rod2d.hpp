#pragma once
// `rod2d` (lib/DESIGN.md §6): the planar rod of Liu04 §5. One body `rod`, length 2 m, mass 1 kg,
// uniform, its ends at (±1, 0, 0) in its frame, on a planar joint q = (x, y, φ) in the world
// x–y plane. Its moment about z is the slender rod's m L²/12 = 1/3 kg m², exactly. A line of
// mass has no moment about its own axis, which would make the inertia singular; the 1e-4 kg m²
// given there plays no part in planar motion (the planar joint cannot turn about x or y).
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/model_builder.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The planar rod's model type: one body on a planar joint (3 DOFs).
template <typename S>
using Rod2dModel = Model<S, 1, 3>;

/// Builds the planar rod (this header's opening comment) into *out.
template <typename S>
Status build_rod2d_model(Rod2dModel<S>* out) noexcept {
  Inertia<S> rod;
  const S about_z = S(1) / S(3);
  Status status = Inertia<S>::FromMassComInertia(
      S(1), Vector3<S>::Zero(), Matrix3<S>(Vector3<S>(S(1e-4), about_z, about_z).asDiagonal()), &rod);
  if (!status.ok()) return status;
  ModelBuilder<S, 1, 3> builder;
  builder.add_body("rod", -1, JointSpec<S>::Planar(), rod, nullptr, "planar");
  return builder.build(out);
}

/// The rod's ends in its own frame.
template <typename S>
Vector3<S> rod2d_end(int which) noexcept {
  return Vector3<S>(which == 0 ? S(-1) : S(1), S(0), S(0));
}

}  // namespace footfall
FOOTFALL_HEADER_END
