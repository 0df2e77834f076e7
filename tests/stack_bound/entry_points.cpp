// The core's public entry points, each as a function of its own, for the static stack bound.
//
// Nothing calls these and nothing runs them: the image is built for each board with
// -fcallgraph-info=su, and cmake/stack-bound.py reads the frame sizes and the call graph GCC
// writes beside the object (and the library routines from the linked image), and bounds each
// entry's deepest path. A wrapper is noinline, so its frame is the entry point's (with whatever
// GCC inlined into it) plus nothing of a caller's; the explicit instantiations at the end emit
// every wrapper for float and for double, and `used` with the image's --no-gc-sections keeps
// them in the image.
//
// Sizes are the quadruped's (13 bodies, 18 DOF) with four feet, the firmware's robot. The
// stack an entry needs does not depend on the data (no recursion, no alloca, no variable-length
// arrays: the script fails if it finds any), only on the capacities, which are these.
#include "footfall/dynamics.hpp"
#include "footfall/lcp.hpp"
#include "footfall/models.hpp"
#include "footfall/motion/time_stepping.hpp"
#include "footfall/stance.hpp"
#include "footfall/strike.hpp"

#define FF_STACK_ENTRY [[gnu::noinline, gnu::used]]

namespace footfall {
namespace stack_probe {

constexpr int kBodies = 13, kDofs = 18, kFeet = 4;
constexpr int kLcpSize = kFeet * 6;  // the largest LCP: four feet on 4-facet pyramids

template <typename S>
struct Entries {
  using M = QuadrupedModel<S>;
  using W = Workspace<S, kBodies, kDofs>;
  using Config = typename M::ConfigVector;
  using Tangent = typename M::TangentVector;
  using Set = ContactSet<S, kFeet>;
  using Lcp = LcpProblem<S, kLcpSize>;

  FF_STACK_ENTRY static Status build_quadruped(M* model) noexcept { return build_quadruped_model(model); }
  FF_STACK_ENTRY static Status kinematics(const M& m, W& ws, const Config& q, const Tangent& v) noexcept {
    return forward_kinematics(m, ws, q, v);
  }
  FF_STACK_ENTRY static Status inertia(const M& m, W& ws) noexcept { return mass_matrix(m, ws); }
  FF_STACK_ENTRY static Status factor(const M& m, W& ws) noexcept { return factorize_mass_matrix(m, ws); }
  FF_STACK_ENTRY static Status factor_unrolled(const M& m, W& ws) noexcept {
    return factorize_mass_matrix_unrolled<QuadrupedTopology>(m, ws);
  }
  FF_STACK_ENTRY static Status bias(const M& m, W& ws) noexcept { return bias_forces(m, ws); }
  FF_STACK_ENTRY static Status tick_terms(const M& m, W& ws, const Config& q, const Tangent& v) noexcept {
    return compute_tick_terms(m, ws, q, v);
  }
  FF_STACK_ENTRY static Status articulated(const M& m, W& ws, const Config& q, const Tangent& v,
                                              const Tangent& tau) noexcept {
    return aba(m, ws, q, v, tau);
  }
  FF_STACK_ENTRY static Status jacobian(const M& m, const W& ws, int body, const Vector3<S>& point,
                                           Eigen::Matrix<S, 3, kDofs>& out) noexcept {
    return point_jacobian(m, ws, body, point, out);
  }
  FF_STACK_ENTRY static Status stance(const M& m, const W& ws, const Set& set, const Tangent& tau,
                                         const StanceOptions<S>& o, StanceWorkspace<S, kDofs, kFeet>& sw,
                                         StanceResult<S, kDofs, kFeet>& r) noexcept {
    return solve_stance(m, ws, set, tau, o, sw, r);
  }
  FF_STACK_ENTRY static Status strike(const M& m, const W& ws, const Set& set, const Tangent& v,
                                         const StrikeOptions<S>& o, StrikeWorkspace<S, kDofs, kFeet>& sw,
                                         StrikeResult<S, kBodies, kDofs, kFeet>& r) noexcept {
    return solve_strike(m, ws, set, v, o, sw, r);
  }
  // The same with the tree's walks unrolled for the quadruped (dynamics/tree_kernels.hpp).
  FF_STACK_ENTRY static Status stance_unrolled(const M& m, const W& ws, const Set& set, const Tangent& tau,
                                                  const StanceOptions<S>& o, StanceWorkspace<S, kDofs, kFeet>& sw,
                                                  StanceResult<S, kDofs, kFeet>& r) noexcept {
    return solve_stance<UnrolledKernels<QuadrupedTopology>>(m, ws, set, tau, o, sw, r);
  }
  FF_STACK_ENTRY static Status strike_unrolled(const M& m, const W& ws, const Set& set, const Tangent& v,
                                                  const StrikeOptions<S>& o, StrikeWorkspace<S, kDofs, kFeet>& sw,
                                                  StrikeResult<S, kBodies, kDofs, kFeet>& r) noexcept {
    return solve_strike<UnrolledKernels<QuadrupedTopology>>(m, ws, set, v, o, sw, r);
  }
  FF_STACK_ENTRY static Status safe_speed(const Set& set, const StrikeOptions<S>& o,
                                            const StrikeResult<S, kBodies, kDofs, kFeet>& r,
                                            const LoadLimits<S, kDofs, kFeet>& limits, SafeTouchdown<S>& out) noexcept {
    return safe_touchdown_speed(set, o, r, limits, out);
  }
  FF_STACK_ENTRY static Status impact_invariant(const M& m, const W& ws, StrikeWorkspace<S, kDofs, kFeet>& sw,
                                                  const Tangent& x, Tangent& out) noexcept {
    return impact_invariant_projection(m, ws, sw, x, out);
  }
  FF_STACK_ENTRY static Status patch(const StanceResult<S, kDofs, kFeet>& r, const ContactDynamics<S, kDofs, kFeet>& cd,
                                        const Set& set, PatchWrench<S>* out) noexcept {
    return patch_wrench(r, cd, set, 0, kFeet, out);
  }
  FF_STACK_ENTRY static Status touchdown(const M& m, const W& ws, int body, const Vector3<S>& point,
                                            const Vector3<S>& velocity, Tangent& v) noexcept {
    return set_touchdown_velocity(m, ws, body, point, velocity, v);
  }
  FF_STACK_ENTRY static Status time_step(const M& m, W& ws, const ContactCandidates<S, kFeet>& c,
                                            const Tangent& tau, const TimeSteppingOptions<S>& o,
                                            RigidMotionWorkspace<S, kBodies, kDofs, kFeet>& mw,
                                            RigidMotionState<S, kBodies, kDofs, kFeet>& state,
                                            RigidStepReport<S, kFeet>& report) noexcept {
    return advance_time_stepping(m, ws, c, tau, o, mw, state, report);
  }
  FF_STACK_ENTRY static LcpResult<S, kLcpSize> lemke(const Lcp& p, LemkeWorkspace<S, kLcpSize>& w,
                                                        const LemkeOptions<S>& o) noexcept {
    return solve_lemke(p, w, o);
  }
  FF_STACK_ENTRY static LcpResult<S, kLcpSize> pgs(const Lcp& p, PgsWorkspace<S, kLcpSize>& w,
                                                      const PgsOptions<S>& o) noexcept {
    return solve_pgs(p, w, o);
  }
  FF_STACK_ENTRY static LcpResult<S, kLcpSize> enumeration(const Lcp& p, EnumerationWorkspace<S, kLcpSize>& w,
                                                              const EnumerationOptions<S>& o) noexcept {
    return solve_by_enumeration(p, w, o);
  }
};

template struct Entries<float>;
template struct Entries<double>;

}  // namespace stack_probe
}  // namespace footfall

int main() { return 0; }
