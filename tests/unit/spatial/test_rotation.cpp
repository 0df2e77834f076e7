// Rotations: the exponential map against the closed form of a rotation about a coordinate axis
// and against its defining properties; quaternions to and from matrices.
#include <cmath>
#include <limits>

#include "ff_test.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

using footfall::test::Random;
using footfall::test::ulps;
using footfall::test::kSpatialTrials;

template <typename S>
footfall::Matrix3<S> rotation_about_z(S angle) {
  footfall::Matrix3<S> r;
  r << std::cos(angle), -std::sin(angle), S(0), std::sin(angle), std::cos(angle), S(0), S(0), S(0), S(1);
  return r;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(Rotation, ExpOfAnAxisIsTheElementaryRotation) {
  // exp(θ ẑ×) is the rotation by θ about z, for angles across the small-angle series' threshold
  // and up to π.
  const S angles[] = {S(0), S(1e-9), S(1e-5), S(1e-3), S(0.01), S(0.2), S(0.3), S(1), S(2), S(3.14159)};
  for (const S angle : angles) {
    const footfall::Matrix3<S> r = footfall::exp_so3(footfall::Vector3<S>(S(0), S(0), angle));
    FF_EXPECT_MATRIX_NEAR(r, rotation_about_z(angle), ulps<S>(16));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, ExpIsAProperRotationThatFixesItsAxis) {
  Random rng(31);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Vector3<S> phi = rng.vector3<S>(S(1.8));
    const footfall::Matrix3<S> r = footfall::exp_so3(phi);
    FF_EXPECT_MATRIX_NEAR((r * r.transpose()).eval(), footfall::Matrix3<S>::Identity(), ulps<S>(16));
    FF_EXPECT_NEAR(r.determinant(), S(1), ulps<S>(16));
    FF_EXPECT_MATRIX_NEAR((r * phi).eval(), phi, ulps<S>(16));
    // exp(−φ×) = exp(φ×)ᵀ, and exp(φ×) = exp(φ/2 ×)²
    FF_EXPECT_MATRIX_NEAR(footfall::exp_so3<S>(-phi), r.transpose().eval(), ulps<S>(16));
    const footfall::Matrix3<S> half = footfall::exp_so3<S>(phi / S(2));
    FF_EXPECT_MATRIX_NEAR((half * half).eval(), r, ulps<S>(16));
    // exp(R φ×Rᵀ) = R exp(φ×) Rᵀ: the map commutes with a change of frame.
    const footfall::Matrix3<S> frame = rng.rotation<S>();
    FF_EXPECT_MATRIX_NEAR(footfall::exp_so3<S>(frame * phi), (frame * r * frame.transpose()).eval(),
                          S(2) * ulps<S>(16));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, ExpMatchesItsPowerSeriesForSmallAngles) {
  // For small φ, exp(φ×) = 1 + φ× + (φ×)²/2 + (φ×)³/6 + …; ten terms are exact to rounding.
  Random rng(32);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Vector3<S> phi = rng.vector3<S>(S(0.05));
    const footfall::Matrix3<S> px = footfall::skew(phi);
    footfall::Matrix3<S> term = footfall::Matrix3<S>::Identity(), series = term;
    for (int k = 1; k < 10; ++k) {
      term = (term * px / S(k)).eval();
      series += term;
    }
    FF_EXPECT_MATRIX_NEAR(footfall::exp_so3(phi), series, ulps<S>(16));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, RodriguesCoefficientsKeepTheirPrecisionAboveTheSeries) {
  // Above the small-angle series' threshold the coefficients sin θ/θ and (1 − cos θ)/θ² come
  // from sin(θ/2) and cos(θ/2). Written as 1 − cos θ the second loses the digits cos θ shares
  // with 1: measured against long double over this range, up to 4.5 ε of its value in float and
  // 2 600 ε in double, just above its threshold (θ ≈ 0.0102); from the half angle, 1.6 ε. The reference is each coefficient's own Taylor series, summed from
  // its smallest term: its terms fall by θ²/((2k + 2)(2k + 3)) ≤ 1/6, so for θ ≤ 1 the sum is
  // good to about an ulp in S itself.
  const S threshold = std::cbrt(std::sqrt(S(5040) * std::numeric_limits<S>::epsilon()));
  const S eps = std::numeric_limits<S>::epsilon();
  const int steps = 400;
  for (int i = 0; i <= steps; ++i) {
    const S theta = threshold * S(1.01) + (S(1) - threshold * S(1.01)) * static_cast<S>(i) / static_cast<S>(steps);
    const S t2 = theta * theta;
    S sinc = S(0), cosc = S(0);  // Σ (−1)^k θ^2k/(2k+1)!  and  Σ (−1)^k θ^2k/(2k+2)!
    for (int k = 12; k >= 0; --k) {
      S power = S(1), f1 = S(1), f2 = S(1);
      for (int j = 1; j <= k; ++j) power *= -t2;
      for (int j = 2; j <= 2 * k + 1; ++j) f1 *= static_cast<S>(j);
      f2 = f1 * static_cast<S>(2 * k + 2);
      sinc += power / f1;
      cosc += power / f2;
    }
    S a = S(0), b = S(0);
    footfall::detail::rodrigues_coefficients(t2, &a, &b);
    FF_EXPECT_NEAR(a, sinc, S(4) * eps * sinc);
    FF_EXPECT_NEAR(b, cosc, S(4) * eps * cosc);
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, QuaternionRoundTrip) {
  Random rng(33);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Matrix3<S> r = rng.rotation<S>();
    const footfall::Vector4<S> q = footfall::quaternion_from_rotation(r);
    FF_EXPECT_NEAR(q.norm(), S(1), ulps<S>(16));
    FF_EXPECT_LE(S(0), q(3));
    FF_EXPECT_MATRIX_NEAR(footfall::rotation_from_quaternion(q), r, S(2) * ulps<S>(16));
    // q and −q are the same rotation.
    FF_EXPECT_MATRIX_NEAR(footfall::rotation_from_quaternion<S>(-q), r, S(2) * ulps<S>(16));
  }
  // Rotations by π, where w = 0 and Shepperd's method must not divide by it.
  for (int axis = 0; axis < 3; ++axis) {
    footfall::Vector3<S> phi = footfall::Vector3<S>::Zero();
    phi(axis) = S(3.14159265358979323846);
    const footfall::Matrix3<S> r = footfall::exp_so3(phi);
    FF_EXPECT_MATRIX_NEAR(footfall::rotation_from_quaternion(footfall::quaternion_from_rotation(r)), r,
                          S(4) * ulps<S>(16));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, QuaternionOfARotationVector) {
  // (sin(θ/2) axis, cos(θ/2)) and exp(φ×) are the same rotation, small angles included.
  Random rng(34);
  const S scales[] = {S(1e-8), S(1e-3), S(0.1), S(1.8)};
  for (const S scale : scales) {
    for (int trial = 0; trial < kSpatialTrials; ++trial) {
      const footfall::Vector3<S> phi = rng.vector3<S>(scale);
      const footfall::Vector4<S> q = footfall::quaternion_from_rotation_vector(phi);
      FF_EXPECT_NEAR(q.norm(), S(1), ulps<S>(16));
      FF_EXPECT_MATRIX_NEAR(footfall::rotation_from_quaternion(q), footfall::exp_so3(phi),
                            S(2) * ulps<S>(16));
    }
  }
  // The quaternion of 90° about x is (sin 45°, 0, 0, cos 45°).
  const S half = std::sqrt(S(0.5));
  FF_EXPECT_MATRIX_NEAR(footfall::quaternion_from_rotation_vector(
                            footfall::Vector3<S>(S(1.57079632679489661923), S(0), S(0))),
                        footfall::Vector4<S>(half, S(0), S(0), half), ulps<S>(16));
}

FF_TEST_FLOAT_AND_DOUBLE(Rotation, QuaternionValidation) {
  FF_EXPECT_TRUE(footfall::validate_unit_quaternion(footfall::Vector4<S>(S(0), S(0), S(0), S(1))).ok());
  FF_EXPECT_FALSE(footfall::validate_unit_quaternion(footfall::Vector4<S>(S(0), S(0), S(0), S(1.01))).ok());
  FF_EXPECT_FALSE(footfall::validate_unit_quaternion<S>(footfall::Vector4<S>::Zero()).ok());
  const S nan = std::numeric_limits<S>::quiet_NaN();
  FF_EXPECT_FALSE(footfall::validate_unit_quaternion(footfall::Vector4<S>(nan, S(0), S(0), S(1))).ok());
}
