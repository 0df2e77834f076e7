// Plücker transforms: composition, inverse, the motion/force duality, against the 6×6
// matrices of RBDA (2.24) built independently from E and r.
#include "ff_test.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

using footfall::test::Random;
using footfall::test::ulps;
using footfall::test::kSpatialTrials;

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(SpatialTransform, ApplyMatchesTheMatrices) {
  Random rng(11);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Transform<S> x = rng.transform<S>();
    const footfall::Motion<S> m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_MATRIX_NEAR(x.apply(m).vector(), x.motion_matrix() * m.vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(x.apply(f).vector(), x.force_matrix() * f.vector(), ulps<S>(64));
    // X* = X⁻ᵀ
    const footfall::Matrix6<S> product = x.force_matrix().transpose() * x.motion_matrix();
    FF_EXPECT_MATRIX_NEAR(product, footfall::Matrix6<S>::Identity(), ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialTransform, PureRotationAndTranslation) {
  // rot(E) about z by 90°, then a translation: hand-checkable images of unit vectors.
  footfall::Matrix3<S> e;
  e << S(0), S(1), S(0), S(-1), S(0), S(0), S(0), S(0), S(1);  // A coordinates → B (B = A turned +90° about z)
  const footfall::Motion<S> spin_x(footfall::Vector3<S>(S(1), S(0), S(0)), footfall::Vector3<S>::Zero());
  const footfall::Motion<S> in_b = footfall::Transform<S>::Rotation(e).apply(spin_x);
  FF_EXPECT_MATRIX_NEAR(in_b.angular(), footfall::Vector3<S>(S(0), S(-1), S(0)), S(0));
  // A body spinning about z through A's origin, seen from B at r = (1, 0, 0): the body point at
  // B's origin moves with ω × r = (0, 1, 0), which is v_A − r × ω.
  const footfall::Motion<S> spin_z(footfall::Vector3<S>(S(0), S(0), S(1)), footfall::Vector3<S>::Zero());
  const footfall::Motion<S> moved =
      footfall::Transform<S>::Translation(footfall::Vector3<S>(S(1), S(0), S(0))).apply(spin_z);
  FF_EXPECT_MATRIX_NEAR(moved.linear(), footfall::Vector3<S>(S(0), S(1), S(0)), S(0));
  // A force (0, 0, 1) through A's origin has moment n_B = −r × f = −(1,0,0) × (0,0,1) = (0,1,0).
  const footfall::Force<S> push(footfall::Vector3<S>::Zero(), footfall::Vector3<S>(S(0), S(0), S(1)));
  const footfall::Force<S> seen =
      footfall::Transform<S>::Translation(footfall::Vector3<S>(S(1), S(0), S(0))).apply(push);
  FF_EXPECT_MATRIX_NEAR(seen.angular(), footfall::Vector3<S>(S(0), S(1), S(0)), S(0));
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialTransform, CompositionIsMatrixProduct) {
  Random rng(12);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Transform<S> ab = rng.transform<S>(), bc = rng.transform<S>();
    const footfall::Transform<S> ac = bc * ab;
    FF_EXPECT_MATRIX_NEAR(ac.motion_matrix(), (bc.motion_matrix() * ab.motion_matrix()).eval(),
                          S(4) * ulps<S>(64));
    const footfall::Motion<S> m = rng.motion<S>();
    FF_EXPECT_MATRIX_NEAR(ac.apply(m).vector(), bc.apply(ab.apply(m)).vector(), S(4) * ulps<S>(64));
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_MATRIX_NEAR(ac.apply(f).vector(), bc.apply(ab.apply(f)).vector(), S(4) * ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialTransform, InverseUndoesTheTransform) {
  Random rng(13);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Transform<S> x = rng.transform<S>();
    const footfall::Motion<S> m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_MATRIX_NEAR(x.inverse().apply(x.apply(m)).vector(), m.vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(x.apply_inverse(x.apply(m)).vector(), m.vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(x.apply_inverse(x.apply(f)).vector(), f.vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(x.inverse().apply(f).vector(), x.apply_inverse(f).vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR((x.inverse().motion_matrix() * x.motion_matrix()).eval(),
                          footfall::Matrix6<S>::Identity(), S(4) * ulps<S>(64));
    const footfall::Transform<S> identity = x * x.inverse();
    FF_EXPECT_MATRIX_NEAR(identity.motion_matrix(), footfall::Matrix6<S>::Identity(), ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialTransform, PowerIsFrameInvariant) {
  // m·f = (X m)·(X* f)   (RBDA (2.13) with X* = X⁻ᵀ)
  Random rng(14);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Transform<S> x = rng.transform<S>();
    const footfall::Motion<S> m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_NEAR(footfall::dot(x.apply(m), x.apply(f)), footfall::dot(m, f), S(4) * ulps<S>(64));
  }
}
