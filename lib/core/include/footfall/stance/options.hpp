#pragma once
// What a stance solve is asked to do: the friction model and the solver, with the bounds on
// their work (lib/DESIGN.md §2: every loop has a limit known before it starts).
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// How a stance solve models Coulomb friction.
enum class FrictionModel : unsigned char {
  kNone = 0,   ///< frictionless: RBDA (11.42)'s LCP in the normal forces alone
  kPyramid4,   ///< Coulomb's cone inscribed by a pyramid of 4 facets: an LCP
  kPyramid8,   ///< … of 8 facets: an LCP, closer to the cone, twice the tangential unknowns
  kCone,       ///< the exact circular cone ‖f_t‖ ≤ μ f_n: a second-order cone complementarity problem
};

/// Which method solves the stance problem (StanceOptions::solver), or solved it (StanceResult::solver).
enum class StanceSolver : unsigned char {
  kAuto = 0,     ///< an exact method the problem allows: Lemke for the LCP models (enumeration if
                 ///< Lemke's answer fails its check on a small frictionless problem), the cone
                 ///< solver with its exact active-set finish for the cone
  kLemke,        ///< lcp/lemke.hpp, on the LCP models
  kEnumeration,  ///< lcp/enumerate.hpp, frictionless problems of at most 12 contacts
  kPgs,          ///< projected Gauss–Seidel: per row on the frictionless LCP, per contact on the cone
  /// Not a choice (the options refuse it), a report: kAuto's answer on the LCP models when the
  /// contacts' rows may depend on one another (stance/dependent_contacts.hpp) and every contact
  /// pushed into its surface holds, with the least-norm forces (lcp/least_norm.hpp).
  kLeastNorm,
};

/// Whether the contact forces of an answer are the only ones that give its accelerations (or,
/// in a strike, its velocities after). Several points of one rigid sole, or more contact rows
/// than the robot has joints to move them, make W = G H⁻¹ Gᵀ singular: the accelerations, the
/// velocities after and each body's total contact wrench are still unique, the point forces are
/// not.
enum class ForceChoice : unsigned char {
  kUnique = 0,  ///< the loaded contacts' rows are independent (or, for the LCP solvers, no body
                ///< carries two contacts and there are no more rows than DOFs)
  kLeastNorm,   ///< dependent rows; of all the forces on the loaded contacts that give the same
                ///< accelerations, the least-norm ones: the same for the same state, whatever the
                ///< contacts' order or the warm start
  kOneOfMany,   ///< dependent rows; one solution among many, as the chosen solver found it (Lemke,
                ///< PGS or enumeration named explicitly, or a state the least-norm finish did not settle)
};

/// What a contact does in a stance answer.
enum class ContactState : unsigned char {
  kSeparating = 0,  ///< λ = 0: the contact is leaving (ζ̇ ≥ 0) or about to
  kSticking,        ///< λ > 0 and no tangential acceleration (or no friction at all)
  kSliding,         ///< the contact slides, or is about to: friction on the cone's edge, opposite the slip
};

/// The most unknowns a stance problem of `contacts` contacts has under a friction model: a
/// contact's normal force, and with friction its tangential forces (the cone: 2) or its facet
/// forces and slip-rate multiplier (a pyramid of F facets: F + 1). A sliding or frictionless
/// contact has one. The room a StanceWorkspace is built with (stance/stance_workspace.hpp).
constexpr int stance_variables(FrictionModel model, int contacts) noexcept {
  return contacts * (model == FrictionModel::kNone       ? 1
                     : model == FrictionModel::kPyramid4 ? 6
                     : model == FrictionModel::kPyramid8 ? 10
                                                         : 3);
}

/// The model's name: "none", "pyramid4", "pyramid8" or "cone".
constexpr const char* to_string(FrictionModel model) noexcept {
  switch (model) {
    case FrictionModel::kNone:
      return "none";
    case FrictionModel::kPyramid4:
      return "pyramid4";
    case FrictionModel::kPyramid8:
      return "pyramid8";
    case FrictionModel::kCone:
      return "cone";
  }
  return "unknown friction model";
}

/// The solver's name: "auto", "lemke", "enumerate", "pgs" or "least-norm".
constexpr const char* to_string(StanceSolver solver) noexcept {
  switch (solver) {
    case StanceSolver::kAuto:
      return "auto";
    case StanceSolver::kLemke:
      return "lemke";
    case StanceSolver::kEnumeration:
      return "enumerate";
    case StanceSolver::kPgs:
      return "pgs";
    case StanceSolver::kLeastNorm:
      return "least-norm";
  }
  return "unknown solver";
}

/// The choice's name: "unique", "least-norm" or "one of many".
constexpr const char* to_string(ForceChoice choice) noexcept {
  switch (choice) {
    case ForceChoice::kUnique:
      return "unique";
    case ForceChoice::kLeastNorm:
      return "least-norm";
    case ForceChoice::kOneOfMany:
      return "one of many";
  }
  return "unknown force choice";
}

/// The state's name: "separating", "sticking" or "sliding".
constexpr const char* to_string(ContactState state) noexcept {
  switch (state) {
    case ContactState::kSeparating:
      return "separating";
    case ContactState::kSticking:
      return "sticking";
    case ContactState::kSliding:
      return "sliding";
  }
  return "unknown state";
}

/// What a stance solve is asked to do (see the top of this file); solve_stance refuses options
/// outside the ranges below as BadInput naming the field ("options.solver", …).
template <typename S>
struct StanceOptions {
  FrictionModel friction = FrictionModel::kCone;  ///< the friction model
  /// The solver: kAuto, or one the model allows (enumeration: frictionless only; PGS: not the
  /// pyramids; Lemke: not the cone). kLeastNorm is a report, refused here.
  StanceSolver solver = StanceSolver::kAuto;
  /// Lemke's limit; 0 chooses lemke_default_pivot_limit(n) for the LCP's n. It bounds the worst
  /// tick, not the usual one: each pivot is a pass over the LCP's n × n tableau.
  int max_pivots = 0;
  /// Sweeps of the cone solver and PGS (over all contacts), ≥ 1: the worst tick's bound, each
  /// sweep a pass over W. A standing or walking robot's cone solve usually needs none (below).
  int max_sweeps = 200;
  /// The iterative solvers' accuracy on the scale of the data (lcp/result_check.hpp's τ), in
  /// [0, 1). An answer the cone solver finishes exactly is judged at rounding level instead.
  S tolerance = std::sqrt(epsilon<S>());
  /// A contact whose tangential speed exceeds this (m/s) is sliding: its friction is μλ opposite
  /// the slip, a known direction, which makes the problem non-symmetric (and Painlevé's
  /// inconsistency possible). Below it the contact may stick.
  S sliding_speed = std::sqrt(epsilon<S>());
  /// Start the iterative solvers (the cone solver, PGS; Lemke and enumeration do not read it)
  /// from the previous ok solve's forces in the same workspace when it had the same number of
  /// contacts (one foot pattern, tick after tick). What it costs: on the cone a cold start first
  /// guesses the contacts' states from the data and finishes exactly, with no sweep, whenever the
  /// guess holds, as it does for feet standing under their share of the weight; a warm start
  /// skips that guess and sweeps from the last forces, at least one sweep every tick. Turn it
  /// off in a fixed-rate loop on the cone (the guides give the figures), and whenever the
  /// workspace also serves another solve (a strike's, StrikeWorkspace::solve), whose forces are
  /// then the start. Keep it for PGS (frictionless) when the forces change little from tick to
  /// tick: there it saves sweeps.
  bool warm_start = true;
};

}  // namespace footfall
FOOTFALL_HEADER_END
