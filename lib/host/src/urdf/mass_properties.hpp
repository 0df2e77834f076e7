#pragma once
// Internal to the URDF importer: the mass properties of links, moved into the frame of the body
// they are merged into and added, as a fixed joint requires.
#include <vector>

#include "footfall/spatial.hpp"

namespace footfall::host::urdf_detail {

// Mass m, centre of mass c and rotational inertia I_c about c, in one frame's coordinates.
struct MassProperties {
  double mass = 0.0;
  Vector3<double> com = Vector3<double>::Zero();
  Matrix3<double> inertia_about_com = Matrix3<double>::Zero();
};

// The same body seen from frame B, given X from B to the frame A it is expressed in
// (E: B coordinates → A coordinates, r: A's origin in B coordinates, as footfall's Transform):
// c_B = r + Eᵀ c_A, I_B = Eᵀ I_A E (a rotation of the tensor; I_c stays about the same point).
MassProperties expressed_in(const MassProperties& in_a, const Transform<double>& b_to_a);

// Rigidly joined parts, all in one frame: m = Σ m_i, c = Σ m_i c_i / m, and by the
// parallel-axis theorem I_c = Σ (I_i + m_i (|d_i|² 1 − d_i d_iᵀ)) with d_i = c_i − c.
// One part is returned as it is, so a body without merged links keeps its numbers exactly.
MassProperties combine(const std::vector<MassProperties>& parts);

}  // namespace footfall::host::urdf_detail
