// Reference problems 4, 6 and 7 (tests/README.md): two moving bodies in contact (the ṅ terms), the
// LCP's equivalence with its QP and with Gauss' principle, and Painlevé's rod.
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StanceBench;
using footfall::test::ulps;

// A block on a planar joint (body 0) and a plate turning about z through the origin (body 1).
template <typename S>
using PairBench = StanceBench<S, 2, 4, 2>;

template <typename S>
PairBench<S>& pair_bench() {
  static PairBench<S> instance;
  return instance;
}

template <typename S>
using RodBench = StanceBench<S, 1, 3, 2>;

template <typename S>
RodBench<S>& rod_bench() {
  static RodBench<S> instance;
  return instance;
}

template <typename S>
Matrix3<S> rotation_z(S angle) {
  Matrix3<S> r = Matrix3<S>::Identity();
  r(0, 0) = r(1, 1) = std::cos(angle);
  r(1, 0) = std::sin(angle);
  r(0, 1) = -r(1, 0);
  return r;
}

// The gap between the block's corner and the plate's face at q (planar coordinates): the
// face is the plate's local x axis, normal its local y.
template <typename S>
S corner_gap(const Eigen::Matrix<S, 4, 1>& q, const Vector3<S>& corner) {
  const Matrix3<S> plate = rotation_z(q(3));
  const Vector3<S> p = Vector3<S>(q(0), q(1), S(0)) + rotation_z(q(2)) * corner;
  return (plate * Vector3<S>::UnitY()).dot(p);  // the face passes through the origin
}

}  // namespace

// 4. A block's corner on a turning plate (both bodies move, the normal turns with the plate):
// the forces on the two bodies are equal and opposite, and ζ̇ is the gap's second derivative
// along q(t) = q + v t + ½ q̈ t², which needs Baraff97's 2·ṅ·(ṗa − ṗb): a single ṅ·u would miss it.
FF_TEST(StanceReference, P4TwoBodiesInContact) {
  using S = double;
  auto& b = pair_bench<S>();
  Inertia<S> block, plate;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(S(0.7), Vector3<S>::Zero(), box_inertia(S(0.7), S(0.2), S(0.1), S(0.1)),
                                                &block)
                     .ok());
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(S(2.0), Vector3<S>(S(0.3), S(-0.02), S(0)),
                                                box_inertia(S(2.0), S(0.8), S(0.04), S(0.2)), &plate)
                     .ok());
  ModelBuilder<S, 2, 4> builder;
  builder.add_body("block", -1, JointSpec<S>::Planar(), block);
  builder.add_body("plate", -1, JointSpec<S>::Revolute(Vector3<S>::UnitZ()), plate);
  FF_ASSERT_TRUE(builder.build(&b.model).ok());
  b.gravity = Vector3<S>(S(0), S(-9.81), S(0));
  const Vector3<S> corner(S(-0.1), S(-0.05), S(0));
  test::Random rng(41);
  int pushed = 0, pulled = 0, two_needed = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const S theta = rng.uniform(S(-0.6), S(0.6)), phi = rng.uniform(S(-0.5), S(0.5)), along = rng.uniform(S(0.1), S(0.6));
    const Vector3<S> at = rotation_z(theta) * Vector3<S>(along, S(0), S(0));
    const Vector3<S> origin = at - rotation_z(phi) * corner;
    Eigen::Matrix<S, 4, 1> q(origin.x(), origin.y(), phi, theta);
    typename PairBench<S>::Tangent v(4);
    for (int k = 0; k < 4; ++k) v(k) = rng.uniform(S(-2), S(2));
    typename PairBench<S>::Config qc = q;
    FF_ASSERT_TRUE(b.prepare(qc, v));
    b.contacts.clear();
    b.contacts.add(Contact<S>::Between(0, corner, 1, Vector3<S>(along, S(0), S(0)), rotation_z(theta) * Vector3<S>::UnitY(), S(0)));
    typename PairBench<S>::Tangent tau(4);
    for (int k = 0; k < 4; ++k) tau(k) = rng.uniform(S(-8), S(8));
    FF_ASSERT_TRUE(b.solve(tau, FrictionModel::kNone).ok());
    const S lambda = b.result.normal_force[0];
    (lambda > S(0) ? pushed : pulled) += 1;

    // Equal and opposite: τ_c = (J_blockᵀ − J_plateᵀ) n λ from the point Jacobians.
    Eigen::Matrix<S, 3, Eigen::Dynamic, 0, 3, 4> js(3, 4), jp(3, 4);
    FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, 0, corner, js).ok());
    FF_ASSERT_TRUE(point_jacobian(b.model, b.ws, 1, Vector3<S>(along, S(0), S(0)), jp).ok());
    const Vector3<S> force = b.result.force[0];
    for (int k = 0; k < 4; ++k)
      FF_EXPECT_NEAR(b.result.tau_contact(k), js.col(k).dot(force) - jp.col(k).dot(force), ulps<S>(64) * (S(1) + lambda));

    // ζ̇ against the gap's second derivative: central differences at h and h/2, combined by
    // Richardson's rule to cancel their O(h²) error (q̈ of tens of m/s² makes it 1e-6 at h = 1e-4).
    const auto second_difference = [&](S h) {
      Eigen::Matrix<S, 4, 1> forward, backward;
      for (int k = 0; k < 4; ++k) {
        forward(k) = q(k) + v(k) * h + S(0.5) * b.result.qdd(k) * h * h;
        backward(k) = q(k) - v(k) * h + S(0.5) * b.result.qdd(k) * h * h;
      }
      return (corner_gap(forward, corner) - S(2) * corner_gap(q, corner) + corner_gap(backward, corner)) / (h * h);
    };
    const S gap_acceleration = (S(4) * second_difference(S(1e-4)) - second_difference(S(2e-4))) / S(3);
    const S zeta_dot = b.result.contact_acceleration(0);
    FF_EXPECT_NEAR(zeta_dot, gap_acceleration, S(1e-6) * (S(1) + std::abs(gap_acceleration)));
    // How far a single ṅ·u (instead of 2ṅ·u) would have been off.
    const Vector3<S> omega_plate(S(0), S(0), v(3));
    const Vector3<S> n = rotation_z(theta) * Vector3<S>::UnitY();
    Vector3<S> u_block, u_plate;
    point_velocity(b.model, b.ws, 0, corner, &u_block);
    point_velocity(b.model, b.ws, 1, Vector3<S>(along, S(0), S(0)), &u_plate);
    if (std::abs(omega_plate.cross(n).dot(u_block - u_plate)) > S(1e-3) * (S(1) + std::abs(gap_acceleration))) ++two_needed;
  }
  FF_EXPECT_TRUE(pushed > 0 && pulled > 0);
  FF_EXPECT_TRUE(two_needed > 20);
}

// 6. The LCP (RBDA (11.42)) is the KKT system of the QP (11.43), min ½λᵀMλ + λᵀd over λ ≥ 0,
// and Gauss' form (11.44), min ½(q̈ − q̈_f)ᵀH(q̈ − q̈_f) over G q̈ + Ġv ≥ 0, gives the same q̈.
// The stance answer must beat every feasible perturbation of it in both programs.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P6LcpQpAndGaussAgree) {
  static test::QuadrupedBench<S> bench;
  const int feet[4] = {0, 1, 2, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(bench, feet, 4, S(0)));
  test::Random rng(61);
  const S tolerance = ulps<S>(1 << 12);
  for (int trial = 0; trial < 8; ++trial) {
    typename test::QuadrupedBench<S>::Tangent tau(18);
    for (int k = 0; k < 18; ++k) tau(k) = k < 6 ? S(0) : rng.uniform(S(-6), S(6));
    FF_ASSERT_TRUE(bench.solve(tau, FrictionModel::kNone).ok());
    const auto& cd = bench.stance.contact;
    const auto& lambda = bench.result.lambda;
    const auto objective = [&](const Eigen::Matrix<S, 4, 1>& x) {
      S value = S(0);
      for (int i = 0; i < 4; ++i) {
        value += x(i) * cd.free_contact_acceleration(i);
        for (int j = 0; j < 4; ++j) value += S(0.5) * x(i) * cd.delassus(i, j) * x(j);
      }
      return value;
    };
    Eigen::Matrix<S, 4, 1> best;
    for (int i = 0; i < 4; ++i) best(i) = lambda(i);
    const S f_best = objective(best);
    const S scale = S(1) + std::abs(f_best);
    for (int probe = 0; probe < 50; ++probe) {
      Eigen::Matrix<S, 4, 1> x = best;
      for (int i = 0; i < 4; ++i) x(i) = std::max(S(0), x(i) + rng.uniform(S(-5), S(5)));
      FF_EXPECT_TRUE(objective(x) >= f_best - tolerance * scale);
    }
    // Gauss: q̈ = q̈* + δ with δ random, kept when it satisfies the constraints.
    const auto gauss = [&](const typename test::QuadrupedBench<S>::Tangent& qdd) {
      typename test::QuadrupedBench<S>::Tangent e = qdd - cd.free_acceleration;
      S value = S(0);
      for (int i = 0; i < 18; ++i)
        for (int j = 0; j < 18; ++j) value += S(0.5) * e(i) * bench.ws.mass_matrix(i, j) * e(j);
      return value;
    };
    const S g_best = gauss(bench.result.qdd);
    int feasible = 0;
    for (int probe = 0; probe < 200; ++probe) {
      typename test::QuadrupedBench<S>::Tangent qdd = bench.result.qdd;
      for (int k = 0; k < 18; ++k) qdd(k) += rng.uniform(S(-0.5), S(0.5));
      bool ok = true;
      for (int i = 0; i < 4 && ok; ++i) {
        S a = cd.velocity_term(i);
        for (int k = 0; k < 18; ++k) a += cd.jacobian(i, k) * qdd(k);
        ok = a >= S(0);
      }
      if (!ok) continue;
      ++feasible;
      FF_EXPECT_TRUE(gauss(qdd) >= g_best - tolerance * (S(1) + std::abs(g_best)));
    }
    FF_EXPECT_TRUE(feasible > 5);
  }
}

// 7. Painlevé's rod (2L = 2 m, 1 kg, I = mL²/3) sliding on a rough floor on one end, φ to the
// floor, its lower end slipping at s·0.5 m/s along x, the rod leaning toward +x. Friction −μλs
// on the end gives it the normal acceleration −g + λ(1 + 3cos²φ + 3μ·s·sinφ·cosφ) (m = 1); for
// s = −1 (the end slipping away from under the rod) the coefficient is negative only when
// μ > (1 + 3cos²φ)/(3 sinφ cosφ), least 4/3 at tan φ = 2. Below 4/3 every solve
// succeeds with λ = g / coefficient; above it, where the coefficient is negative, the result
// says "inconsistent friction".
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P7PainleveRod) {
  auto& b = rod_bench<S>();
  FF_ASSERT_TRUE(build_rod2d_model(&b.model).ok());
  b.gravity = Vector3<S>(S(0), S(-9.81), S(0));
  const FrictionModel models[3] = {FrictionModel::kCone, FrictionModel::kPyramid4, FrictionModel::kPyramid8};
  const S mus[4] = {S(0.3), S(1), S(1.3), S(4) / S(3) - S(1e-3)};
  int inconsistent = 0;
  for (int angle = 1; angle < 40; ++angle) {
    const S phi = S(1.5707963267948966) * static_cast<S>(angle) / S(40);
    for (int direction = -1; direction <= 1; direction += 2) {
      typename RodBench<S>::Config q(3);
      q << std::cos(phi), std::sin(phi), phi;  // the end (−1, 0) at the origin
      typename RodBench<S>::Tangent v(3);
      v << S(0.5) * static_cast<S>(direction), S(0), S(0);
      FF_ASSERT_TRUE(b.prepare(q, v));
      for (S mu : mus) {
        b.contacts.clear();
        b.contacts.add(Contact<S>::Ground(0, rod2d_end<S>(0), Vector3<S>::UnitY(), mu));
        const S s = static_cast<S>(direction);
        const S coefficient = S(1) + S(3) * std::cos(phi) * std::cos(phi) + S(3) * mu * s * std::sin(phi) * std::cos(phi);
        for (FrictionModel friction : models) {
          FF_ASSERT_TRUE(b.solve(RodBench<S>::Tangent::Zero(3), friction).ok());
          FF_EXPECT_TRUE(b.result.state[0] == ContactState::kSliding);
          FF_EXPECT_NEAR(b.result.normal_force[0], S(9.81) / coefficient, ulps<S>(4096) * S(9.81) / coefficient);
          FF_EXPECT_NEAR(b.result.force[0].x(), -mu * s * b.result.normal_force[0], ulps<S>(4096) * S(40));
        }
      }
      // μ = 2: inconsistent exactly where the coefficient is negative.
      b.contacts.clear();
      b.contacts.add(Contact<S>::Ground(0, rod2d_end<S>(0), Vector3<S>::UnitY(), S(2)));
      const S coefficient = S(1) + S(3) * std::cos(phi) * std::cos(phi) + S(6) * static_cast<S>(direction) * std::sin(phi) * std::cos(phi);
      if (std::abs(coefficient) < S(1e-2)) continue;
      for (FrictionModel friction : models) {
        const Status status = b.solve(RodBench<S>::Tangent::Zero(3), friction);
        if (coefficient > S(0)) {
          FF_EXPECT_TRUE(status.ok());
        } else {
          FF_EXPECT_TRUE(status.code == StatusCode::kInconsistentFriction);
          FF_EXPECT_EQ(status.index, 0);
          ++inconsistent;
          FF_EXPECT_NEAR(b.result.normal_force[0], S(0), S(0));
        }
      }
    }
  }
  FF_EXPECT_TRUE(inconsistent > 20);
}
