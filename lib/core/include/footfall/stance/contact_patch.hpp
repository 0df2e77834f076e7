#pragma once
// A contact patch: several contacts of one body against one surface with one normal, the corners
// of a flat sole or the two ends of an edge, read as one surface contact. Its result is what the
// physics fixes even when the corner forces are not unique (stance/options.hpp's ForceChoice):
//
//   F = Σ f_i,   M_o = Σ (p_i − o) × f_i   (the contact wrench about the patch's origin o),
//   c = o + (n × M_o) / (n · F)           (the centre of pressure, in the patch's plane),
//
// with o the corners' centroid. With every f_i in its friction cone and f_n,i ≥ 0, F lies in the
// cone and c inside the corners' convex hull: the surface contact wrench cone of Caron, Pham and
// Nakamura (2015), whose conditions a controller can check on F, M_o and c. The patch's state:
// separating (no corner loaded), sliding (a loaded corner slides), tipping (the loaded corners
// lie on one line, an edge or a corner, and some are not loaded), or sticking.
#include <algorithm>
#include <cmath>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/common/status.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/stance/stance_workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// What a contact patch does as a whole (see the top of this file).
enum class PatchState : unsigned char {
  kSeparating = 0,  ///< no corner carries force
  kSticking,        ///< the loaded corners stick and span the patch (three or more, not on a line)
  kSliding,         ///< a loaded corner slides
  kTipping,         ///< only corners on one line (an edge) or one corner carry force: the patch
                    ///< rotates about them, or is about to
};

/// The state's name: "separating", "sticking", "sliding" or "tipping".
constexpr const char* to_string(PatchState state) noexcept {
  switch (state) {
    case PatchState::kSeparating:
      return "separating";
    case PatchState::kSticking:
      return "sticking";
    case PatchState::kSliding:
      return "sliding";
    case PatchState::kTipping:
      return "tipping";
  }
  return "unknown patch state";
}

/// A contact patch's wrench, centre of pressure and state, as patch_wrench computes them.
template <typename S>
struct PatchWrench {
  Vector3<S> origin = Vector3<S>::Zero();              ///< o: the corners' centroid, world, m
  Vector3<S> normal = Vector3<S>::UnitZ();             ///< n: the patch's normal, world
  Vector3<S> force = Vector3<S>::Zero();               ///< F on the body, world, N
  Vector3<S> moment = Vector3<S>::Zero();              ///< M_o on the body about o, world, N m
  Vector3<S> centre_of_pressure = Vector3<S>::Zero();  ///< c (= o when separating), world, m
  S normal_force = S(0);                               ///< n · F
  int loaded = 0;                                      ///< corners with a positive normal force
  PatchState state = PatchState::kSeparating;          ///< the patch's state
};

/// The wrench of contacts first … first + count − 1 of a solved stance (result ok, cd the contact
/// terms it was solved with: StanceWorkspace::contact). Refuses, changing nothing, a range outside
/// the result, a patch of fewer than two contacts, or contacts on different bodies or with
/// different normals (BadInput naming the field and the contact).
template <typename S, int D, int K>
Status patch_wrench(const StanceResult<S, D, K>& result, const ContactDynamics<S, D, K>& cd, const ContactSet<S, K>& set,
                    int first, int count, PatchWrench<S>* out) noexcept {
  if (!result.ok()) return Status::BadInput("result.status");
  if (first < 0 || count < 2 || first + count > result.count || result.count != cd.count || set.count != cd.count)
    return Status::BadInput("patch.range", first);
  const Vector3<S> n = cd.direction[first][0];
  const S same = S(64) * epsilon<S>();
  for (int i = first + 1; i < first + count; ++i) {
    if (set.contacts[i].body != set.contacts[first].body || set.contacts[i].other_body != set.contacts[first].other_body)
      return Status::BadInput("patch.body", i);
    if ((cd.direction[i][0] - n).norm() > same) return Status::BadInput("patch.normal", i);
  }
  PatchWrench<S> w;
  w.normal = n;
  for (int i = first; i < first + count; ++i) w.origin += cd.position[i];
  w.origin /= static_cast<S>(count);
  S largest = S(0);
  for (int i = first; i < first + count; ++i) largest = std::max(largest, result.normal_force[i]);
  const S carries = std::sqrt(epsilon<S>()) * largest;  // a corner below this is not loaded
  bool sliding = false;
  int loaded_first = -1, loaded_second = -1;
  bool on_a_line = true;
  for (int i = first; i < first + count; ++i) {
    const Vector3<S>& f = result.force[i];
    w.force += f;
    w.moment += (cd.position[i] - w.origin).cross(f);
    if (!(result.normal_force[i] > carries) || !(largest > S(0))) continue;
    ++w.loaded;
    sliding = sliding || result.state[i] == ContactState::kSliding;
    if (loaded_first < 0) {
      loaded_first = i;
    } else if (loaded_second < 0) {
      loaded_second = i;
    } else {  // a third loaded corner off the line of the first two spans the patch
      const Vector3<S> along = cd.position[loaded_second] - cd.position[loaded_first];
      const Vector3<S> off = cd.position[i] - cd.position[loaded_first];
      if (along.cross(off).norm() > same * along.norm() * off.norm() * S(1024)) on_a_line = false;
    }
  }
  w.normal_force = n.dot(w.force);
  w.centre_of_pressure = w.origin;
  if (w.loaded == 0 || !(w.normal_force > S(0))) {
    w.state = PatchState::kSeparating;
  } else {
    w.centre_of_pressure = w.origin + n.cross(w.moment) / w.normal_force;
    w.state = sliding                                 ? PatchState::kSliding
              : (on_a_line && w.loaded < count) ? PatchState::kTipping
                                                : PatchState::kSticking;
  }
  *out = w;
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
