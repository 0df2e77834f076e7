#pragma once
// Peak loads of a strike on linear (Kelvin–Voigt) pads, followed exactly. With the configuration
// frozen for the strike (strike/peak_loads.hpp), a pad j pushes with f_j = k_j δ_j − c_j ζ_j
// while that is positive and δ_j ≥ 0, and between two changes of the set P of pushing pads the
// contact-space state is a linear system. Scaled as x = (ω₀δ, ζ), so that both halves share a
// unit and the system's norm is a rate,
//
//   ẋ = M̃_P x:   (ω₀δ_i)˙ = −ω₀ ζ_i,   ζ̇_i = Σ_{j∈P} A_ij ((k_j/ω₀)(ω₀δ_j) − c_j ζ_j),
//
// whose solution over a step h is x(t + σh) = e^{σM̃_P h} x(t) = Σᵢ σⁱ/i! (hM̃_P)ⁱ x(t), σ ∈ [0, 1].
// The step is h = 1/‖M̃‖₁ (all pads pushing), so ‖hM̃_P‖₁ ≤ 1 and linear_pad_series_terms terms
// of the series reach rounding: each step takes the terms (hM̃_P)ⁱ x(t), one application of M̃
// each, and from them the state at the step's end, exactly, and anywhere inside it. A pad
// letting go (f_j reaching zero) or pushing again, and a force's or a joint torque's extremum
// (its rate changing sign between two samples), are located on that series by a bracketed root
// search, to rounding. What a step can hide is a rate changing sign twice within it: at
// ‖hM̃‖₁ ≤ 1 that is a swing of under a radian of the fastest mode, where a force or a torque
// that turns back has not yet peaked.
//
// For one pad this is the damped oscillator of mass 1/A (tests/unit/strike compare it with its
// closed form); and since every event time is the same for any approach speed, every peak is
// linear in it.
#include <algorithm>
#include <cstddef>
#include <cmath>
#include <limits>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/strike/strike_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

namespace detail {

/// The linear pads of the contacts that take part, and which of them push (the set P).
template <typename S, int K>
struct LinearPadSystem {
  static constexpr std::size_t kSlots = static_cast<std::size_t>(K);  ///< K, as an array extent
  int count = 0;               ///< n: the contacts, 2n states
  S omega = S(0);              ///< ω₀: the scale of the depths, the fastest pad's √(k A)
  S spring[kSlots] = {};       ///< k_j/ω₀
  S damper[kSlots] = {};       ///< c_j
  bool pushing[kSlots] = {};   ///< j ∈ P
  const Eigen::Matrix<S, K, K>* coupling = nullptr;  ///< A
  // hM̃_P, made by linear_pad_step_matrix for the set P: its depth rows are −hω₀ times the
  // speeds, its speed rows these two blocks.
  S step_depth = S(0);                 ///< −hω₀
  S step_from_depth[kSlots][kSlots] = {};  ///< h A_ij k_j/ω₀ for j ∈ P, else 0
  S step_from_speed[kSlots][kSlots] = {};  ///< −h A_ij c_j for j ∈ P, else 0
};

/// hM̃_P into p's step blocks, for the step h and the current set P.
template <typename S, int K>
void linear_pad_step_matrix(LinearPadSystem<S, K>& p, S h) noexcept {
  const int n = p.count;
  p.step_depth = -h * p.omega;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const S a = p.pushing[j] ? h * p.coupling->coeff(i, j) : S(0);
      p.step_from_depth[i][j] = a * p.spring[j];
      p.step_from_speed[i][j] = -a * p.damper[j];
    }
}

/// Pad j's force at state x, continued below zero (f_j = k_j δ_j − c_j ζ_j).
template <typename S, int K>
S linear_pad_force(const LinearPadSystem<S, K>& p, const S* x, int j) noexcept {
  return p.spring[j] * x[j] - p.damper[j] * x[p.count + j];
}

/// rate = M̃_P x.
template <typename S, int K>
void linear_pad_rate(const LinearPadSystem<S, K>& p, const S* x, S* rate) noexcept {
  const int n = p.count;
  S force[LinearPadSystem<S, K>::kSlots] = {};
  for (int j = 0; j < n; ++j) force[j] = p.pushing[j] ? linear_pad_force(p, x, j) : S(0);
  for (int i = 0; i < n; ++i) {
    S a = S(0);
    for (int j = 0; j < n; ++j) a += p.coupling->coeff(i, j) * force[j];
    rate[i] = -p.omega * x[n + i];
    rate[n + i] = a;
  }
}

/// 1/i for i = 1 … N, so that the series' evaluations multiply instead of divide.
template <typename S, int N>
struct Reciprocals {
  S of[static_cast<std::size_t>(N + 1)];  ///< of[i] = 1/i (of[0] unused)
  constexpr Reciprocals() noexcept : of() {
    for (int i = 1; i <= N; ++i) of[i] = S(1) / static_cast<S>(i);
  }
};
template <typename S>
inline constexpr Reciprocals<S, 32> kReciprocals{};

/// The Taylor terms (hM̃_P)ⁱ x of the state over the step from x, by p's step blocks.
template <typename S, int D, int K, int V>
void linear_pad_series(const LinearPadSystem<S, K>& p, const S* x, StrikeWorkspace<S, D, K, V>& sw) noexcept {
  constexpr int kTerms = linear_pad_series_terms<S>();
  const int n = p.count;
  for (int r = 0; r < 2 * n; ++r) sw.series[0][r] = x[r];
  for (int i = 1; i < kTerms; ++i) {
    const S* before = sw.series[i - 1];
    S* term = sw.series[i];
    for (int r = 0; r < n; ++r) {
      S a = S(0);
      for (int j = 0; j < n; ++j) a += p.step_from_depth[r][j] * before[j] + p.step_from_speed[r][j] * before[n + j];
      term[r] = p.step_depth * before[n + r];
      term[n + r] = a;
    }
  }
}

/// The state x(t + σh) = Σᵢ σⁱ/i! (hM̃)ⁱ x(t) from the Taylor terms in sw.series.
template <typename S, int D, int K, int V>
void linear_pad_state_at(const StrikeWorkspace<S, D, K, V>& sw, int size, S sigma, S* x) noexcept {
  constexpr int kTerms = linear_pad_series_terms<S>();
  for (int r = 0; r < size; ++r) x[r] = sw.series[kTerms - 1][r];
  for (int i = kTerms - 2; i >= 0; --i) {
    const S factor = sigma * kReciprocals<S>.of[i + 1];
    for (int r = 0; r < size; ++r) x[r] = sw.series[i][r] + factor * x[r];
  }
}

/// Σᵢ σⁱ/i! c_i over the Count coefficients, by Horner's rule.
template <int Count, typename S>
S taylor_value(const S* c, S sigma) noexcept {
  S value = c[Count - 1];
  for (int i = Count - 2; i >= 0; --i) value = c[i] + value * (sigma * kReciprocals<S>.of[i + 1]);
  return value;
}

/// A root of fn in [lo, hi], where fn(lo) = f_lo and fn(hi) = f_hi differ in sign, by the
/// Illinois variant of regula falsi (superlinear, and the bracket always shrinks), to rounding
/// or 64 iterations.
template <typename S, typename Fn>
S bracketed_root(const Fn& fn, S lo, S hi, S f_lo, S f_hi) noexcept {
  if (f_lo == S(0)) return lo;
  if (f_hi == S(0)) return hi;
  S a = lo, fa = f_lo, b = hi, fb = f_hi;
  int kept = 0;  // which end the last two steps kept: −1 a, +1 b
  for (int iteration = 0; iteration < 64 && b - a > S(4) * epsilon<S>() * std::max(std::abs(a), std::abs(b)); ++iteration) {
    S c = (a * fb - b * fa) / (fb - fa);
    if (!(c > a && c < b)) c = S(0.5) * (a + b);
    const S fc = fn(c);
    if (fc == S(0)) return c;
    if ((fc > S(0)) == (fb > S(0))) {
      b = c;
      fb = fc;
      if (kept == -1) fa *= S(0.5);
      kept = -1;
    } else {
      a = c;
      fa = fc;
      if (kept == 1) fb *= S(0.5);
      kept = 1;
    }
  }
  return std::abs(fa) < std::abs(fb) ? a : b;
}

/// A root of the series Σᵢ σⁱ/i! c_i in [lo, hi], where its values f_lo and f_hi differ in sign:
/// Newton's steps (the series' derivative is the same coefficients shifted) from the secant's
/// point, kept inside the bracket, which each value shrinks; a step that would leave it is a
/// bisection. Quadratic convergence makes a step below √accuracy (of the bracket) the last
/// needed: the point after it is good to `accuracy`. At most 32 steps.
template <int Count, typename S>
S series_root(const S* c, S lo, S hi, S f_lo, S f_hi, S accuracy) noexcept {
  if (f_lo == S(0)) return lo;
  if (f_hi == S(0)) return hi;
  const S tolerance = std::sqrt(accuracy) * (hi - lo);
  S a = lo, b = hi, fa = f_lo;
  S x = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
  for (int iteration = 0; iteration < 32; ++iteration) {
    const S f = taylor_value<Count>(c, x);
    if (f == S(0)) return x;
    if ((f > S(0)) == (fa > S(0))) {
      a = x;
      fa = f;
    } else {
      b = x;
    }
    const S slope = taylor_value<Count - 1>(c + 1, x);
    S next = x - f / slope;
    if (!(next > a && next < b)) next = S(0.5) * (a + b);
    const bool last = std::abs(next - x) <= tolerance;
    x = next;
    if (last) break;
  }
  return x;
}

/// The largest |q| of a quantity q = Σ_j w_j f_j over the step, where its rate changes sign from
/// `rate_start` to `rate_end` (on the series in sw.series of the pushing set): the extremum's σ
/// and value, or σ < 0 when there is none inside.
template <typename S, int D, int K, int V>
void linear_pad_extremum(const LinearPadSystem<S, K>& p, const StrikeWorkspace<S, D, K, V>& sw, const S* weight,
                         S length, S rate_start, S rate_end, S* sigma, S* value) noexcept {
  constexpr int kTerms = linear_pad_series_terms<S>();
  *sigma = S(-1);
  if (!((rate_start > S(0) && rate_end < S(0)) || (rate_start < S(0) && rate_end > S(0)))) return;
  S c[static_cast<std::size_t>(kTerms)];
  for (int i = 0; i < kTerms; ++i) {
    S q = S(0);
    for (int j = 0; j < p.count; ++j)
      if (p.pushing[j]) q += weight[j] * linear_pad_force(p, sw.series[i], j);
    c[i] = q;
  }
  // The extremum's place to √ε is its value to ε: the rate needs only the terms for that.
  constexpr int kRateTerms = linear_pad_series_terms<S>(true);
  *sigma = series_root<std::min(kRateTerms, kTerms - 1)>(c + 1, S(0), length, rate_start, rate_end,
                                                        std::sqrt(epsilon<S>()));
  *value = taylor_value<kTerms>(c, *sigma);
}

}  // namespace detail

/// The compliant strike on linear pads, exactly (the top of this file): from touchdown (δ = 0,
/// ζ = approach) until no pad pushes and no contact approaches, each contact's peak normal force
/// and its time, the peak |(Gᵀf)_k| on the DOFs sw.touched[0 … touched), and the duration, into
/// `peaks`. sw.coupling and sw.torque_per_force are predict_peak_loads' (strike/peak_loads.hpp).
/// Not ok when a pad's time scale is beyond the scalar (CheckFailed "strike.peaks.step") or the
/// strike needs more than options.max_steps steps (IterationLimit "strike.peaks.max_steps").
template <typename S, int D, int K, int V>
Status follow_linear_pads(const StrikeOptions<S>& options, const S* approach, int touched,
                          StrikeWorkspace<S, D, K, V>& sw, StrikePeaks<S, D, K>& peaks) noexcept {
  using System = detail::LinearPadSystem<S, K>;
  constexpr std::size_t kSlots = System::kSlots;
  const ContactSet<S, K>& set = sw.taking_part;
  System p;
  p.count = set.count;
  p.coupling = &sw.coupling;
  const int n = p.count;
  // ω₀ from the fastest pad; the step from the norm of M̃ with every pad pushing, which bounds
  // the norm of any set's (dropping a pad only zeroes columns).
  S omega_squared = S(0);
  for (int j = 0; j < n; ++j)
    omega_squared = std::max(omega_squared, set.contacts[j].pad.stiffness * std::max(S(0), sw.coupling.coeff(j, j)));
  p.omega = std::sqrt(omega_squared);
  S norm = S(0);
  for (int j = 0; j < n; ++j) {
    p.spring[j] = set.contacts[j].pad.stiffness / p.omega;
    p.damper[j] = set.contacts[j].pad.damping;
    S reach = S(0);
    for (int i = 0; i < n; ++i) reach += std::abs(sw.coupling.coeff(i, j));
    norm = std::max(norm, std::max(p.spring[j] * reach, p.omega + p.damper[j] * reach));
  }
  const S h = S(1) / norm;
  if (!(p.omega > S(0) && is_finite(p.omega) && h > S(0) && is_finite(h)))
    return Status::CheckFailed("strike.peaks.step", sw.index[0]);

  S x[2 * kSlots] = {}, next[2 * kSlots] = {}, rate[2 * kSlots] = {};
  S force[kSlots] = {}, force_rate[kSlots] = {}, next_force[kSlots] = {}, next_force_rate[kSlots] = {};
  auto& torque = sw.torque_last;       // τ = Gᵀf at the step's start
  auto& torque_rate = sw.torque_before;  // and its rate
  // The forces, the torques and their rates at state s under the current set.
  const auto sample = [&](const S* s, S* f, S* f_rate) {
    detail::linear_pad_rate(p, s, rate);
    for (int j = 0; j < n; ++j) {
      f[j] = p.pushing[j] ? std::max(S(0), detail::linear_pad_force(p, s, j)) : S(0);
      f_rate[j] = p.pushing[j] ? detail::linear_pad_force(p, rate, j) : S(0);
    }
  };
  for (int j = 0; j < n; ++j) {
    x[j] = S(0);
    x[n + j] = approach[j];
    p.pushing[j] = approach[j] < S(0);
  }
  detail::linear_pad_step_matrix(p, h);
  sample(x, force, force_rate);
  for (int j = 0; j < n; ++j) {
    peaks.normal_force[j] = force[j];  // a damper pushes at once
    peaks.time_of_peak[j] = S(0);
  }
  // τ and τ̇ from the forces and rates just sampled, where a step starts: at touchdown and at a
  // change of the set (where a pad touching down again may jump).
  const auto sample_torques = [&] {
    for (int q = 0; q < touched; ++q) {
      const int k = sw.touched[q];
      S t = S(0), r = S(0);
      for (int j = 0; j < n; ++j) {
        t += sw.torque_per_force.coeff(k, j) * force[j];
        r += sw.torque_per_force.coeff(k, j) * force_rate[j];
      }
      peaks.joint_torque.coeffRef(k) = std::max(peaks.joint_torque.coeff(k), std::abs(t));
      torque.coeffRef(k) = t;
      torque_rate.coeffRef(k) = r;
    }
  };
  sample_torques();

  constexpr int kTerms = linear_pad_series_terms<S>();
  S time = S(0), end_time = S(0);
  int step = 0;
  // Over when no pad pushes and no contact approaches: with no force left the velocities are
  // constant, so nothing comes back. Both on rounding's scale: a pad brought to rest with its
  // force at a few ulps of the largest peak has let go (an overdamped pad creeps back over k/c,
  // its force never clear of zero), and a contact whose ζ is within a few ulps of the fastest
  // approach is at rest, not approaching (or it would touch down and let go at every step).
  S fastest = S(0);
  for (int j = 0; j < n; ++j) fastest = std::max(fastest, -approach[j]);
  const S at_rest = S(64) * epsilon<S>() * fastest;
  const auto over = [&] {
    S largest = S(0);
    for (int j = 0; j < n; ++j) largest = std::max(largest, peaks.normal_force[j]);
    const S slack = S(64) * epsilon<S>() * largest;
    for (int j = 0; j < n; ++j)
      if ((p.pushing[j] && force[j] > slack) || x[n + j] < -at_rest) return false;
    return true;
  };
  bool done = over();
  while (!done && step < options.max_steps) {
    const int size = 2 * n;
    detail::linear_pad_series(p, x, sw);
    detail::linear_pad_state_at(sw, size, S(1), next);
    // A change of the set within the step: a pushing pad whose force has reached zero, or a
    // pad that is compressed and would push.
    bool change = false;
    for (int j = 0; j < n; ++j) {
      const S g = detail::linear_pad_force(p, next, j);
      change = change || (p.pushing[j] ? !(g > S(0)) : (g > S(0) && next[j] > S(0)));
    }
    S length = S(1);
    int changing = -1;
    if (change) {
      for (int j = 0; j < n; ++j) {
        S c_force[static_cast<std::size_t>(kTerms)], c_depth[static_cast<std::size_t>(kTerms)];
        for (int i = 0; i < kTerms; ++i) {
          c_force[i] = detail::linear_pad_force(p, sw.series[i], j);
          c_depth[i] = p.spring[j] * sw.series[i][j];  // k δ_j: a force, like f_j
        }
        // Pushing: f_j falls to zero; not: min(f_j, k δ_j) rises through zero.
        const auto gap = [&](S s) {
          const S f = detail::taylor_value<kTerms>(c_force, s);
          return p.pushing[j] ? f : std::min(f, detail::taylor_value<kTerms>(c_depth, s));
        };
        const S at_start = gap(S(0)), at_end = gap(S(1));
        const bool crosses = p.pushing[j] ? !(at_end > S(0)) : at_end > S(0);
        if (!crosses) continue;
        const bool already = p.pushing[j] ? !(at_start > S(0)) : !(at_start < S(0));
        const S s = already          ? S(0)
                    : p.pushing[j] ? detail::series_root<kTerms>(c_force, S(0), S(1), at_start, at_end, epsilon<S>())
                                   : detail::bracketed_root(gap, S(0), S(1), at_start, at_end);
        if (s < length || changing < 0) {
          length = s;
          changing = j;
        }
      }
      detail::linear_pad_state_at(sw, size, length, next);
    }
    sample(next, next_force, next_force_rate);
    // Peaks within the step, then at its end.
    for (int j = 0; j < n; ++j) {
      if (p.pushing[j] && force_rate[j] > S(0) && next_force_rate[j] < S(0)) {
        S weight[kSlots] = {};
        weight[j] = S(1);
        S s, value;
        detail::linear_pad_extremum(p, sw, weight, length, force_rate[j], next_force_rate[j], &s, &value);
        if (s >= S(0) && value > peaks.normal_force[j]) {
          peaks.normal_force[j] = value;
          peaks.time_of_peak[j] = time + s * h;
        }
      }
      if (next_force[j] > peaks.normal_force[j]) {
        peaks.normal_force[j] = next_force[j];
        peaks.time_of_peak[j] = time + length * h;
      }
    }
    for (int q = 0; q < touched; ++q) {
      const int k = sw.touched[q];
      S t = S(0), r = S(0), weight[kSlots];
      for (int j = 0; j < n; ++j) {
        weight[j] = sw.torque_per_force.coeff(k, j);
        t += weight[j] * next_force[j];
        r += weight[j] * next_force_rate[j];
      }
      const S r0 = torque_rate.coeff(k);
      if ((r0 > S(0) && r < S(0)) || (r0 < S(0) && r > S(0))) {
        S s, value;
        detail::linear_pad_extremum(p, sw, weight, length, r0, r, &s, &value);
        if (s >= S(0)) peaks.joint_torque.coeffRef(k) = std::max(peaks.joint_torque.coeff(k), std::abs(value));
      }
      peaks.joint_torque.coeffRef(k) = std::max(peaks.joint_torque.coeff(k), std::abs(t));
      torque.coeffRef(k) = t;
      torque_rate.coeffRef(k) = r;
    }
    time += length * h;
    ++step;
    for (int r = 0; r < size; ++r) x[r] = next[r];
    for (int j = 0; j < n; ++j) {
      force[j] = next_force[j];
      force_rate[j] = next_force_rate[j];
    }
    if (changing >= 0) {  // the set after the change, and the rates under it
      if (p.pushing[changing]) end_time = time;
      p.pushing[changing] = !p.pushing[changing];
      detail::linear_pad_step_matrix(p, h);
      sample(x, force, force_rate);
      // A pad touching down again pushes at once with its damper's c|ζ|: a force that may be
      // the largest it reaches.
      if (force[changing] > peaks.normal_force[changing]) {
        peaks.normal_force[changing] = force[changing];
        peaks.time_of_peak[changing] = time;
      }
      sample_torques();
    }
    done = over();
    for (int j = 0; j < n && done; ++j)
      if (p.pushing[j]) end_time = time;  // let go on rounding's scale, at this sample
  }
  peaks.steps = step;
  peaks.step = h;
  if (!done) return Status::IterationLimit("strike.peaks.max_steps", step);
  peaks.duration = end_time;
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
