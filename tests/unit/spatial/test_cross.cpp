// Spatial vectors and cross products: the identities of RBDA §2.9 on random vectors.
#include "ff_test.hpp"
#include "footfall/spatial.hpp"
#include "random.hpp"

namespace {

using footfall::test::Random;
using footfall::test::ulps;
using footfall::test::kSpatialTrials;

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(SpatialCross, MatrixFormsMatchTheProducts) {
  Random rng(1);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Motion<S> a = rng.motion<S>(), m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_MATRIX_NEAR(footfall::cross(a, m).vector(),
                          footfall::motion_cross_matrix(a) * m.vector(), ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(footfall::cross(a, f).vector(),
                          footfall::force_cross_matrix(a) * f.vector(), ulps<S>(64));
    // crf(a) = −crm(a)ᵀ   (RBDA (2.33))
    FF_EXPECT_MATRIX_NEAR(footfall::force_cross_matrix(a),
                          (-footfall::motion_cross_matrix(a).transpose()).eval(), S(0));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialCross, MotionCrossItselfIsZero) {
  Random rng(2);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Motion<S> a = rng.motion<S>();
    FF_EXPECT_LE(footfall::cross(a, a).vector().cwiseAbs().maxCoeff(), ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialCross, JacobiIdentity) {
  // a×(b×c) + b×(c×a) + c×(a×b) = 0: motion vectors with × form a Lie algebra.
  Random rng(3);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Motion<S> a = rng.motion<S>(), b = rng.motion<S>(), c = rng.motion<S>();
    const footfall::Motion<S> sum = footfall::cross(a, footfall::cross(b, c)) +
                                    footfall::cross(b, footfall::cross(c, a)) +
                                    footfall::cross(c, footfall::cross(a, b));
    FF_EXPECT_LE(sum.vector().cwiseAbs().maxCoeff(), S(4) * ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialCross, ForceCrossIsDualOfMotionCross) {
  // (a × m)·f = −m·(a ×* f): the power identity behind RNEA's bias force.
  Random rng(4);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Motion<S> a = rng.motion<S>(), m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_NEAR(footfall::dot(footfall::cross(a, m), f), -footfall::dot(m, footfall::cross(a, f)),
                   ulps<S>(64));
    // and a ×* acting on a motion's own momentum does no work on it: v·(v ×* f) = 0
    FF_EXPECT_NEAR(footfall::dot(a, footfall::cross(a, f)), S(0), ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialCross, TransformsCommuteWithCrossProducts) {
  // X (a × m) = (X a) × (X m) and X* (a ×* f) = (X a) ×* (X* f)   (RBDA (2.34))
  Random rng(5);
  for (int trial = 0; trial < kSpatialTrials; ++trial) {
    const footfall::Transform<S> x = rng.transform<S>();
    const footfall::Motion<S> a = rng.motion<S>(), m = rng.motion<S>();
    const footfall::Force<S> f = rng.force<S>();
    FF_EXPECT_MATRIX_NEAR(x.apply(footfall::cross(a, m)).vector(),
                          footfall::cross(x.apply(a), x.apply(m)).vector(), S(8) * ulps<S>(64));
    FF_EXPECT_MATRIX_NEAR(x.apply(footfall::cross(a, f)).vector(),
                          footfall::cross(x.apply(a), x.apply(f)).vector(), S(8) * ulps<S>(64));
  }
}

FF_TEST_FLOAT_AND_DOUBLE(SpatialVectors, HalvesAndArithmetic) {
  const footfall::Vector3<S> w(S(1), S(2), S(3)), v(S(4), S(5), S(6));
  const footfall::Motion<S> m(w, v);
  FF_EXPECT_EQ(m.angular(), w);
  FF_EXPECT_EQ(m.linear(), v);
  const footfall::Motion<S> twice = m + m;
  FF_EXPECT_EQ(twice.vector(), (m * S(2)).vector());
  FF_EXPECT_EQ((twice - m).vector(), m.vector());
  FF_EXPECT_EQ((-m).vector(), (m * S(-1)).vector());
  const footfall::Force<S> f(v, w);
  // m·f = ω·n + v·f = (1,2,3)·(4,5,6) + (4,5,6)·(1,2,3) = 64
  FF_EXPECT_EQ(footfall::dot(m, f), S(64));
  FF_EXPECT_EQ(footfall::dot(f, m), S(64));
}
