#pragma once
// Siconos numerics (Debian's libsiconos-numerics-dev 4.4) as a peer for footfall's exact-cone
// stance solver, for the host peer test and the benchmarks: the 3-D friction-contact problem
// (FrictionContactProblem.h, fc3d_Solvers.h) solved by fc3d_driver, by default with
// non-smooth Gauss–Seidel (SICONOS_FRICTION_3D_NSGS).
//
// Siconos' problem, in its notation: find the reaction r and the velocity u with
//
//   u = W r + q,   K_μ ∋ r ⊥ û ∈ K_μ*,   û = u + μ‖u_t‖ n   (De Saxcé's modified velocity),
//
// per contact three rows (n, t₁, t₂) and K_μ = {‖r_t‖ ≤ μ r_n}. With û in the dual cone and
// orthogonal to r, this is Coulomb's law: r = 0 and u_n ≥ 0; or r inside the cone and u = 0;
// or r on the cone's edge, u_n = 0 and u_t = −κ r_t. footfall's acceleration-level problem has
// the same law on a = W f + d (stance/cone_solver.hpp), so W and q = d go over unchanged.
//
// Storage: a dense NumericsMatrix over our own column-major copy (NM_create_from_data does not
// copy, so the matrix's data pointer is cleared before NM_free).
#include <numerics/Friction_cst.h>
#include <numerics/FrictionContactProblem.h>
#include <numerics/NonSmoothDrivers.h>
#include <numerics/NumericsMatrix.h>
#include <numerics/SolverOptions.h>
#include <numerics/fc3d_Solvers.h>
#include <numerics/fc3d_compute_error.h>

#include <cmath>
#include <cstddef>
#include <vector>

namespace footfall::test {

class SiconosFrictionContact {
 public:
  // solver_id: a SICONOS_FRICTION_3D_* solver (NSGS by default); `tolerance` is Siconos' error
  // measure (fc3d_compute_error: the natural-map residual relative to ‖q‖).
  explicit SiconosFrictionContact(int solver_id = SICONOS_FRICTION_3D_NSGS, double tolerance = 1e-12,
                                  int max_iterations = 100000)
      : options_(solver_options_create(solver_id)) {
    options_->dparam[SICONOS_DPARAM_TOL] = tolerance;
    options_->iparam[SICONOS_IPARAM_MAX_ITER] = max_iterations;
  }
  ~SiconosFrictionContact() {
    release();
    solver_options_delete(options_);
  }
  SiconosFrictionContact(const SiconosFrictionContact&) = delete;
  SiconosFrictionContact& operator=(const SiconosFrictionContact&) = delete;

  SolverOptions& options() { return *options_; }

  // Copies W (3nc × 3nc, rows n, t₁, t₂ per contact), q (3nc) and μ (nc) into Siconos' storage.
  template <typename MatrixW, typename VectorQ, typename VectorMu>
  void set_problem(const MatrixW& w, const VectorQ& q, const VectorMu& mu) {
    const int n = static_cast<int>(q.size());
    if (n != size_) {
      release();
      size_ = n;
      w_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0);
      q_.assign(static_cast<std::size_t>(n), 0.0);
      mu_.assign(static_cast<std::size_t>(n / 3), 0.0);
      r_.assign(static_cast<std::size_t>(n), 0.0);
      u_.assign(static_cast<std::size_t>(n), 0.0);
      matrix_ = NM_create_from_data(NM_DENSE, n, n, w_.data());
      problem_.dimension = 3;
      problem_.numberOfContacts = n / 3;
      problem_.M = matrix_;
      problem_.q = q_.data();
      problem_.mu = mu_.data();
    }
    for (int j = 0; j < n; ++j) {
      q_[static_cast<std::size_t>(j)] = static_cast<double>(q(j));
      for (int i = 0; i < n; ++i)
        w_[static_cast<std::size_t>(j * n + i)] = static_cast<double>(w(i, j));  // column-major
    }
    for (int i = 0; i < n / 3; ++i) mu_[static_cast<std::size_t>(i)] = static_cast<double>(mu(i));
  }

  // Runs the solver from r = 0; returns fc3d_driver's info (0: solved to the tolerance).
  int solve() {
    for (double& v : r_) v = 0.0;
    for (double& v : u_) v = 0.0;
    return fc3d_driver(&problem_, r_.data(), u_.data(), options_);
  }

  // Siconos' own error measure of the last answer (fc3d_compute_error, relative to ‖q‖).
  double error() {
    double norm_q = 0;
    for (double v : q_) norm_q += v * v;
    std::vector<double> u = u_;
    double out = 0;
    fc3d_compute_error(&problem_, r_.data(), u.data(), 0.0, options_, std::sqrt(norm_q), &out);
    return out;
  }

  int iterations() const { return options_->iparam[SICONOS_IPARAM_ITER_DONE]; }
  double r(int i) const { return r_[static_cast<std::size_t>(i)]; }
  double u(int i) const { return u_[static_cast<std::size_t>(i)]; }
  int size() const { return size_; }

 private:
  void release() {
    if (matrix_ != nullptr) {
      matrix_->matrix0 = nullptr;  // our storage, not Siconos'
      NM_free(matrix_);
      matrix_ = nullptr;
    }
    size_ = -1;
  }

  SolverOptions* options_;
  NumericsMatrix* matrix_ = nullptr;
  FrictionContactProblem problem_{};
  int size_ = -1;
  std::vector<double> w_, q_, mu_, r_, u_;
};

}  // namespace footfall::test
