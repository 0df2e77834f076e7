#pragma once
// The contact terms of one tick (RBDA §11.3; lib/DESIGN.md §4): for each contact i its frame
// (nᵢ, t₁ᵢ, t₂ᵢ), the rows of the contact Jacobian
//
//   G = [ … ; eᵀ (J_sc(i) − J_pc(i)) ; … ]   for e = nᵢ (and t₁ᵢ, t₂ᵢ with friction),
//
// whose normal rows are Tᵀ (RBDA (11.25), (11.31)); the velocity terms Ṫᵀv of RBDA (11.30) along
// each direction; the Delassus matrix W = G H⁻¹ Gᵀ (M of RBDA (11.35)) and the free contact
// acceleration d = G H⁻¹ (τ − C) + Ġv (RBDA (11.36)). Row r of G is contact r / m's direction
// r % m, with m = 1 (normals only) or 3 (normal, t₁, t₂).
//
// Velocity terms. With u = ṗ_s − ṗ_p the velocity of the successor's point relative to the
// predecessor's coincident material point, and e a direction fixed in the predecessor (so
// ė = ω_p × e), the rate of e·u is
//
//   d/dt (e·u) = eᵀ G_e q̈ + e·(a_s − a_p) + 2 (ω_p × e)·u,
//
// where a_s, a_p are the two points' classical accelerations with q̈ = 0 (J̇v, RBDA §2.11).
// The factor 2 is Baraff's 2·ṅ·(ṗa − ṗb) (Baraff97, resting contact): one ṅ·u from the turning direction, one from
// the contact sliding over the predecessor's surface, whose material point under it changes.
// For e = n it is the second derivative of the gap φ of a successor point against a surface
// fixed in the predecessor (RBDA (11.39)). On the ground ω_p = 0 and only e·a_s is left. A
// contact with curved surfaces adds its curvature·‖u_t‖² to the normal row (contact.hpp); a
// sphere foot's point is the sphere's lowest, whose own motion on the body adds r ω × (ω × n)
// (contact/contact_point.hpp).
//
// W without H⁻¹ (RBDA §6.5 and Featherstone's "efficient factorisation" of H): with H = LᵀDL,
// W = (L⁻ᵀGᵀ)ᵀ D⁻¹ (L⁻ᵀGᵀ). A row of G is non-zero only on the DOFs of the contact's two
// bodies' paths to the root, a set closed under "ancestor of", and back-substitution with Lᵀ
// keeps a vector inside such a set, so Y = L⁻ᵀGᵀ has a quadruped foot's 9 non-zeros a column
// and W(a, b) sums only over the DOFs two contacts share (the floating base between two legs).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>

#include "footfall/common/header_diagnostics.hpp"
#include "footfall/common/numeric.hpp"
#include "footfall/contact/contact.hpp"
#include "footfall/contact/contact_point.hpp"
#include "footfall/contact/tangent_basis.hpp"
#include "footfall/contact/unrolled_delassus.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/jacobians.hpp"
#include "footfall/dynamics/kinematics.hpp"
#include "footfall/dynamics/tree_kernels.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/model/workspace.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// The contact terms of one tick (see the top of this file) for up to K contacts on a model of
/// up to D DOFs: filled by compute_contact_terms, compute_free_contact_acceleration or
/// compute_contact_dynamics, read by the stance and strike solves. Its rows are m per contact,
/// row r being contact r / m's direction r % m; contact i is contact i of the set they were
/// computed for.
template <typename S, int D, int K>
struct ContactDynamics {
  static constexpr int kMaxRows = 3 * K;                                   ///< the most rows: 3 per contact
  static constexpr std::size_t kContactSlots = static_cast<std::size_t>(K);  ///< K, as an array bound
  static constexpr std::size_t kDofSlots = static_cast<std::size_t>(D);      ///< D, as an array bound
  using RowVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, kMaxRows, 1>;  ///< one entry a row (rows() used)
  using DofVector = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, D, 1>;         ///< one entry a DOF (nv used)

  int count = 0;             ///< n_c
  int rows_per_contact = 1;  ///< m: 1 (normals) or 3 (normal, t₁, t₂)
  /// The rows in use, n_c m: of G, W and every RowVector here.
  int rows() const noexcept { return count * rows_per_contact; }

  /// Contact i's frame and point, world coordinates: direction[i][0] = n, [1] = t₁, [2] = t₂.
  Vector3<S> direction[kContactSlots][3];
  Vector3<S> position[kContactSlots];  ///< contact i's point: the successor's material point under it, world, m

  /// G (rows × nv), Ġv and G v along each row (RBDA (11.28), (11.30)).
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxRows, D> jacobian;
  RowVector velocity_term;     ///< Ġv: e·(a_s − a_p) + 2 (ω_p × e)·u
  RowVector velocity;          ///< G v: ζᵢ along n, the slip along t₁, t₂

  /// The DOFs on contact i's two paths, in descending order (the order back-substitution needs),
  /// and a mark per DOF for the intersections W needs.
  int support[kContactSlots][kDofSlots] = {};
  int support_size[kContactSlots] = {};           ///< how many DOFs support[i] lists
  bool on_support[kContactSlots][kDofSlots] = {};  ///< on_support[i][k]: DOF k is on one of contact i's two paths

  /// Y = L⁻ᵀGᵀ and Z = D⁻¹Y on the supports, row-major: a contact's m columns of one DOF together.
  using SupportMatrix = Eigen::Matrix<S, D, kMaxRows, Eigen::RowMajor>;
  SupportMatrix back_substituted = SupportMatrix::Zero();  ///< Y (row k: DOF k), meaningful on the supports only
  SupportMatrix scaled = SupportMatrix::Zero();            ///< Z = D⁻¹Y, meaningful on the supports only
  Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxRows, kMaxRows> delassus;         ///< W = G H⁻¹ Gᵀ
  DofVector free_acceleration;  ///< q̈ with no contact force: H⁻¹(τ − C)
  RowVector free_contact_acceleration;  ///< d = G q̈_free + Ġv (RBDA (11.36))
};

namespace detail {

/// Marks and lists (descending) the DOFs on the paths of `body` and `other` (−1: none) to the root.
template <typename S, int B, int D, int K>
void collect_contact_support(const Model<S, B, D>& model, int body, int other, ContactDynamics<S, D, K>& cd,
                             int i) noexcept {
  bool* mark = cd.on_support[i];
  // The whole row at once: a constant size GCC writes a word at a time (a loop over nv wrote a
  // byte an iteration).
  std::memset(mark, 0, sizeof(cd.on_support[i]));
  if (other == -1) {
    // One path: walked from the body up, each joint's DOFs from its last, it lists them in
    // descending order already, since ModelBuilder gives a parent a smaller index than its child
    // and numbers DOFs in body order. Two paths interleave, and are merged by the scan below.
    int size = 0;
    for (int j = body; j != -1; j = model.parent(j))
      for (int k = model.v_index(j) + model.joint_nv(j) - 1; k >= model.v_index(j); --k) {
        mark[k] = true;
        cd.support[i][size++] = k;
      }
    cd.support_size[i] = size;
    return;
  }
  const int ends[2] = {body, other};
  for (int e = 0; e < 2; ++e)
    for (int j = ends[e]; j != -1; j = model.parent(j))
      for (int k = model.v_index(j); k < model.v_index(j) + model.joint_nv(j); ++k) mark[k] = true;
  int size = 0;
  for (int k = model.nv() - 1; k >= 0; --k)
    if (mark[k]) cd.support[i][size++] = k;
  cd.support_size[i] = size;
}

/// Column k's contribution of a body-fixed point's velocity, ⁰S_k's linear part at p (world).
template <typename S>
FOOTFALL_INLINE Vector3<S> point_motion(const Motion<S>& s_world, const Vector3<S>& p) noexcept {
  return s_world.linear() + s_world.angular().cross(p);
}

/// Y = L⁻ᵀ Gᵀ, a contact's M columns together over its support (mass_matrix_factor.hpp's
/// solve, first half, restricted to where the columns can be non-zero), Z = D⁻¹Y there, and
/// W(a, b) = Σ_k Y(k, a) Z(k, b) over the DOFs both contacts' supports hold (their common
/// ancestors), one M×M block a pair of contacts. M is a compile-time 1 or 3 so that the inner
/// loops unroll: this is the stance solve's largest cost.
///
/// The loops index raw storage: Y and Z are row-major with a compile-time row length (row k of
/// contact i's columns starts at k·kMaxRows + i·M), and L(k, a) is column a's coefficient k in
/// the column-major factor. Every index is a DOF from the model's tree (0 ≤ a < k < nv, the
/// builder's guarantee) or a contact's support built from it, so Eigen's per-access checks, which
/// firmware keeps on, would cost as much as the arithmetic here and check nothing new.
///
/// With Kernels unrolled for the model's tree, a contact whose support is a leaf's path to the
/// root takes the unrolled walk of unrolled_delassus.hpp for its columns and its diagonal block,
/// and for its blocks with the contacts after it that share just its join's path (another leg's
/// foot), with the same result.
template <typename Kernels, int M, typename S, int B, int D, int K>
void delassus_from_factor(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                          ContactDynamics<S, D, K>& cd) noexcept {
  using Row = Eigen::Matrix<S, 1, M>;
  using Block = Eigen::Matrix<S, M, M>;
  using RowMap = Eigen::Map<Row>;
  using ConstRowMap = Eigen::Map<const Row>;
  constexpr int kStride = ContactDynamics<S, D, K>::kMaxRows;
  S* const y = cd.back_substituted.data();
  S* const z = cd.scaled.data();
  const S* const l = ws.factor.data();
  const int l_stride = static_cast<int>(ws.factor.outerStride());
  const int nc = cd.count;
  cd.delassus.resize(nc * M, nc * M);
  bool unrolled[ContactDynamics<S, D, K>::kContactSlots] = {};  // whose diagonal block is made
  for (int i = 0; i < nc; ++i) {
    unrolled[i] = contact_delassus_unrolled<M>(Kernels{}, ws, cd, i);
    if (unrolled[i]) continue;
    const int size = cd.support_size[i];
    const int* const support = cd.support[i];
    S* const yi = y + i * M;
    S* const zi = z + i * M;
    for (int s = 0; s < size; ++s)
      for (int r = 0; r < M; ++r) yi[support[s] * kStride + r] = cd.jacobian.coeff(i * M + r, support[s]);
    // Descending DOFs: when k comes, every descendant of k has been subtracted from Y(k), so
    // Y(k) is final; it leaves its ancestors' rows (Lᵀy = g from the leaves) and gives Z(k).
    for (int s = 0; s < size; ++s) {
      const int k = support[s];
      const Row yk = ConstRowMap(yi + k * kStride);
      for (int a = model.dof_parent(k); a != -1; a = model.dof_parent(a))
        RowMap(yi + a * kStride) -= l[a * l_stride + k] * yk;
      RowMap(zi + k * kStride) = yk / l[k * l_stride + k];
    }
  }
  for (int i = 0; i < nc; ++i)
    for (int j = unrolled[i] ? i + 1 : i; j < nc; ++j) {
      Block block;
      if (!(unrolled[i] && contact_cross_block_unrolled<M>(Kernels{}, cd, i, j, block))) {
        set_zero(block);
        const bool* const shared = cd.on_support[j];
        for (int s = 0; s < cd.support_size[i]; ++s) {
          const int k = cd.support[i][s];
          if (shared[k])
            block.noalias() += ConstRowMap(y + k * kStride + i * M).transpose() * ConstRowMap(z + k * kStride + j * M);
        }
      }
#pragma GCC unroll 3
      for (int ri = 0; ri < M; ++ri)
#pragma GCC unroll 3
        for (int rj = 0; rj < M; ++rj) {
          cd.delassus.coeffRef(i * M + ri, j * M + rj) = block.coeff(ri, rj);
          cd.delassus.coeffRef(j * M + rj, i * M + ri) = block.coeff(ri, rj);
        }
    }
}

}  // namespace detail

namespace detail {

/// Visits the non-zero columns of a contact's relative point motion: visit(k, c) with c the
/// velocity of the successor's point p relative to the predecessor's coincident point per unit
/// q̇_k, in the model's frame. A DOF on both paths (a common ancestor) is visited twice with
/// opposite signs, and cancels, as it must.
/// The columns ᴼS_k are CRBA's (ws.subspace_world), about the origin of each tree's root
/// (crba_origin), so each point is taken relative to that origin too: a short lever, whatever the
/// distance from the world's origin.
template <typename S, int B, int D, typename Visit>
void for_each_contact_column(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const Contact<S>& c,
                             const Vector3<S>& p, Visit&& visit) noexcept {
  const Vector3<S> lever = p - crba_origin(model, ws, c.body);
  for (int j = c.body; j != -1; j = model.parent(j))
    for (int k = model.v_index(j); k < model.v_index(j) + model.joint_nv(j); ++k)
      visit(k, point_motion(ws.subspace_world[k], lever));
  if (c.other_body == -1) return;
  const Vector3<S> lever_other =
      world_point(ws, c.other_body, c.other_point) - crba_origin(model, ws, c.other_body);
  for (int j = c.other_body; j != -1; j = model.parent(j))
    for (int k = model.v_index(j); k < model.v_index(j) + model.joint_nv(j); ++k)
      visit(k, Vector3<S>(-point_motion(ws.subspace_world[k], lever_other)));
}

/// A ground contact's three rows of G on a free flyer's six columns (DOFs 0–5; v = [linear;
/// angular] in the body's axes, joint.hpp), into `column` (G's column k at column + k·stride).
/// Their ⁰S_k are the body's axes turned into the world's, E's rows (crba.hpp's
/// ws.subspace_world), so with ℓ = p − the body's origin, row r along e_r holds
///   G(r, a) = e_r · Eᵀe_a = (E e_r)_a,   G(r, 3 + a) = e_r · (Eᵀe_a × ℓ) = ((E ℓ) × (E e_r))_a,
/// the triple product turned by the rotation: four rotations and three cross products instead
/// of six point motions and eighteen dot products.
template <typename S, int B, int D>
FOOTFALL_INLINE void store_free_flyer_contact_columns(const Workspace<S, B, D>& ws, const Vector3<S>& lever,
                                                      const Vector3<S>* e, S* column, Eigen::Index stride) noexcept {
  const Matrix3<S>& rotation = ws.world_to_body[0].rotation();
  const Vector3<S> turned_lever = rotation * lever;
#pragma GCC unroll 3
  for (int r = 0; r < 3; ++r) {
    const Vector3<S> along = rotation * e[r];
    const Vector3<S> about = turned_lever.cross(along);
#pragma GCC unroll 3
    for (int a = 0; a < 3; ++a) {
      column[a * stride + r] = along.coeff(a);
      column[(3 + a) * stride + r] = about.coeff(a);
    }
  }
}

/// Contact i's rows of G along directions e[0..m) given in the model's frame ("world" to the
/// model), for the successor's material point under the contact, `point` in its frame and p in
/// the model's, and u = ṗ_s − ṗ_p there.
template <typename S, int B, int D, int K>
void fill_contact_rows(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const Contact<S>& c,
                       const Vector3<S>& point, const Vector3<S>& p, const Vector3<S>* e, int m,
                       ContactDynamics<S, D, K>& cd, int i, Vector3<S>* u) noexcept {
  *u = Vector3<S>::Zero();
  point_velocity(model, ws, c.body, point, u);
  if (c.other_body != -1) {
    Vector3<S> u_p = Vector3<S>::Zero();
    point_velocity(model, ws, c.other_body, c.other_point, &u_p);
    *u -= u_p;
  }
  if (c.other_body == -1 && m == 3) {
    // On the ground each column is visited once, so its entries are stored, not accumulated,
    // and a column's three rows are adjacent in G (column-major): the loop's common case,
    // every foot with friction, without a read-modify-write a row.
    S* const column = &cd.jacobian.coeffRef(i * 3, 0);
    const Eigen::Index stride = cd.jacobian.rows();
    const Vector3<S> e0 = e[0], e1 = e[1], e2 = e[2];
    const Vector3<S> lever = p - crba_origin(model, ws, c.body);
    for (int j = c.body; j != -1; j = model.parent(j)) {
      if (j == 0 && model.has_floating_base()) {
        store_free_flyer_contact_columns(ws, lever, e, column, stride);
        break;  // the free flyer is its tree's root
      }
      for (int k = model.v_index(j); k < model.v_index(j) + model.joint_nv(j); ++k) {
        const Vector3<S> col = point_motion(ws.subspace_world[k], lever);
        S* const g = column + k * stride;
        g[0] = e0.dot(col);
        g[1] = e1.dot(col);
        g[2] = e2.dot(col);
      }
    }
    return;
  }
  for_each_contact_column(model, ws, c, p, [&](int k, const Vector3<S>& col) {
    for (int r = 0; r < m; ++r) cd.jacobian.coeffRef(i * m + r, k) += e[r].dot(col);
  });
}

/// The stage check shared by the contact terms: kinematics, H and its factor.
template <typename S, int B, int D>
Status check_contact_stages(const Workspace<S, B, D>& ws, unsigned needed) noexcept {
  using W = Workspace<S, B, D>;
  if ((ws.stage & needed) == needed) return Status::Ok();
  if (!(ws.stage & W::kKinematics)) return Status::BadInput("workspace.kinematics");
  if (!(ws.stage & W::kFactor)) return Status::BadInput("workspace.factor");
  return Status::BadInput("workspace.bias");
}

}  // namespace detail

/// The rows a contact has in G, W and the problems: its normal alone (m = 1, frictionless) or
/// its normal and the two tangents of its contact frame (m = 3, with friction).
enum class ContactRows : unsigned char {
  kNormals = 0,  ///< m = 1: the normal row, for frictionless problems
  kWithTangents, ///< m = 3: normal, t₁, t₂, for problems with friction
};

/// What compute_contact_terms fills besides G, G v and W.
enum class ContactTerms : unsigned char {
  kVelocityOnly = 0,  ///< no Ġv: the strike (velocity-level problems) does not need it
  kWithVelocityTerms, ///< Ġv too, for the acceleration-level (stance) problem
};

namespace detail {

/// compute_contact_terms on what its caller has checked: the workspace's stages and the model's
/// tree for Kernels (the solves check both once at their entry). Validates the contacts.
template <typename Kernels, typename S, int B, int D, int K>
Status contact_terms(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                     bool with_tangents, ContactTerms terms, ContactDynamics<S, D, K>& cd) noexcept {
  cd.count = 0;
  const Status status = validate_contacts(model, set);
  if (!status.ok()) return status;

  const int n = model.nv();
  const int m = with_tangents ? 3 : 1;
  const int nc = set.count;
  const bool velocity_terms = terms == ContactTerms::kWithVelocityTerms;
  cd.rows_per_contact = m;
  set_zero(cd.jacobian, nc * m, n);
  set_zero(cd.velocity_term, nc * m, 1);
  cd.velocity.resize(nc * m);
  for (int i = 0; i < nc; ++i) {
    const Contact<S>& c = set.contacts[i];
    Vector3<S>* e = cd.direction[i];
    e[0] = c.normal;
    tangent_basis(c.normal, &e[1], &e[2]);
    const Vector3<S> point = detail::contact_point(ws, c);
    cd.position[i] = detail::world_point(ws, c.body, point);
    detail::collect_contact_support(model, c.body, c.other_body, cd, i);
    Vector3<S> u;
    detail::fill_contact_rows(model, ws, c, point, cd.position[i], e, m, cd, i, &u);
    for (int r = 0; r < m; ++r) cd.velocity.coeffRef(i * m + r) = e[r].dot(u);
    if (!velocity_terms) continue;

    // The q̈ = 0 accelerations of the two points and the predecessor's turn rate ω_p (world).
    Vector3<S> a_rel = Vector3<S>::Zero(), omega_p = Vector3<S>::Zero();
    point_velocity_product_acceleration(model, ws, c.body, point, &a_rel);
    if (c.radius != S(0)) a_rel += detail::rolling_sphere_acceleration(ws, c);
    if (c.other_body != -1) {
      Vector3<S> a_p = Vector3<S>::Zero();
      point_velocity_product_acceleration(model, ws, c.other_body, c.other_point, &a_p);
      a_rel -= a_p;
      omega_p = ws.world_to_body[c.other_body].rotation().transpose() * ws.velocity[c.other_body].angular();
    }
    for (int r = 0; r < m; ++r)
      cd.velocity_term.coeffRef(i * m + r) = e[r].dot(a_rel) + S(2) * omega_p.cross(e[r]).dot(u);  // Baraff97's 2ṅ·u
    if (c.curvature != S(0)) {  // Liu04 (24)–(26): the gap's Hessian along the slip
      const S slip_squared = u.squaredNorm() - e[0].dot(u) * e[0].dot(u);
      cd.velocity_term.coeffRef(i * m) += c.curvature * slip_squared;
    }
  }
  cd.count = nc;
  if (m == 3)
    detail::delassus_from_factor<Kernels, 3>(model, ws, cd);
  else
    detail::delassus_from_factor<Kernels, 1>(model, ws, cd);
  return Status::Ok();
}

}  // namespace detail

/// Fills the configuration-dependent contact terms of `set` on the current kinematics, H and its
/// factor (forward_kinematics, mass_matrix and factorize_mass_matrix, in that order): the frames,
/// G, G v, W = G H⁻¹ Gᵀ and, when asked (`terms`), Ġv, with the rows `rows` asks for a contact.
/// Validates the contacts; on failure `cd` holds no contacts.
/// The policy Kernels (dynamics/tree_kernels.hpp) walks the DOF tree in W's solves.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K>
Status compute_contact_terms(const Model<S, B, D>& model, const Workspace<S, B, D>& ws, const ContactSet<S, K>& set,
                             ContactRows rows, ContactTerms terms, ContactDynamics<S, D, K>& cd) noexcept {
  const bool with_tangents = rows == ContactRows::kWithTangents;
  using W = Workspace<S, B, D>;
  cd.count = 0;
  Status status = detail::check_contact_stages(ws, W::kKinematics | W::kMassMatrix | W::kFactor);
  if (status.ok()) status = Kernels::check(model);
  if (!status.ok()) return status;
  return detail::contact_terms<Kernels>(model, ws, set, with_tangents, terms, cd);
}

namespace detail {

/// value[r] += Σ_k G(i·M + r, k) x_k over contact i's support (the only columns its rows have),
/// for its M rows, and, when `sizes` is given, sizes[r] += the sizes |G(i·M + r, k) x_k| of row
/// r's terms, for a check's rounding scale. A column's M rows are adjacent in G (column-major),
/// so they are read together; each row still gets its terms in the support's order, the sums of
/// a row-by-row loop bit for bit. M, the rows a contact, is fixed so that the rows unroll.
template <int M, typename S, int D, int K, typename XDerived>
FOOTFALL_INLINE void add_contact_rows_product(const ContactDynamics<S, D, K>& cd, int i,
                                              const Eigen::MatrixBase<XDerived>& x, S* value,
                                              NoDeduce<S>* sizes) noexcept {
  constexpr std::size_t kRows = static_cast<std::size_t>(M);
  const S* const rows = cd.jacobian.data() + static_cast<Eigen::Index>(i) * M;
  const Eigen::Index stride = cd.jacobian.rows();
  S sum[kRows], size[kRows];
  // (GCC at -O2 leaves loops of M = 3 rolled, with sum and size in memory: unrolled, they stay
  // in registers.)
#pragma GCC unroll 3
  for (int r = 0; r < M; ++r) {
    sum[r] = value[r];
    size[r] = sizes != nullptr ? sizes[r] : S(0);
  }
  for (int s = 0; s < cd.support_size[i]; ++s) {
    const int k = cd.support[i][s];
    const S* const column = rows + k * stride;
    const S xk = x.coeff(k);
#pragma GCC unroll 3
    for (int r = 0; r < M; ++r) {
      const S term = column[r] * xk;
      sum[r] += term;
      if (sizes != nullptr) size[r] += std::abs(term);
    }
  }
#pragma GCC unroll 3
  for (int r = 0; r < M; ++r) {
    value[r] = sum[r];
    if (sizes != nullptr) sizes[r] = size[r];
  }
}

/// add_contact_rows_product for the rows a contact cd has (1 or 3).
template <typename S, int D, int K, typename XDerived>
FOOTFALL_INLINE void add_contact_rows_product(const ContactDynamics<S, D, K>& cd, int i,
                                              const Eigen::MatrixBase<XDerived>& x, S* value,
                                              NoDeduce<S>* sizes) noexcept {
  if (cd.rows_per_contact == 3)
    add_contact_rows_product<3>(cd, i, x, value, sizes);
  else
    add_contact_rows_product<1>(cd, i, x, value, sizes);
}

}  // namespace detail

namespace detail {

/// compute_free_contact_acceleration on what its caller has checked: the workspace's stages, the
/// model's tree for Kernels, and τ (finite, nv long).
template <typename Kernels, typename S, int B, int D, int K, typename TauDerived>
Status free_contact_acceleration(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                 const Eigen::MatrixBase<TauDerived>& tau, ContactDynamics<S, D, K>& cd) noexcept {
  // τ and C are finite, but their difference may not be (solve_mass_matrix's "rhs" refusal).
  cd.free_acceleration = tau - ws.bias;
  const Status finite = validate_vector(cd.free_acceleration, model.nv(), "rhs");
  if (!finite.ok()) {
    cd.count = 0;
    return finite;
  }
  Kernels::solve(model, ws, cd.free_acceleration);
  const int m = cd.rows_per_contact;
  cd.free_contact_acceleration = cd.velocity_term;  // + G q̈_free, row by row
  for (int i = 0; i < cd.count; ++i)
    add_contact_rows_product(cd, i, cd.free_acceleration, cd.free_contact_acceleration.data() + i * m, nullptr);
  return Status::Ok();
}

}  // namespace detail

/// q̈_free = H⁻¹(τ − C) and d = G q̈_free + Ġv (RBDA (11.36)) on terms compute_contact_terms filled
/// with Ġv, and C current in `ws` (bias_forces). On failure `cd` holds no contacts.
/// The policy Kernels (dynamics/tree_kernels.hpp) solves with the factor.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename TauDerived>
Status compute_free_contact_acceleration(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                         const Eigen::MatrixBase<TauDerived>& tau, ContactDynamics<S, D, K>& cd) noexcept {
  using W = Workspace<S, B, D>;
  Status status = detail::check_contact_stages(ws, W::kKinematics | W::kMassMatrix | W::kFactor | W::kBias);
  if (status.ok()) status = Kernels::check(model);
  if (status.ok()) status = validate_vector(tau, model.nv(), "tau");
  if (!status.ok()) {
    cd.count = 0;
    return status;
  }
  return detail::free_contact_acceleration<Kernels>(model, ws, tau, cd);
}

/// Both of the above: the stance solve's contact terms on the tick's kinematics, H, its factor
/// and C (forward_kinematics, mass_matrix, factorize_mass_matrix and bias_forces, on the same q
/// and v), with joint forces τ and the rows `rows` asks for a contact. Validates τ and the
/// contacts; on failure `cd` holds no contacts.
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename TauDerived>
Status compute_contact_dynamics(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                const ContactSet<S, K>& set, const Eigen::MatrixBase<TauDerived>& tau,
                                ContactRows rows, ContactDynamics<S, D, K>& cd) noexcept {
  const bool with_tangents = rows == ContactRows::kWithTangents;
  using W = Workspace<S, B, D>;
  cd.count = 0;
  Status status = detail::check_contact_stages(ws, W::kKinematics | W::kMassMatrix | W::kFactor | W::kBias);
  if (status.ok()) status = validate_vector(tau, model.nv(), "tau");
  if (status.ok()) status = Kernels::check(model);
  if (status.ok())
    status = detail::contact_terms<Kernels>(model, ws, set, with_tangents, ContactTerms::kWithVelocityTerms, cd);
  // τ, the stages and the tree are checked above, once.
  if (status.ok()) status = detail::free_contact_acceleration<Kernels>(model, ws, tau, cd);
  return status;
}

namespace detail {

/// out(k) += Σ_r Z(k, r) f(r) over each contact's support: Z's rows read raw, as
/// delassus_from_factor writes them, M (the rows a contact) fixed so that the sum unrolls.
template <int M, typename S, int D, int K, typename FDerived, typename Out>
void add_scaled_product(const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<FDerived>& f, Out& out) noexcept {
  using Row = Eigen::Matrix<S, 1, M>;
  constexpr int kStride = ContactDynamics<S, D, K>::kMaxRows;
  const S* const z = cd.scaled.data();
  for (int i = 0; i < cd.count; ++i) {
    const Row fi = f.template segment<M>(i * M).transpose();
    for (int s = 0; s < cd.support_size[i]; ++s) {
      const int k = cd.support[i][s];
      out.coeffRef(k) += Eigen::Map<const Row>(z + k * kStride + i * M).dot(fi);
    }
  }
}

}  // namespace detail

namespace detail {

/// What add_transpose_product keeps of its terms' sizes |G(r, k) f(r)|, for a check's rounding
/// scale: the largest (in sizes[0]), their sum per DOF (in sizes[k]), or nothing (sizes unused).
enum class TermSizes : unsigned char { kLargest, kSumPerDof, kNone };

/// out(k) += Σ_r G(r, k) f(r) over each contact's support (the only columns its rows have), and
/// the terms' sizes as Sizes says (with kSum false the sizes alone, `out` untouched). A contact's
/// M rows of one column are adjacent in G (column-major), so they are read together and out(k) is
/// read and written once a contact, not once a row; each out(k) still gets its terms in row
/// order, so the sums are those of the row-by-row loop, bit for bit. M, the rows a contact, is
/// fixed so that the rows unroll.
template <int M, TermSizes Sizes, bool kSum = true, typename S, int D, int K, typename FDerived, typename OutDerived>
void add_transpose_product(const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<FDerived>& f,
                           const Eigen::MatrixBase<OutDerived>& out_const, S* sizes) noexcept {
  auto& out = writable(out_const);
  const Eigen::Index stride = cd.jacobian.rows();
  S largest = S(0);  // kLargest's, in a register (out and sizes may alias as far as GCC knows)
  if constexpr (Sizes == TermSizes::kLargest) largest = sizes[0];
  for (int i = 0; i < cd.count; ++i) {
    S fi[static_cast<std::size_t>(M)];
#pragma GCC unroll 3
    for (int r = 0; r < M; ++r) fi[r] = f.coeff(i * M + r);
    const S* const rows = cd.jacobian.data() + static_cast<Eigen::Index>(i) * M;
    for (int s = 0; s < cd.support_size[i]; ++s) {
      const int k = cd.support[i][s];
      const S* const column = rows + k * stride;
      S value = kSum ? out.coeff(k) : S(0);
      S size = S(0);
      if constexpr (Sizes == TermSizes::kLargest) size = largest;
      if constexpr (Sizes == TermSizes::kSumPerDof) size = sizes[k];
#pragma GCC unroll 3
      for (int r = 0; r < M; ++r) {
        const S term = column[r] * fi[r];
        if constexpr (kSum) value += term;
        if constexpr (Sizes == TermSizes::kLargest) size = std::max(size, std::abs(term));
        if constexpr (Sizes == TermSizes::kSumPerDof) size += std::abs(term);
      }
      if constexpr (kSum) out.coeffRef(k) = value;
      if constexpr (Sizes == TermSizes::kLargest) largest = size;
      if constexpr (Sizes == TermSizes::kSumPerDof) sizes[k] = size;
    }
  }
  if constexpr (Sizes == TermSizes::kLargest) sizes[0] = largest;
}

/// add_transpose_product for the rows a contact cd has (1 or 3).
template <TermSizes Sizes, bool kSum = true, typename S, int D, int K, typename FDerived, typename OutDerived>
void add_contact_transpose_product(const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<FDerived>& f,
                                   const Eigen::MatrixBase<OutDerived>& out, S* sizes) noexcept {
  if (cd.rows_per_contact == 3)
    add_transpose_product<3, Sizes, kSum>(cd, f, out, sizes);
  else
    add_transpose_product<1, Sizes, kSum>(cd, f, out, sizes);
}

/// H⁻¹Gᵀf for the solvers, which hold f and out at their sizes and `cd` fresh from this factor:
/// contact_force_acceleration without its checks (and without the Kernels' check: the caller's).
template <typename Kernels = GenericKernels, typename S, int B, int D, int K, typename FDerived, typename OutDerived>
void apply_contact_force_acceleration(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                      const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<FDerived>& f,
                                      const Eigen::MatrixBase<OutDerived>& out_const) noexcept {
  auto& out = writable(out_const);
  const int n = model.nv();
  for (int k = 0; k < n; ++k) out.coeffRef(k) = S(0);
  if (cd.rows_per_contact == 3)
    add_scaled_product<3>(cd, f, out);
  else
    add_scaled_product<1>(cd, f, out);
  Kernels::forward_substitute(model, ws, out);  // Lx = Zf from the root
}

}  // namespace detail

/// The joint acceleration that contact-frame forces f give, H⁻¹Gᵀf, from the terms already in
/// `cd` (compute_contact_terms on this factor): H⁻¹Gᵀf = L⁻¹D⁻¹L⁻ᵀGᵀf = L⁻¹(Z f) with Z = D⁻¹Y, so
/// one sparse product over the supports and one forward substitution along the ancestor chains,
/// half a solve_mass_matrix. f holds cd.rows() finite values; `out` is nv × 1. A factor taken
/// after `cd` was filled cannot be told from the one it was filled on: refill `cd` after each
/// factorize_mass_matrix. On failure `out` is unchanged.
template <typename S, int B, int D, int K, typename FDerived, typename OutDerived>
Status contact_force_acceleration(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                                  const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<FDerived>& f,
                                  const Eigen::MatrixBase<OutDerived>& out) noexcept {
  if (!(ws.stage & Workspace<S, B, D>::kFactor)) return Status::BadInput("workspace.factor");
  if (cd.count < 0 || cd.count > K || (cd.rows_per_contact != 1 && cd.rows_per_contact != 3))
    return Status::BadInput("contact_dynamics");
  // Each support lists its DOFs in descending order, so its first is its largest.
  for (int i = 0; i < cd.count; ++i)
    if (cd.support_size[i] > 0 && cd.support[i][0] >= model.nv()) return Status::BadInput("contact_dynamics", i);
  const Status status = validate_vector(f, cd.rows(), "f");
  if (!status.ok()) return status;
  if (out.rows() != model.nv() || out.cols() != 1) return Status::BadInput("out.size");
  detail::apply_contact_force_acceleration(model, ws, cd, f, out);
  return Status::Ok();
}

/// H⁻¹Gᵀ (nv × rows), the joint acceleration per unit contact force along each row, which
/// whole-body and impact-aware controllers use: one sparse solve a column. `out` must be
/// resizable to nv × rows within its capacity.
template <typename S, int B, int D, int K, typename Derived>
Status contact_response(const Model<S, B, D>& model, const Workspace<S, B, D>& ws,
                        const ContactDynamics<S, D, K>& cd, const Eigen::MatrixBase<Derived>& out_const) noexcept {
  auto& out = writable(out_const);
  if (out.rows() != model.nv() || out.cols() != cd.rows()) return Status::BadInput("response.size");
  out = cd.jacobian.transpose();
  return solve_mass_matrix(model, ws, out);
}

}  // namespace footfall
FOOTFALL_HEADER_END
