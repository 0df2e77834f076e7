#pragma once
// Internal to the URDF importer: the mass properties of links, moved into the frame of the body
// they are merged into and added, as a fixed joint requires.
#include <string>
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
// Parts of zero mass add their rotational inertia (a frame with a token tensor) and nothing else.
MassProperties combine(const std::vector<MassProperties>& parts);

// What makes `p` fail the core's check of a rigid body (validate_mass_properties, the same
// tolerances), in words with the amount, e.g. "inertia violates the triangle inequality: principal
// moments (0.001, 0.002, 0.0031) kg m², the largest 3.3 % over the sum of the other two"; empty
// when the core accepts it.
std::string physical_problem(const MassProperties& p);

// `p` with its rotational inertia moved the least amount that makes it physical (the principal
// axes and the mass and centre of mass kept): principal moments below 1e-6 of the largest raised
// to that floor, then, if the largest exceeds the sum of the other two, the three moved to the
// nearest point (Euclidean, equally: the two smaller up and the largest down by a third of the
// excess each) that satisfies the triangle inequality with a relative margin of 1e-9. *change
// receives the moments before and after. Only for a positive mass.
MassProperties repaired_inertia(const MassProperties& p, std::string* change);

}  // namespace footfall::host::urdf_detail
