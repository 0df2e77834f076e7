// Dependent contacts (stance/dependent_contacts.hpp, lcp/least_norm.hpp): a box on its four
// bottom corners, whose 12 contact rows have rank 6 (3 without friction). The accelerations are
// unique (zero at rest), the corner forces are not; every friction model returns the least-norm
// forces and says so. Closed form: with the centre of mass at (x, y) over a sole of a × w, the
// least-norm normal forces with Σf = mg and the moments balanced are
//
//   f_i = mg (1/4 + x p_x,i / a² + y p_y,i / w²),   p_i = (±a/2, ±w/2),
//
// (the three balance rows are orthogonal over the corners), and no tangential force.
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StanceBench;
using footfall::test::ulps;

template <typename S>
using SoleBench = StanceBench<S, 1, 6, 4>;

template <typename S>
SoleBench<S>& sole_bench() {
  static SoleBench<S> instance;
  return instance;
}

struct Sole {
  double a = 0.4, w = 0.3, h = 0.2, mass = 3.0;
  double x = 0.05, y = -0.03;  // the centre of mass over the sole's centre
};

template <typename S>
Vector3<S> corner(const Sole& sole, int i) {
  return Vector3<S>(S((i & 1) ? sole.a / 2 : -sole.a / 2), S((i & 2) ? sole.w / 2 : -sole.w / 2), S(-sole.h / 2));
}

// The box at rest on the floor, its contacts the corners in the order `order`.
template <typename S>
void place_sole_box(SoleBench<S>& b, const Sole& sole, const int (&order)[4]) {
  Inertia<S> inertia;
  const Vector3<S> com(S(sole.x), S(sole.y), S(0));
  FF_ASSERT_TRUE(Inertia<S>::FromMassComInertia(S(sole.mass), com,
                                                box_inertia(S(sole.mass), S(sole.a), S(sole.w), S(sole.h)),
                                                &inertia)
                     .ok());
  FF_ASSERT_TRUE(test::build_free_body(inertia, &b.model).ok());
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0), S(0), S(sole.h / 2)), Matrix3<S>::Identity());
  FF_ASSERT_TRUE(b.prepare(q, SoleBench<S>::Tangent::Zero(6)));
  b.contacts.clear();
  for (int i : order) b.contacts.add(Contact<S>::Ground(0, corner<S>(sole, i), Vector3<S>::UnitZ(), S(0.6)));
}

template <typename S>
S least_norm_corner_force(const Sole& sole, int i) {
  const Vector3<S> p = corner<S>(sole, i);
  const S weight = S(sole.mass) * S(9.81);
  return weight * (S(0.25) + S(sole.x) * p.x() / S(sole.a * sole.a) + S(sole.y) * p.y() / S(sole.w * sole.w));
}

const FrictionModel kDependentModels[4] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                  FrictionModel::kCone};

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, BoxOnFourCornersTakesTheLeastNormForces) {
  auto& b = sole_bench<S>();
  const Sole sole;
  const int order[4] = {0, 1, 2, 3};
  place_sole_box(b, sole, order);
  const S weight = S(sole.mass) * S(9.81);
  for (FrictionModel friction : kDependentModels) {
    FF_ASSERT_TRUE(b.solve(SoleBench<S>::Tangent::Zero(6), friction).ok());
    FF_EXPECT_TRUE(b.result.force_choice == ForceChoice::kLeastNorm);
    for (int i = 0; i < 4; ++i) {
      FF_EXPECT_NEAR(b.result.force[i].z(), least_norm_corner_force<S>(sole, i), ulps<S>(256) * weight);
      FF_EXPECT_NEAR(b.result.force[i].x(), S(0), ulps<S>(256) * weight);
      FF_EXPECT_NEAR(b.result.force[i].y(), S(0), ulps<S>(256) * weight);
      FF_EXPECT_TRUE(b.result.state[i] == ContactState::kSticking);
    }
    for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), ulps<S>(256) * S(10));
  }
}

// The same forces whatever order the corners are listed in and whether the solve starts warm.
FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, LeastNormForcesDoNotDependOnOrderOrWarmStart) {
  auto& b = sole_bench<S>();
  const Sole sole;
  const int orders[3][4] = {{0, 1, 2, 3}, {3, 1, 0, 2}, {2, 3, 1, 0}};
  const S weight = S(sole.mass) * S(9.81);
  for (FrictionModel friction : kDependentModels)
    for (const auto& order : orders) {
      place_sole_box(b, sole, order);
      for (int pass = 0; pass < 2; ++pass) {  // cold, then warm from the first
        StanceOptions<S> options;
        options.friction = friction;
        options.warm_start = pass == 1;
        FF_ASSERT_TRUE(solve_stance(b.model, b.ws, b.contacts, SoleBench<S>::Tangent::Zero(6), options, b.stance,
                                    b.result)
                           .ok());
        for (int slot = 0; slot < 4; ++slot)
          FF_EXPECT_NEAR(b.result.force[slot].z(), least_norm_corner_force<S>(sole, order[slot]), ulps<S>(256) * weight);
      }
    }
}

// A body on one point and a quadruped-like set of separate bodies say their forces are unique.
FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, OneCornerIsUnique) {
  auto& b = sole_bench<S>();
  Sole sole;
  sole.x = sole.a / 2;  // the centre of mass over corner 1 … 3's edge is not needed: one contact
  sole.y = -sole.w / 2;
  const int order[4] = {1, 0, 2, 3};
  place_sole_box(b, sole, order);
  ContactSet<S, 4> one;
  one.add(b.contacts[0]);
  b.contacts = one;
  for (FrictionModel friction : kDependentModels) {
    const Status status = b.solve(SoleBench<S>::Tangent::Zero(6), friction);
    FF_ASSERT_TRUE(status.ok());
    FF_EXPECT_TRUE(b.result.force_choice == ForceChoice::kUnique);
  }
}

namespace {

template <typename S>
using BipedBench = StanceBench<S, 13, 18, 8>;

template <typename S>
BipedBench<S>& biped_bench() {
  static BipedBench<S> instance;
  return instance;
}

// The built-in biped standing on both soles, legs slightly bent, its eight corners on z = 0.
template <typename S>
bool biped_on_soles(BipedBench<S>& b) {
  if (!build_biped_model(&b.model).ok()) return false;
  typename BipedBench<S>::Config q = BipedBench<S>::Config::Zero(19);
  q(6) = S(1);
  for (int leg = 0; leg < 2; ++leg) {  // hip pitch, knee, ankle pitch: a crouch with flat soles
    q(7 + 6 * leg + 2) = S(-0.3);
    q(7 + 6 * leg + 3) = S(0.6);
    q(7 + 6 * leg + 4) = S(-0.3);
  }
  if (!b.prepare(q, BipedBench<S>::Tangent::Zero(18))) return false;
  const S sole = detail::world_point(b.ws, biped_foot_body(0), biped_sole_corner<S>(0)).z();
  q(2) = -sole;
  if (!b.prepare(q, BipedBench<S>::Tangent::Zero(18))) return false;
  b.contacts.clear();
  for (int leg = 0; leg < 2; ++leg)
    for (int corner = 0; corner < 4; ++corner)
      b.contacts.add(Contact<S>::Ground(biped_foot_body(leg), biped_sole_corner<S>(corner), Vector3<S>::UnitZ(), S(0.8)));
  return true;
}

}  // namespace

// Held by its holding torques (q̈ = 0), the biped's least-norm stance forces are the holding
// solve's least-norm forces (both are the f in range(G) with Gᵀf = C − τ), for every friction
// model; the soles carry the weight and nothing accelerates.
FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, BipedOnBothSolesTakesTheHoldingForces) {
  auto& b = biped_bench<S>();
  FF_ASSERT_TRUE(biped_on_soles(b));
  const typename BipedBench<S>::Tangent zero = BipedBench<S>::Tangent::Zero(18);
  FF_ASSERT_TRUE(b.solve(zero, FrictionModel::kCone).code != StatusCode::kBadInput);  // the contact terms
  typename BipedBench<S>::Tangent tau(18);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 24, 1> hold;
  FF_ASSERT_TRUE(holding_torques(b.model, b.ws, b.stance.contact, tau, &hold).ok());
  S weight = S(0);
  for (int i = 0; i < 13; ++i) weight += b.model.inertia(i).mass();
  weight *= S(9.81);
  for (FrictionModel friction : kDependentModels) {
    const Status status = b.solve(tau, friction);
    FF_ASSERT_TRUE(status.ok());
    FF_EXPECT_TRUE(b.result.force_choice == ForceChoice::kLeastNorm);
    S total = S(0);
    for (int i = 0; i < 8; ++i) {
      total += b.result.force[i].z();
      FF_EXPECT_NEAR(b.result.normal_force[i], hold(3 * i), ulps<S>(4096) * weight);
      if (friction != FrictionModel::kNone) {
        FF_EXPECT_NEAR(b.result.lambda(3 * i + 1), hold(3 * i + 1), ulps<S>(4096) * weight);
        FF_EXPECT_NEAR(b.result.lambda(3 * i + 2), hold(3 * i + 2), ulps<S>(4096) * weight);
      }
    }
    FF_EXPECT_NEAR(total, weight, ulps<S>(4096) * weight);
    for (int k = 0; k < 18; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), ulps<S>(4096) * S(100));
  }
}

// The box as one patch: F = mg up, no moment about the centroid's in-plane axes beyond the
// weight's lever, the centre of pressure under the centre of mass, every corner loaded. A moment
// about x beyond what the weight holds (mg · w/2) lifts one long edge: the patch tips, its centre
// of pressure on the edge that stays, and the loads are still unique in total.
FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, PatchWrenchAndCentreOfPressure) {
  auto& b = sole_bench<S>();
  const Sole sole;
  const int order[4] = {0, 1, 2, 3};
  place_sole_box(b, sole, order);
  const S weight = S(sole.mass) * S(9.81);
  for (FrictionModel friction : kDependentModels) {
    FF_ASSERT_TRUE(b.solve(SoleBench<S>::Tangent::Zero(6), friction).ok());
    PatchWrench<S> patch;
    FF_ASSERT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 4, &patch).ok());
    FF_EXPECT_TRUE(patch.state == PatchState::kSticking);
    FF_EXPECT_EQ(patch.loaded, 4);
    FF_EXPECT_NEAR(patch.normal_force, weight, ulps<S>(256) * weight);
    FF_EXPECT_NEAR(patch.centre_of_pressure.x(), S(sole.x), ulps<S>(1024));
    FF_EXPECT_NEAR(patch.centre_of_pressure.y(), S(sole.y), ulps<S>(1024));
    FF_EXPECT_NEAR(patch.centre_of_pressure.z(), S(0), ulps<S>(64));
    FF_EXPECT_NEAR(patch.moment.z(), S(0), ulps<S>(256) * weight);
  }
  // Tipping: 2 mg w/2 about x (the weight holds mg (w/2 + y) at most about the −y edge).
  typename SoleBench<S>::Tangent tau = SoleBench<S>::Tangent::Zero(6);
  tau(3) = S(2) * weight * S(sole.w / 2);
  for (FrictionModel friction : kDependentModels) {
    FF_ASSERT_TRUE(b.solve(tau, friction).ok());
    PatchWrench<S> patch;
    FF_ASSERT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 4, &patch).ok());
    FF_EXPECT_TRUE(patch.state == PatchState::kTipping);
    FF_EXPECT_EQ(patch.loaded, 2);
    // The body turns about x, so the corners that stay are on one long edge, and the centre of
    // pressure is on it.
    FF_EXPECT_NEAR(std::abs(patch.centre_of_pressure.y()), S(sole.w / 2), ulps<S>(4096));
  }
  // Bad ranges change nothing.
  PatchWrench<S> untouched;
  untouched.loaded = 7;
  FF_EXPECT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 3, 2, &untouched).code == StatusCode::kBadInput);
  FF_EXPECT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 1, &untouched).code == StatusCode::kBadInput);
  FF_EXPECT_EQ(untouched.loaded, 7);
}

namespace {

// A box of a × w × h at rest on its four bottom corners, pushed along +x at its centre of mass
// (h/2 above the floor) by `push` N; the stance result of `friction`.
template <typename S>
Status push_box(SoleBench<S>& b, const Sole& sole, double push, FrictionModel friction) {
  const int order[4] = {0, 1, 2, 3};
  place_sole_box(b, sole, order);
  typename SoleBench<S>::Tangent tau = SoleBench<S>::Tangent::Zero(6);
  tau(0) = S(push);
  return b.solve(tau, friction);
}

}  // namespace

// Closed forms of a pushed box. A tall one (0.1 × 0.1 × 0.6 m) tips before it slides: below
// F_tip = m g (a/2) / (h/2) it stays at rest with its centre of pressure at x = F (h/2) / (m g);
// above, it turns about its +x edge, the patch tipping on that edge. A flat one (0.4 × 0.3 × 0.2 m,
// μ 0.6) slides first: below μ m g at rest, above it slides with q̈_x = (F − μ m g) / m.
FF_TEST_FLOAT_AND_DOUBLE(StanceDependent, PushedBoxTipsOrSlidesAtItsClosedForm) {
  auto& b = sole_bench<S>();
  Sole tall;
  tall.a = 0.1;
  tall.w = 0.1;
  tall.h = 0.6;
  tall.mass = 2.0;
  tall.x = tall.y = 0.0;
  const double weight = tall.mass * 9.81;
  const double tip = weight * (tall.a / 2) / (tall.h / 2);
  const S tolerance = sizeof(S) == 4 ? S(2e-4) : S(1e-9);
  const S at_rest = tolerance * S(100);
  for (FrictionModel friction : {FrictionModel::kPyramid4, FrictionModel::kPyramid8, FrictionModel::kCone}) {
    FF_ASSERT_TRUE(push_box(b, tall, 0.9 * tip, friction).ok());
    PatchWrench<S> patch;
    FF_ASSERT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 4, &patch).ok());
    FF_EXPECT_TRUE(patch.state == PatchState::kSticking);
    FF_EXPECT_NEAR(patch.centre_of_pressure.x(), S(0.9 * tip * (tall.h / 2) / weight), tolerance);
    for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), at_rest);

    FF_ASSERT_TRUE(push_box(b, tall, 1.1 * tip, friction).ok());
    FF_ASSERT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 4, &patch).ok());
    FF_EXPECT_TRUE(patch.state == PatchState::kTipping);
    FF_EXPECT_EQ(patch.loaded, 2);
    FF_EXPECT_NEAR(patch.centre_of_pressure.x(), S(tall.a / 2), tolerance);
    FF_EXPECT_TRUE(b.result.qdd(4) > S(0));  // turning about +y: the top goes +x
  }
  Sole flat;
  flat.x = flat.y = 0.0;
  const double slide = 0.6 * flat.mass * 9.81;
  FF_ASSERT_TRUE(push_box(b, flat, 0.9 * slide, FrictionModel::kCone).ok());
  for (int k = 0; k < 6; ++k) FF_EXPECT_NEAR(b.result.qdd(k), S(0), at_rest);
  FF_ASSERT_TRUE(push_box(b, flat, 1.1 * slide, FrictionModel::kCone).ok());
  FF_EXPECT_NEAR(b.result.qdd(0), S(0.1 * slide / flat.mass), tolerance * S(100));
  PatchWrench<S> patch;
  FF_ASSERT_TRUE(patch_wrench(b.result, b.stance.contact, b.contacts, 0, 4, &patch).ok());
  FF_EXPECT_TRUE(patch.state == PatchState::kSliding);
  FF_EXPECT_NEAR(patch.force.x(), S(-slide), tolerance * S(slide));
}
