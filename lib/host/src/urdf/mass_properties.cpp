#include "mass_properties.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>

#include "footfall/host/io/number_format.hpp"

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
  Matrix3<double> massless_inertia = Matrix3<double>::Zero();
  for (const MassProperties& p : parts) {
    if (p.mass > 0.0)
      massive.push_back(p);
    else
      massless_inertia += p.inertia_about_com;
  }
  if (massive.empty()) {
    MassProperties out;
    out.inertia_about_com = massless_inertia;
    return out;
  }
  if (massive.size() == 1 && massless_inertia.isZero(0.0)) return massive.front();
  MassProperties out;
  out.inertia_about_com = massless_inertia;
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

namespace {

std::string moments_text(const Vector3<double>& m) {
  return "(" + format_short(m(0)) + ", " + format_short(m(1)) + ", " + format_short(m(2)) + ") kg m²";
}

}  // namespace

std::string physical_problem(const MassProperties& p) {
  const Status status = validate_mass_properties(p.mass, p.com, p.inertia_about_com);
  if (status.ok()) return {};
  const std::string field = status.field;
  if (field == "mass") return "a moving body needs a positive mass (its own link's or a fixed child's), and has none";
  if (field == "com" || field == "inertia") return "a number is not finite";
  const Eigen::SelfAdjointEigenSolver<Matrix3<double>> eigen(p.inertia_about_com, Eigen::EigenvaluesOnly);
  const Vector3<double>& moments = eigen.eigenvalues();  // ascending
  if (field == "inertia.triangle_inequality") {
    const double excess = moments(2) - moments(0) - moments(1);
    return "inertia violates the triangle inequality: principal moments " + moments_text(moments) +
           ", the largest " + format_short(100.0 * excess / (moments(0) + moments(1))) +
           " % over the sum of the other two";
  }
  return "inertia is not positive definite: principal moments " + moments_text(moments);
}

MassProperties repaired_inertia(const MassProperties& p, std::string* change) {
  const Eigen::SelfAdjointEigenSolver<Matrix3<double>> eigen(p.inertia_about_com);
  Vector3<double> moments = eigen.eigenvalues();  // ascending
  const Vector3<double> before = moments;
  // A tensor with no positive moment has no scale of its own: take a millimetre's radius of gyration.
  const double floor = 1e-6 * std::max(moments(2), p.mass * 1e-6);
  for (int k = 0; k < 3; ++k) moments(k) = std::max(moments(k), floor);
  std::sort(moments.data(), moments.data() + 3);
  const double margin = 1.0 - 1e-9;
  if (moments(2) > (moments(0) + moments(1)) * margin) {
    // Move (λ₀, λ₁, λ₂) by t (1, 1, −1), the plane's normal, until λ₂ − t = (λ₀ + λ₁ + 2t)·margin.
    const double t = (moments(2) - (moments(0) + moments(1)) * margin) / (1.0 + 2.0 * margin);
    moments(0) += t;
    moments(1) += t;
    moments(2) -= t;
  }
  MassProperties out = p;
  // The eigenvectors stay the principal axes; a moment sorted into another place goes with the
  // axis of its rank, which is the same axis whenever the floor did not reorder them.
  out.inertia_about_com = eigen.eigenvectors() * moments.asDiagonal() * eigen.eigenvectors().transpose();
  out.inertia_about_com = 0.5 * (out.inertia_about_com + out.inertia_about_com.transpose()).eval();
  if (change != nullptr) *change = "principal moments " + moments_text(before) + " -> " + moments_text(moments);
  return out;
}

}  // namespace footfall::host::urdf_detail
