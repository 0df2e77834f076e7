#pragma once
// RBDA §11.6's minimal contact set: a contact whose joint-space normal tᵢ is positively dependent
// on the others' (tᵢ = Σ a_j t_j with every a_j ≥ 0) adds nothing to the contact constraint and
// can be dropped. A line or an area contact is given as points (a polygon's vertices, or any
// points of the patch) and reduced to those that matter: the vertices of the convex hull, as
// Fig. 11.7 (c) has it; a point inside the patch or on an edge goes.
//
// Positive dependence does not change under an invertible linear map, so it is tested in the
// metric of H⁻¹, where the Gram matrix of the normals is the Delassus matrix W = TᵀH⁻¹T already
// at hand (contact/contact_dynamics.hpp): the distance² from tᵢ to the cone of the others is
//
//   min_{a ≥ 0} (tᵢ − T_o a)ᵀ H⁻¹ (tᵢ − T_o a) = W_ii − W_oiᵀ a*,
//
// where a* solves the LCP with M = W_oo, q = −W_oi (the QP's optimality conditions, RBDA
// (11.42)–(11.43)). Contacts are tested from the last to the first against those still kept.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/lcp/enumerate.hpp"
#include "footfall/lcp/lemke.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The scratch of minimal_contact_set for sets of up to K contacts: the caller owns it and must
/// not rely on its contents.
template <typename S, int K>
struct MinimalSetWorkspace {
  LcpProblem<S, K> problem;                    ///< the last dependence test's LCP: M = W_oo, q = −W_oi
  LemkeWorkspace<S, K> lemke;                  ///< Lemke's scratch for that test
  int kept[static_cast<std::size_t>(K)] = {};  ///< the indices of the others still kept (o), ascending
};

/// Writes to `out` the contacts of `in` that are not positively dependent on the others, in their
/// order, given the contact terms `cd` of `in` (normals only or with tangents; only the normal
/// rows are used). Fails with a capacity Status if `out` is smaller than what is kept, and with
/// the LCP's Status if a dependence test cannot be decided.
template <typename S, int D, int K, int KOut>
Status minimal_contact_set(const ContactSet<S, K>& in, const ContactDynamics<S, D, K>& cd,
                           MinimalSetWorkspace<S, K>& ws, ContactSet<S, KOut>* out) noexcept {
  if (cd.count != in.count) return Status::BadInput("contact_dynamics.count", cd.count);
  const int m = cd.rows_per_contact, n = in.count;
  bool keep[static_cast<std::size_t>(K)] = {};
  for (int i = 0; i < n; ++i) keep[i] = true;
  S scale = S(0);
  for (int i = 0; i < n; ++i) scale = std::max(scale, cd.delassus.coeff(i * m, i * m));
  // The test's tolerance: rounding in W and in the LCP's answer, relative to W's diagonal.
  const S tolerance = S(64) * static_cast<S>(n + 1) * epsilon<S>() * scale;
  for (int i = n - 1; i >= 0; --i) {
    int others = 0;
    for (int j = 0; j < n; ++j)
      if (j != i && keep[j]) ws.kept[others++] = j;
    if (others == 0) break;
    Status status = ws.problem.resize(others);
    if (!status.ok()) return status;
    for (int a = 0; a < others; ++a) {
      ws.problem.q.coeffRef(a) = -cd.delassus.coeff(ws.kept[a] * m, i * m);
      for (int b = 0; b < others; ++b) ws.problem.m.coeffRef(a, b) = cd.delassus.coeff(ws.kept[a] * m, ws.kept[b] * m);
    }
    LemkeOptions<S> options;
    options.accuracy = lcp_rounding_tolerance<S>(others);
    const LcpResult<S, K> result = solve_lemke(ws.problem, ws.lemke, options);
    if (!result.ok()) return result.status;
    S distance = cd.delassus.coeff(i * m, i * m);
    for (int a = 0; a < others; ++a) distance += ws.problem.q.coeff(a) * result.z.coeff(a);
    if (distance <= tolerance) keep[i] = false;
  }
  out->clear();
  for (int i = 0; i < n; ++i)
    if (keep[i]) {
      const Status status = out->add(in.contacts[i]);
      if (!status.ok()) return status;
    }
  return Status::Ok();
}

}  // namespace footfall
FOOTFALL_HEADER_END
