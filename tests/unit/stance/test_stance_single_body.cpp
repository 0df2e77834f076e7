// Reference problems 1–3 (tests/README.md) on single free bodies: one point contact (RBDA (11.10)), a box
// on four corners (RBDA §11.5 property 2), and the disk in the narrowing slot (RBDA Example 11.1).
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StanceBench;
using footfall::test::ulps;

template <typename S>
using BodyBench = StanceBench<S, 1, 6, 4>;

template <typename S>
BodyBench<S>& body_bench() {
  static BodyBench<S> instance;
  return instance;
}

}  // namespace

// 1. A ball resting on the floor carries mg; pulled up harder than mg it leaves with λ = 0 and
// ζ̇ = d. Every friction model and solver agrees.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P1BallOnFloor) {
  auto& b = body_bench<S>();
  const S mass = S(2), radius = S(0.1);
  Inertia<S> inertia;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(mass, Vector3<S>::Zero(),
                                                Matrix3<S>(Matrix3<S>::Identity() * (S(0.4) * mass * radius * radius)),
                                                &inertia)
                     .ok());
  FF_ASSERT_TRUE(test::build_free_body(inertia, &b.model).ok());
  test::Random rng(11);
  const Matrix3<S> rotation = rng.rotation<S>();
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0.3), S(-0.2), radius), rotation);
  typename BodyBench<S>::Tangent v = BodyBench<S>::Tangent::Zero(6);
  FF_ASSERT_TRUE(b.prepare(q, v));
  b.contacts.clear();
  // The ball's lowest point, in its own frame.
  b.contacts.add(Contact<S>::Ground(0, rotation.transpose() * Vector3<S>(S(0), S(0), -radius),
                                    Vector3<S>::UnitZ(), S(0.5)));
  const S weight = mass * S(9.81);
  typename BodyBench<S>::Tangent tau = BodyBench<S>::Tangent::Zero(6);
  const FrictionModel models[4] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                   FrictionModel::kCone};
  for (FrictionModel friction : models) {
    FF_ASSERT_TRUE(b.solve(tau, friction).ok());
    FF_EXPECT_NEAR(b.result.normal_force[0], weight, ulps<S>(64) * weight);
    FF_EXPECT_NEAR(b.result.force[0].z(), weight, ulps<S>(64) * weight);
    FF_EXPECT_NEAR(b.result.force[0].x(), S(0), ulps<S>(64) * weight);
    FF_EXPECT_TRUE(b.result.state[0] == ContactState::kSticking);
    for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), ulps<S>(64) * S(9.81));
  }
  // Pulled up by 2mg (a force on the base, in base coordinates): λ = 0 and ζ̇ = d = +g.
  tau.template head<3>() = rotation.transpose() * Vector3<S>(S(0), S(0), S(2) * weight);
  for (FrictionModel friction : models) {
    FF_ASSERT_TRUE(b.solve(tau, friction).ok());
    FF_EXPECT_NEAR(b.result.normal_force[0], S(0), ulps<S>(64) * weight);
    FF_EXPECT_NEAR(b.result.contact_acceleration(0), S(9.81), ulps<S>(64) * S(9.81));
    FF_EXPECT_TRUE(b.result.state[0] == ContactState::kSeparating);
  }
}

// 1, in general: a point anywhere on a spinning body, with any normal. M = n·I⁻¹n in closed
// form, 1/m + (r×n)ᵀ I_c⁻¹ (r×n), and d = n·(g + α × r + ω × (ω × r)) with the free angular
// acceleration α = −I_c⁻¹(ω × I_c ω); then λ = −d/M when d < 0, else λ = 0 and ζ̇ = d.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P1PointContactClosedForm) {
  auto& b = body_bench<S>();
  test::Random rng(12);
  for (int trial = 0; trial < 40; ++trial) {
    const Inertia<S> inertia = rng.inertia<S>();
    FF_ASSERT_TRUE(test::build_free_body(inertia, &b.model).ok());
    const Matrix3<S> rotation = rng.rotation<S>();
    const Vector3<S> position = rng.vector3<S>();
    const auto q = test::free_body_configuration<S, 6>(position, rotation);
    typename BodyBench<S>::Tangent v = test::random_velocity(b.model, rng, S(2));
    FF_ASSERT_TRUE(b.prepare(q, v));
    const Vector3<S> point = rng.vector3<S>(S(0.5));
    Vector3<S> normal = rng.vector3<S>();
    normal.normalize();
    b.contacts.clear();
    b.contacts.add(Contact<S>::Ground(0, point, normal, S(0)));
    FF_ASSERT_TRUE(b.solve(BodyBench<S>::Tangent::Zero(6), FrictionModel::kNone).ok());

    // The closed form, in world coordinates about the centre of mass.
    const S m = inertia.mass();
    const Vector3<S> com = position + rotation * inertia.com();
    const Vector3<S> r = position + rotation * point - com;
    const Matrix3<S> inertia_c = rotation * inertia.rotational_about_com() * rotation.transpose();
    Matrix3<S> inverse = inertia_c.inverse();
    const Vector3<S> omega = rotation * v.template tail<3>();
    const Vector3<S> rn = r.cross(normal);
    const S big_m = S(1) / m + rn.dot(inverse * rn);
    const Vector3<S> alpha = -(inverse * omega.cross(inertia_c * omega));
    const S d = normal.dot(b.gravity + alpha.cross(r) + omega.cross(omega.cross(r)));
    // Rounding grows with the inertia's conditioning (its inverse is part of both forms).
    const S condition = inertia_c.norm() * inverse.norm();
    const S tolerance = ulps<S>(1024) * condition;
    FF_EXPECT_NEAR(b.stance.contact.delassus(0, 0), big_m, tolerance * big_m);
    const S acc_scale = S(10) + (S(1) + condition) * omega.squaredNorm();
    FF_EXPECT_NEAR(b.stance.contact.free_contact_acceleration(0), d, tolerance * acc_scale);
    if (d < S(0)) {
      FF_EXPECT_NEAR(b.result.normal_force[0], -d / big_m, S(2) * tolerance * acc_scale / big_m);
      FF_EXPECT_NEAR(b.result.contact_acceleration(0), S(0), tolerance * acc_scale);
    } else {
      FF_EXPECT_NEAR(b.result.normal_force[0], S(0), S(0));
      FF_EXPECT_NEAR(b.result.contact_acceleration(0), d, tolerance * acc_scale);
    }
  }
}

// 2. A box flat on the floor on its four corners: T has rank 3, M is semidefinite, λ is not
// unique, but the total is mg, the box does not accelerate, and a basic solution has at most 3
// non-zero λ. With friction (sticking, rank 6 of 12) the same.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P2BoxOnFourCorners) {
  auto& b = body_bench<S>();
  const S mass = S(3), a = S(0.4), w = S(0.3), h = S(0.2);
  Inertia<S> inertia;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(mass, Vector3<S>::Zero(), box_inertia(mass, a, w, h), &inertia).ok());
  FF_ASSERT_TRUE(test::build_free_body(inertia, &b.model).ok());
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0), S(0), h / S(2)), Matrix3<S>::Identity());
  FF_ASSERT_TRUE(b.prepare(q, BodyBench<S>::Tangent::Zero(6)));
  b.contacts.clear();
  for (int corner = 0; corner < 4; ++corner) {
    const Vector3<S> p((corner & 1) ? a / 2 : -a / 2, (corner & 2) ? w / 2 : -w / 2, -h / 2);
    b.contacts.add(Contact<S>::Ground(0, p, Vector3<S>::UnitZ(), S(0.6)));
  }
  const S weight = mass * S(9.81);
  const StanceSolver solvers[3] = {StanceSolver::kLemke, StanceSolver::kEnumeration, StanceSolver::kPgs};
  for (StanceSolver solver : solvers) {
    FF_ASSERT_TRUE(b.solve(BodyBench<S>::Tangent::Zero(6), FrictionModel::kNone, solver).ok());
    S total = S(0);
    int positive = 0;
    for (int i = 0; i < 4; ++i) {
      total += b.result.normal_force[i];
      if (b.result.normal_force[i] > ulps<S>(64) * weight) ++positive;
    }
    const S tolerance = solver == StanceSolver::kPgs ? S(1e-3) * weight : ulps<S>(256) * weight;
    FF_EXPECT_NEAR(total, weight, tolerance);
    for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), tolerance / mass * S(10));
    if (solver != StanceSolver::kPgs) {
      FF_EXPECT_LE(positive, 3);
    }
  }
  const FrictionModel models[3] = {FrictionModel::kPyramid4, FrictionModel::kPyramid8, FrictionModel::kCone};
  for (FrictionModel friction : models) {
    FF_ASSERT_TRUE(b.solve(BodyBench<S>::Tangent::Zero(6), friction).ok());
    S total = S(0);
    for (int i = 0; i < 4; ++i) total += b.result.force[i].z();
    const S tolerance = friction == FrictionModel::kCone ? S(1e-3) * weight : ulps<S>(256) * weight;
    FF_EXPECT_NEAR(total, weight, tolerance);
    for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), tolerance / mass * S(10));
  }
}

// 3. The disk in the narrowing slot (RBDA Example 11.1): two contacts with n₂ = −n₁ through the
// centre, so M = [[1/m, −1/m], [−1/m, 1/m]]. Sliding into the narrowing (the walls' curvature
// closing in on it, Liu04 (24)–(26)) gives d₁ + d₂ < 0 and no λ can help: "infeasible", from every
// solver. In the straight part (no curvature) the disk slides on freely with λ = 0.
FF_TEST_FLOAT_AND_DOUBLE(StanceReference, P3DiskInNarrowingSlot) {
  auto& b = body_bench<S>();
  const S mass = S(1.5), radius = S(0.05);
  Inertia<S> inertia;
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(mass, Vector3<S>::Zero(), cylinder_inertia(mass, radius, S(0.02)),
                                                &inertia)
                     .ok());
  FF_ASSERT_TRUE(test::build_free_body(inertia, &b.model).ok());
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>::Zero(), Matrix3<S>::Identity());
  typename BodyBench<S>::Tangent v = BodyBench<S>::Tangent::Zero(6);
  v(0) = S(0.8);  // sliding along the slot, +x
  b.gravity = Vector3<S>::Zero();
  FF_ASSERT_TRUE(b.prepare(q, v));
  b.contacts.clear();
  b.contacts.add(Contact<S>::Ground(0, Vector3<S>(S(0), radius, S(0)), -Vector3<S>::UnitY(), S(0)));
  b.contacts.add(Contact<S>::Ground(0, Vector3<S>(S(0), -radius, S(0)), Vector3<S>::UnitY(), S(0)));
  const typename BodyBench<S>::Tangent tau = BodyBench<S>::Tangent::Zero(6);
  FF_ASSERT_TRUE(b.solve(tau, FrictionModel::kNone).ok());
  const auto& w = b.stance.contact.delassus;
  FF_EXPECT_NEAR(w(0, 0), S(1) / mass, ulps<S>(16) / mass);
  FF_EXPECT_NEAR(w(0, 1), S(-1) / mass, ulps<S>(16) / mass);
  FF_EXPECT_NEAR(w(1, 1), S(1) / mass, ulps<S>(16) / mass);
  FF_EXPECT_NEAR(b.result.normal_force[0] + b.result.normal_force[1], S(0), S(0));

  const S curvature = S(-4);  // walls closing in, radius 0.25 m
  b.contacts[0].curvature = curvature;
  b.contacts[1].curvature = curvature;
  const StanceSolver solvers[3] = {StanceSolver::kAuto, StanceSolver::kLemke, StanceSolver::kEnumeration};
  for (StanceSolver solver : solvers) {
    const Status status = b.solve(tau, FrictionModel::kNone, solver);
    FF_EXPECT_TRUE(status.code == StatusCode::kInfeasible);
    FF_EXPECT_NEAR(b.result.normal_force[0], S(0), S(0));
    FF_EXPECT_NEAR(b.result.qdd(0), S(0), S(0));
  }
  const auto& d = b.stance.contact.free_contact_acceleration;
  FF_EXPECT_NEAR(d(0) + d(1), S(2) * curvature * v(0) * v(0), ulps<S>(16) * S(10));
}
