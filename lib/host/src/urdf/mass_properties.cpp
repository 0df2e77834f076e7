#include "mass_properties.hpp"

namespace footfall::host::urdf_detail {

MassProperties expressed_in(const MassProperties& in_a, const Transform<double>& b_to_a) {
  const Matrix3<double>& e = b_to_a.rotation();
  MassProperties out;
  out.mass = in_a.mass;
  out.com = b_to_a.translation() + e.transpose() * in_a.com;
  out.inertia_about_com = e.transpose() * in_a.inertia_about_com * e;
  out.inertia_about_com = 0.5 * (out.inertia_about_com + out.inertia_about_com.transpose()).eval();
  return out;
}

MassProperties combine(const std::vector<MassProperties>& parts) {
  std::vector<MassProperties> massive;
  for (const MassProperties& p : parts)
    if (p.mass > 0.0) massive.push_back(p);
  if (massive.empty()) return MassProperties{};
  if (massive.size() == 1) return massive.front();
  MassProperties out;
  Vector3<double> first_moment = Vector3<double>::Zero();
  for (const MassProperties& p : massive) {
    out.mass += p.mass;
    first_moment += p.mass * p.com;
  }
  out.com = first_moment / out.mass;
  for (const MassProperties& p : massive) {
    const Vector3<double> d = p.com - out.com;
    out.inertia_about_com += p.inertia_about_com +
                             p.mass * (d.squaredNorm() * Matrix3<double>::Identity() - d * d.transpose());
  }
  return out;
}

}  // namespace footfall::host::urdf_detail
