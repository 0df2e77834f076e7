#pragma once
// What a strike solve is asked to do: the friction model, the restitution law, the solver and
// the bounds on their work (lib/DESIGN.md §2), and the peak-load prediction's step budget.
#include <cmath>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/stance/options.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// How friction acts in a strike's impulse problem.
enum class StrikeFriction : unsigned char {
  kNone = 0,  ///< frictionless: impulses along the normals alone (Liu04 (11)–(15))
  kSticking,  ///< friction stops all tangential motion of every contact that takes impulse
              ///< (RBDA (11.66)–(11.72)), with no bound on it: μ → ∞
  kPyramid4,  ///< Coulomb's cone inscribed by a pyramid of 4 facets, an LCP
  kPyramid8,  ///< … of 8 facets
  kCone,      ///< the exact cone ‖ι_t‖ ≤ μ ι_n, the tangential impulse opposing the slip after
};

/// The most unknowns an impact problem of `contacts` contacts has under a friction law: the
/// stance problem's of the same model (sticking: the cone's three rows a contact). The room a
/// StrikeWorkspace is built with (strike/strike_workspace.hpp).
constexpr int strike_variables(StrikeFriction friction, int contacts) noexcept {
  return stance_variables(friction == StrikeFriction::kNone       ? FrictionModel::kNone
                          : friction == StrikeFriction::kPyramid4 ? FrictionModel::kPyramid4
                          : friction == StrikeFriction::kPyramid8 ? FrictionModel::kPyramid8
                                                                  : FrictionModel::kCone,
                          contacts);
}

/// How the normal velocity after the strike follows from the one before (per contact eᵢ).
enum class RestitutionLaw : unsigned char {
  /// Newton (Liu04 (11)–(12)): ζ⁺ᵢ + eᵢ ζ⁻ᵢ ≥ 0 ⊥ ιᵢ ≥ 0 on every contact at once.
  kNewton = 0,
  /// Poisson: a compression phase (e = 0) gives ι_c; the restitution phase adds eᵢ ι_c,ᵢ along
  /// each normal, then whatever impulse keeps every contact from approaching again.
  kPoisson,
};

/// How the pads' compliant strike is followed for its peak loads (strike/peak_loads.hpp).
enum class PeakMethod : unsigned char {
  /// kExact when every pad that takes part is linear, kRungeKutta4 otherwise.
  kAuto = 0,
  /// Linear pads only: the contact-space system propagated by its matrix exponential, exact to
  /// rounding, with every change of the pressing set and every peak located on the exact
  /// trajectory (strike/linear_pads.hpp). A Hunt–Crossley pad is refused.
  kExact,
  /// The classical 4th-order Runge–Kutta method at steps_per_half_period steps a half-period,
  /// for any pad law.
  kRungeKutta4,
};

/// Which peak-load methods solve_strike compiles in: its policy parameter, so that an image
/// links only the methods it names. A method left out is refused at run time as
/// BadInput "options.peak_method" (kAuto falls back to RK4 only where RK4 is in).
template <bool Exact, bool RungeKutta4>
struct PeakMethods {
  static constexpr bool kExact = Exact;              ///< PeakMethod::kExact compiled in
  static constexpr bool kRungeKutta4 = RungeKutta4;  ///< PeakMethod::kRungeKutta4 compiled in
};
using AllPeakMethods = PeakMethods<true, true>;     ///< both (the default)
using ExactPeaksOnly = PeakMethods<true, false>;    ///< linear pads only: no RK4 in the image
using NoPeakPrediction = PeakMethods<false, false>; ///< strikes on rigid contacts only: pads refused

/// The model's name, as the host tool prints it.
constexpr const char* to_string(StrikeFriction model) noexcept {
  switch (model) {
    case StrikeFriction::kNone:
      return "none";
    case StrikeFriction::kSticking:
      return "sticking";
    case StrikeFriction::kPyramid4:
      return "pyramid4";
    case StrikeFriction::kPyramid8:
      return "pyramid8";
    case StrikeFriction::kCone:
      return "cone";
  }
  return "unknown friction model";
}

/// The method's name, as the host tool prints it.
constexpr const char* to_string(PeakMethod method) noexcept {
  switch (method) {
    case PeakMethod::kAuto:
      return "auto";
    case PeakMethod::kExact:
      return "exact";
    case PeakMethod::kRungeKutta4:
      return "rk4";
  }
  return "unknown peak method";
}

/// The law's name, as the host tool prints it.
constexpr const char* to_string(RestitutionLaw law) noexcept {
  switch (law) {
    case RestitutionLaw::kNewton:
      return "newton";
    case RestitutionLaw::kPoisson:
      return "poisson";
  }
  return "unknown restitution law";
}

/// The Taylor terms the exact peak prediction keeps of e^{X} for ‖X‖₁ ≤ 1 (its step's bound,
/// strike/linear_pads.hpp): the first n with 1/n! at most half the scalar's epsilon, which bounds
/// the remainder's relative size; or, `to_square_root`, with 1/n! below √(ε/2), for a rate whose
/// root is wanted only to the square root of rounding (at an extremum, that is where its value
/// is exact).
template <typename S>
constexpr int linear_pad_series_terms(bool to_square_root = false) noexcept {
  S inverse_factorial = S(1);
  int n = 1;
  while ((to_square_root ? inverse_factorial * inverse_factorial : inverse_factorial) >
             std::numeric_limits<S>::epsilon() / S(2) &&
         n < 32) {
    inverse_factorial /= static_cast<S>(n + 1);
    ++n;
  }
  return n;
}

/// What solve_strike and solve_two_system_strike are asked to do: the friction model and the
/// restitution law of the impact problem, the solver and the bounds on its work, which contacts
/// take part, and the step budget of the peak-load prediction.
template <typename S>
struct StrikeOptions {
  StrikeFriction friction = StrikeFriction::kCone;  ///< the friction model of the impact problem
  RestitutionLaw law = RestitutionLaw::kNewton;     ///< the restitution law; each contact's e is its Contact::restitution
  StanceSolver solver = StanceSolver::kAuto;  ///< as for stance; enumeration for kSticking always
  int max_pivots = 0;    ///< Lemke's limit; 0 chooses lemke_default_pivot_limit(n) (as StanceOptions)
  int max_sweeps = 200;  ///< the cone solver's and PGS's sweeps, ≥ 1: the worst strike's bound
  S tolerance = std::sqrt(epsilon<S>());  ///< the iterative solvers' accuracy (as StanceOptions)
  /// A contact whose normal velocity ζ⁻ exceeds this (m/s) is separating and left out of the
  /// strike; at or below it the contact strikes (ζ⁻ < 0) or touches (ζ⁻ ≈ 0) and takes part.
  S separating_speed = std::sqrt(epsilon<S>());
  /// Peak loads (only when the contacts that take part have pads): how the compliant strike is
  /// followed. The exact method (the default's choice for linear pads) takes its own steps, a
  /// few per half-period, and is exact to rounding; RK4 is for Hunt–Crossley pads.
  PeakMethod peak_method = PeakMethod::kAuto;
  /// RK4's steps per the shortest natural half-period of a pad under its contact's effective
  /// mass. 64 puts the peak force and the duration within about 1e-3 of the exact integral (the
  /// pads' own data are rarely known that well), 256 within about 1e-5, at four times the work.
  /// The exact method does not use it. A tick that needs only impulses and v⁺ gives no pads and
  /// pays for no prediction.
  int steps_per_half_period = 64;
  int max_steps = 4096;  ///< the bound on the prediction's steps (either method): the worst strike's cost
};

}  // namespace footfall
FOOTFALL_HEADER_END
