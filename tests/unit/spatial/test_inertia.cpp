// Spatial inertia: construction and its validation, the 6×6 matrix, change of frame and sums.
#include <cstring>
#include <limits>

#include "ff_test.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

using footfall::test::Random;
using footfall::test::ulps;
using footfall::test::kSpatialTrials;

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, MatrixOfABodyOffItsCentre) {
  // A 2 kg body, centre at c = (0, 0, 0.5), I_c = diag(0.1, 0.2, 0.3): RBDA (2.63) by hand.
  const S m = S(2);
  const footfall::Vector3<S> c(S(0), S(0), S(0.5));
  const footfall::Matrix3<S> ic = footfall::Vector3<S>(S(0.1), S(0.2), S(0.3)).asDiagonal();
  footfall::Inertia<S> inertia = footfall::Inertia<S>::Zero();
  FF_ASSERT_TRUE(footfall::Inertia<S>::FromMassComInertia(m, c, ic, &inertia).ok());
  footfall::Matrix6<S> expected = footfall::Matrix6<S>::Zero();
  // Ī = I_c + m (c_z² on the x and y diagonal) = diag(0.6, 0.7, 0.3)
  expected.template topLeftCorner<3, 3>() =
      footfall::Vector3<S>(S(0.6), S(0.7), S(0.3)).asDiagonal();
  // h× with h = (0, 0, 1)
  expected(0, 4) = S(-1);
  expected(1, 3) = S(1);
  expected(3, 1) = S(1);
  expected(4, 0) = S(-1);
  expected.template bottomRightCorner<3, 3>() = m * footfall::Matrix3<S>::Identity();
  FF_EXPECT_MATRIX_NEAR(inertia.matrix(), expected, ulps<S>(256));
  FF_EXPECT_MATRIX_NEAR(inertia.com(), c, ulps<S>(256));
  FF_EXPECT_MATRIX_NEAR(inertia.rotational_about_com(), ic, ulps<S>(256));
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, ApplyMatchesMatrixAndIsPositiveDefinite) {
  Random rng(21);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Inertia<S> inertia = rng.inertia<S>();
    const footfall::Motion<S> v = rng.motion<S>();
    FF_EXPECT_MATRIX_NEAR(inertia.apply(v).vector(), inertia.matrix() * v.vector(), ulps<S>(256));
    const footfall::Matrix6<S> m = inertia.matrix();
    FF_EXPECT_MATRIX_NEAR(m, m.transpose().eval(), S(0));
    FF_EXPECT_LT(S(0), footfall::kinetic_energy(inertia, v));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, ChangeOfFrameIsCongruence) {
  // I_B = X* I_A X⁻¹; so I_B (X v) = X* (I_A v) and the kinetic energy does not change.
  // X⁻¹ as a matrix is X*ᵀ (X* = X⁻ᵀ, checked in test_transform.cpp), so no general inverse
  // (and no heap on the boards) is needed.
  Random rng(22);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Inertia<S> in_a = rng.inertia<S>();
    const footfall::Transform<S> x = rng.transform<S>();
    const footfall::Inertia<S> in_b = in_a.transformed(x);
    const footfall::Matrix6<S> congruence =
        x.force_matrix() * in_a.matrix() * x.force_matrix().transpose();
    FF_EXPECT_MATRIX_NEAR(in_b.matrix(), congruence, S(8) * ulps<S>(256));
    const footfall::Motion<S> v = rng.motion<S>();
    FF_EXPECT_MATRIX_NEAR(in_b.apply(x.apply(v)).vector(), x.apply(in_a.apply(v)).vector(),
                          S(8) * ulps<S>(256));
    FF_EXPECT_NEAR(footfall::kinetic_energy(in_b, x.apply(v)), footfall::kinetic_energy(in_a, v),
                   S(8) * ulps<S>(256));
    // Mass and the inertia about the centre of mass are properties of the body, not the frame.
    FF_EXPECT_NEAR(in_b.mass(), in_a.mass(), ulps<S>(256));
    FF_EXPECT_MATRIX_NEAR(in_b.rotational_about_com(),
                          (x.rotation() * in_a.rotational_about_com() * x.rotation().transpose()).eval(),
                          S(8) * ulps<S>(256));
    // And the way back, by the inverse transform and by Xᵀ I X directly, which is exactly
    // symmetric.
    FF_EXPECT_MATRIX_NEAR(in_b.transformed(x.inverse()).matrix(), in_a.matrix(), S(8) * ulps<S>(256));
    const footfall::Inertia<S> back = in_b.transformed_back(x);
    FF_EXPECT_MATRIX_NEAR(back.matrix(), in_a.matrix(), S(8) * ulps<S>(256));
    FF_EXPECT_MATRIX_NEAR(back.matrix(), (x.motion_matrix().transpose() * in_b.matrix() * x.motion_matrix()).eval(),
                          S(8) * ulps<S>(256));
    FF_EXPECT_MATRIX_NEAR(back.rotational_about_origin(), back.rotational_about_origin().transpose().eval(), S(0));
    FF_EXPECT_MATRIX_NEAR(in_b.rotational_about_origin(), in_b.rotational_about_origin().transpose().eval(), S(0));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, RotationIsCongruenceWithoutTranslation) {
  // rotated(E) is X* I X⁻¹ for X = (E, 0): the 6×6 congruence, formed here from X*'s matrix
  // (transformed() itself turns with rotated(), so it is no independent check), and exactly
  // symmetric.
  Random rng(24);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Inertia<S> in_a = rng.inertia<S>();
    const footfall::Transform<S> x = footfall::Transform<S>::Rotation(rng.rotation<S>());
    const footfall::Inertia<S> turned = in_a.rotated(x.rotation());
    FF_EXPECT_MATRIX_NEAR(turned.matrix(), (x.force_matrix() * in_a.matrix() * x.force_matrix().transpose()).eval(),
                          S(8) * ulps<S>(256));
    FF_EXPECT_MATRIX_NEAR(turned.rotational_about_origin(), turned.rotational_about_origin().transpose().eval(), S(0));
    FF_EXPECT_NEAR(turned.mass(), in_a.mass(), S(0));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, SumsTransformLikeTheirParts) {
  Random rng(23);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Inertia<S> a = rng.inertia<S>(), b = rng.inertia<S>();
    const footfall::Transform<S> x = rng.transform<S>();
    FF_EXPECT_MATRIX_NEAR((a + b).transformed(x).matrix(),
                          (a.transformed(x) + b.transformed(x)).matrix(), S(8) * ulps<S>(256));
    // The centre of mass of the sum is the mass-weighted mean.
    FF_EXPECT_MATRIX_NEAR((a + b).com(), ((a.mass() * a.com() + b.mass() * b.com()) / (a.mass() + b.mass())).eval(),
                          ulps<S>(256));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialInertia, RejectsBodiesThatCannotExist) {
  const footfall::Vector3<S> c = footfall::Vector3<S>::Zero();
  const footfall::Matrix3<S> good = footfall::Vector3<S>(S(1), S(1), S(1.5)).asDiagonal();
  const footfall::Inertia<S> untouched = footfall::Inertia<S>::Zero();
  footfall::Inertia<S> out = untouched;
  using footfall::Inertia;
  using footfall::StatusCode;
  const S nan = std::numeric_limits<S>::quiet_NaN();
  struct Case {
    S mass;
    footfall::Vector3<S> com;
    footfall::Matrix3<S> inertia;
    const char* field;
  };
  footfall::Matrix3<S> asymmetric = good;
  asymmetric(0, 1) = S(0.1);
  footfall::Matrix3<S> with_nan = good;
  with_nan(2, 2) = nan;
  const Case cases[] = {
      {S(0), c, good, "mass"},
      {S(-1), c, good, "mass"},
      {nan, c, good, "mass"},
      {std::numeric_limits<S>::infinity(), c, good, "mass"},
      {S(1), footfall::Vector3<S>(S(0), nan, S(0)), good, "com"},
      {S(1), c, with_nan, "inertia"},
      {S(1), c, asymmetric, "inertia.symmetric"},
      {S(1), c, footfall::Vector3<S>(S(1), S(1), S(0)).asDiagonal(), "inertia.positive_definite"},
      {S(1), c, footfall::Vector3<S>(S(1), S(-1), S(1)).asDiagonal(), "inertia.positive_definite"},
      {S(1), c, footfall::Vector3<S>(S(1), S(1), S(2.5)).asDiagonal(), "inertia.triangle_inequality"},
  };
  for (const Case& bad : cases) {
    const footfall::Status status = Inertia<S>::FromMassComInertia(bad.mass, bad.com, bad.inertia, &out);
    FF_EXPECT_TRUE(status.code == StatusCode::kBadInput);
    FF_EXPECT_TRUE(std::strcmp(status.field, bad.field) == 0);
    FF_EXPECT_EQ(out.mass(), untouched.mass());  // the output is left as it was
  }
  // A thin disc sits exactly on the triangle inequality (I_z = I_x + I_y) and is a real body.
  FF_EXPECT_TRUE(Inertia<S>::FromMassComInertia(S(1), c,
                                                footfall::Matrix3<S>(footfall::Vector3<S>(S(1), S(1), S(2)).asDiagonal()),
                                                &out)
                     .ok());
  // The same bodies with their principal axes turned away from the frame's: the checks factor
  // the matrices as they are, with no eigenvalue solve, so the answers must not depend on the
  // axes (a disc turned is still a body; a moment over the sum of the other two is still not).
  const footfall::Matrix3<S> turn =
      Eigen::AngleAxis<S>(S(0.7), footfall::Vector3<S>(S(1), S(2), S(-2)).normalized()).toRotationMatrix();
  const auto turned = [&](S a, S b, S c_moment) {
    return footfall::Matrix3<S>(turn * footfall::Vector3<S>(a, b, c_moment).asDiagonal() * turn.transpose());
  };
  const auto field_of = [&](const footfall::Matrix3<S>& inertia) {
    const footfall::Status status = Inertia<S>::FromMassComInertia(S(1), c, inertia, &out);
    return status.ok() ? "ok" : status.field;
  };
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(1), S(1), S(2))), "ok") == 0);
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(1), S(1.5), S(0.8))), "ok") == 0);
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(1), S(1), S(2.01))), "inertia.triangle_inequality") == 0);
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(3), S(1), S(1))), "inertia.triangle_inequality") == 0);
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(1), S(1), S(0))), "inertia.positive_definite") == 0);
  FF_EXPECT_TRUE(std::strcmp(field_of(turned(S(1), S(-0.01), S(1))), "inertia.positive_definite") == 0);
}
