// Instruction counts of the tree dynamics on the quadruped (Unitree A1, nv = 18): each stage,
// and the per-tick bundle the contact solvers will need (kinematics, H, C and the factor of H),
// as the median and worst over random states. Also the model's and workspace's sizes.
#include <algorithm>

#include "bench.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/models.hpp"
#include "model_fixtures.hpp"

namespace footfall::bench {

template <typename S>
void dynamics() {
  using port::keep;
  const char* scalar = sizeof(S) == sizeof(float) ? "float" : "double";
  static QuadrupedModel<S> model;
  static Workspace<S, 13, 18> ws;
  if (!build_quadruped_model(&model).ok()) {
    std::printf("  %s: quadruped model failed to build\n", scalar);
    return;
  }
  test::Random rng(11);
  using Model = QuadrupedModel<S>;
  const typename Model::ConfigVector q = test::random_configuration(model, rng);
  const typename Model::TangentVector v = test::random_velocity(model, rng);
  const typename Model::TangentVector tau = test::random_velocity(model, rng, S(10));
  const Vector3<S> foot = quadruped_foot_point<S>();
  const int calf = quadruped_calf_body(0);
  static Eigen::Matrix<S, 3, 18> jacobian;
  typename Model::TangentVector rhs = tau;
  Vector3<S> jdot_v;

  row(scalar, "quadruped forward kinematics", g_counter.count([&] { keep(forward_kinematics(model, ws, q, v)); }));
  row(scalar, "quadruped H (CRBA)", g_counter.count([&] { keep(mass_matrix(model, ws)); }));
  row(scalar, "quadruped H (CRBA, unrolled)", g_counter.count([&] {
        keep(mass_matrix_unrolled<QuadrupedTopology>(model, ws));
      }));
  row(scalar, "quadruped C (RNEA, q'' = 0)", g_counter.count([&] { keep(bias_forces(model, ws)); }));
  row(scalar, "quadruped factor H = L'DL (sparse)", g_counter.count([&] { keep(factorize_mass_matrix(model, ws)); }));
  row(scalar, "quadruped factor H = L'DL (unrolled)", g_counter.count([&] {
        keep(factorize_mass_matrix_unrolled<QuadrupedTopology>(model, ws));
      }));
  row(scalar, "quadruped solve H x = b", g_counter.count([&] { keep(solve_mass_matrix(model, ws, rhs)); }));
  row(scalar, "quadruped foot point Jacobian", g_counter.count([&] { keep(point_jacobian(model, ws, calf, foot, jacobian)); }));
  row(scalar, "quadruped foot J'v", g_counter.count([&] {
        keep(point_velocity_product_acceleration(model, ws, calf, foot, &jdot_v));
      }));
  row(scalar, "quadruped RNEA (with kinematics)", g_counter.count([&] { keep(rnea(model, ws, q, v, tau)); }));
  row(scalar, "quadruped ABA (with kinematics)", g_counter.count([&] { keep(aba(model, ws, q, v, tau)); }));

  // The per-tick bundle over 25 random states: median and worst.
  constexpr int kStates = 25;
  std::uint32_t counts[kStates];
  for (int s = 0; s < kStates; ++s) {
    const typename Model::ConfigVector qs = test::random_configuration(model, rng);
    const typename Model::TangentVector vs = test::random_velocity(model, rng);
    counts[s] = g_counter.count([&] {
      keep(forward_kinematics(model, ws, qs, vs));
      keep(mass_matrix(model, ws));
      keep(bias_forces(model, ws));
      keep(factorize_mass_matrix(model, ws));
    });
  }
  std::sort(counts, counts + kStates);
  row(scalar, "quadruped FK + H + C + factor, median", counts[kStates / 2]);
  row(scalar, "quadruped FK + H + C + factor, worst", counts[kStates - 1]);
  std::printf("  %-6s  %-40s %8u\n", scalar, "quadruped Model size [bytes]", static_cast<unsigned>(sizeof(model)));
  std::printf("  %-6s  %-40s %8u\n", scalar, "quadruped Workspace size [bytes]", static_cast<unsigned>(sizeof(ws)));
}

template void dynamics<float>();
template void dynamics<double>();

}  // namespace footfall::bench
