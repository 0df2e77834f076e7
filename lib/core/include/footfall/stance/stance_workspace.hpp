#pragma once
// The stance solve's scratch and its result. The caller owns both (statically on firmware);
// capacities: D DOFs, K contacts. The LCP of the pyramid model with 8 facets is the largest
// problem: per contact λ_n, 8 facet forces β and the friction-saturation multiplier γ.
#include <Eigen/Core>
#include <cstddef>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/status.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/lcp/enumerate.hpp"
#include "footfall/lcp/lemke.hpp"
#include "footfall/lcp/pgs.hpp"
#include "footfall/stance/options.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// How a contact's friction enters the problem this tick.
enum class ContactMode : unsigned char {
  kNormalOnly = 0,  ///< no friction (μ = 0 or the frictionless model): λ_n alone
  kSliding,         ///< slipping faster than StanceOptions::sliding_speed: λ_n with f_t = −μ λ_n ŝ
  kFriction,        ///< may stick: the friction model's unknowns
};

/// A problem variable's force along contact-frame rows, or a problem row's acceleration, as a
/// sparse combination of at most three contact-frame rows (one contact's n, t₁, t₂).
template <typename S>
struct RowCombination {
  int count = 0;                     ///< the terms in use, 0 to 3
  int row[3] = {0, 0, 0};            ///< term j's contact-frame row: i·m + d for contact i's direction d (n, t₁, t₂)
  S weight[3] = {S(0), S(0), S(0)};  ///< term j's weight
  /// Makes it the single term w × row r.
  void set1(int r, S w) noexcept { count = 1; row[0] = r; weight[0] = w; }
};

/// V: the room for the problem's unknowns, which sizes the LCP solvers' storage (most of the
/// workspace). The default holds every friction model (the 8-facet pyramid's 10 a contact); a
/// workspace for the models a program uses is smaller: StanceWorkspace<S, D, K,
/// stance_variables(FrictionModel::kCone, K)> for the exact cone (stance/options.hpp). A problem that
/// does not fit is refused (Status::Capacity, "stance.variables"), never cut short.
template <typename S, int D, int K, int V = stance_variables(FrictionModel::kPyramid8, K)>
struct StanceWorkspace {
  static_assert(V >= K, "room for at least one unknown a contact");
  static constexpr int kMaxVariables = V;                                                ///< V, the most unknowns
  static constexpr int kMaxRows = 3 * K;                                                 ///< the most contact-frame rows
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);              ///< K, as an array bound
  static constexpr std::size_t kVariableSlots = static_cast<std::size_t>(kMaxVariables);  ///< V, as an array bound
  using RowVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, kMaxRows, 1>;  ///< one entry a contact-frame row

  ContactDynamics<S, D, K> contact;  ///< G, Ġv, W, d of this tick

  /// The problem in its own unknowns z (λ_n, facet forces, multipliers, or contact-frame forces).
  LcpProblem<S, kMaxVariables> problem;
  ContactMode mode[kContactSlots] = {};  ///< contact i's mode this tick
  /// z is f itself: every unknown a contact-frame force with weight 1 on its own row (the
  /// problem is W and d, assemble_contact_problem's plain case), so forces_from_unknowns copies.
  bool unknowns_are_forces = false;
  S slip[kContactSlots][2] = {};              ///< ŝ in (t₁, t₂) for a sliding contact
  int first_variable[kContactSlots] = {};  ///< the index in z of contact i's first unknown
  int variable_count[kContactSlots] = {};  ///< contact i's unknowns: 1, 3 (cone) or facets + 2 (pyramid)
  RowCombination<S> force_of[kVariableSlots];         ///< column map: z_c → contact-frame force rows
  RowCombination<S> acceleration_of[kVariableSlots];  ///< row map: contact-frame accelerations → w_r

  /// @name Scratch of the solvers (not for the caller)
  ///@{
  LemkeWorkspace<S, kMaxVariables> lemke;  ///< Lemke's tableau, whose principal-solve scratch the held, least-norm and active-set solves borrow; then enumeration's and PGS's
  EnumerationWorkspace<S, kMaxVariables> enumeration;
  PgsWorkspace<S, kMaxVariables> pgs;
  ///@}
  LcpResult<S, kMaxVariables> lcp;  ///< the LCP solvers' answer, or the cone solver's iterate
  int active[kVariableSlots] = {};  ///< the rows held by the last principal or least-norm solve (the cone's exact finish among them)
  /// Of the rows the answer holds, how many the least-norm finish found dependent on the others
  /// (0: none; −1: not known, the answer came from an iteration or from Lemke). Every solve sets
  /// it before the answer is read; 0 here keeps the workspace zero-initialised.
  int dependent_rows = 0;

  RowVector force;                         ///< f: contact-frame forces (rows as in `contact`)
  LcpVector<S, kMaxVariables> previous;    ///< the last ok solve's unknowns z, for warm starts
  int previous_count = -1;                 ///< its contact count (−1: none)
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1> generalized;  ///< H⁻¹Gᵀf, then the residual of the equations of motion
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1> magnitude;    ///< the sizes of the residual's terms
};

/// The answer of a stance solve (solve_stance, solve_stance_tracking) for up to K contacts and D
/// DOFs; contact i is the set's contact i. When status is not ok the forces, accelerations and
/// torques are zero and every contact separating: never a plausible-looking number that is wrong.
template <typename S, int D, int K>
struct StanceResult {
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array bound
  using RowVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 3 * K, 1>;       ///< one entry a contact-frame row
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;           ///< one entry a DOF (nv used)

  Status status;                                  ///< ok only when every check passed
  FrictionModel friction = FrictionModel::kCone;  ///< the friction model it was solved with
  StanceSolver solver = StanceSolver::kLemke;  ///< the one that ran (never kAuto)
  int work = 0;        ///< pivots (Lemke), active sets (enumeration) or sweeps (PGS, cone)
  int work_limit = 0;  ///< the bound on `work` (0 for a kLeastNorm answer or an active-set tick)
  S residual = std::numeric_limits<S>::infinity();  ///< complementarity residual of the answer
  ForceChoice force_choice = ForceChoice::kUnique;   ///< whether `force` is the only answer (options.hpp)

  int count = 0;  ///< contacts
  Vector3<S> force[kContactSlots];        ///< on the successor, world frame, N
  S normal_force[kContactSlots] = {};     ///< λᵢ
  ContactState state[kContactSlots] = {};  ///< contact i's state
  RowVector lambda;                 ///< contact-frame forces: (f_n, f_t₁, f_t₂) per contact, or f_n alone frictionless
  RowVector contact_acceleration;   ///< ζ̇ and the tangential accelerations on the same rows, from q̈
  DofVector qdd;                    ///< q̈ = H⁻¹(τ − C + τ_c)
  DofVector tau_contact;            ///< τ_c = T λ (with friction, Gᵀ f), RBDA (11.32)
  S equation_residual = std::numeric_limits<S>::infinity();  ///< ‖H q̈ + C − τ − τ_c‖∞

  /// status.ok(): the forces and accelerations passed every check.
  bool ok() const noexcept { return status.ok(); }
};

}  // namespace footfall
FOOTFALL_HEADER_END
