#pragma once
// Siconos numerics (Debian's libsiconos-numerics-dev) as a peer for footfall's LCP solvers, for
// the host peer test and the benchmarks: one solver (lexicographic Lemke or PGS) with its
// options made once, run on a problem copied into Siconos' column-major dense storage.
//
// Siconos' conventions, as read from its lcp_lexicolemke.c and seen in Debian's 4.4: the
// iteration count (iparam[SICONOS_IPARAM_ITER_DONE]) leaves out the first pivot, which brings
// z0 in, so footfall's pivots = Siconos' + 1 when q has a negative entry. In 4.4 the solver's own
// info is 0 on a secondary ray as well as on a solution (a ray sets its "found" flag; later
// Siconos releases return 1 there): LCP problems 9, 11a and 11e (tests/README.md) all come back with info 0
// and z = 0. Its driver (linearComplementarity_driver, with the default filterOn) then tests the
// answer with lcp_compute_error; verified() does the same here, and that is Siconos' verdict.
#include <numerics/LCP_Solvers.h>
#include <numerics/LinearComplementarityProblem.h>
#include <numerics/NumericsMatrix.h>
#include <numerics/SolverOptions.h>
#include <numerics/lcp_cst.h>

#include <Eigen/Core>
#include <vector>

namespace footfall::test {

class SiconosLcp {
 public:
  // solver_id: SICONOS_LCP_LEMKE, SICONOS_LCP_PGS or SICONOS_LCP_ENUM.
  explicit SiconosLcp(int solver_id) : solver_id_(solver_id), options_(solver_options_create(solver_id)) {}
  ~SiconosLcp() {
    if (enum_ready_) lcp_enum_reset(&problem_, options_, 1);
    if (matrix_ != nullptr) {
      matrix_->matrix0 = nullptr;  // NM_create_from_data does not copy: the data is ours
      NM_free(matrix_);
    }
    solver_options_delete(options_);
  }
  SiconosLcp(const SiconosLcp&) = delete;
  SiconosLcp& operator=(const SiconosLcp&) = delete;

  SolverOptions& options() { return *options_; }

  // Copies M (n×n) and q into Siconos' storage.
  template <typename MatrixM, typename VectorQ>
  void set_problem(const MatrixM& m, const VectorQ& q) {
    const int n = static_cast<int>(q.size());
    if (n != size_) {
      if (enum_ready_) lcp_enum_reset(&problem_, options_, 1);
      enum_ready_ = false;
      if (matrix_ != nullptr) {
        matrix_->matrix0 = nullptr;
        NM_free(matrix_);
      }
      size_ = n;
      m_.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0);
      q_.assign(static_cast<std::size_t>(n), 0.0);
      z_.assign(static_cast<std::size_t>(n), 0.0);
      w_.assign(static_cast<std::size_t>(n), 0.0);
      matrix_ = NM_create_from_data(NM_DENSE, n, n, m_.data());
      problem_.size = n;
      problem_.M = matrix_;
      problem_.q = q_.data();
    }
    for (int j = 0; j < n; ++j) {
      q_[static_cast<std::size_t>(j)] = static_cast<double>(q(j));
      for (int i = 0; i < n; ++i)
        m_[static_cast<std::size_t>(j * n + i)] = static_cast<double>(m(i, j));  // column-major
    }
    if (solver_id_ == SICONOS_LCP_ENUM && !enum_ready_) {  // its work memory, once per size
      lcp_enum_init(&problem_, options_, 1);
      enum_ready_ = true;
    }
  }

  // Runs the solver from z = 0; returns Siconos' info (0: solved).
  int solve() {
    for (double& v : z_) v = 0.0;
    for (double& v : w_) v = 0.0;
    int info = -1;
    if (solver_id_ == SICONOS_LCP_LEMKE)
      lcp_lexicolemke(&problem_, z_.data(), w_.data(), &info, options_);
    else if (solver_id_ == SICONOS_LCP_ENUM)
      lcp_enum(&problem_, z_.data(), w_.data(), &info, options_);
    else
      lcp_pgs(&problem_, z_.data(), w_.data(), &info, options_);
    return info;
  }

  // Siconos' own test of the answer left by solve() (as its driver's filter does): true when
  // lcp_compute_error finds the error within `tolerance`.
  bool verified(double tolerance) {
    std::vector<double> z = z_, w = w_;  // lcp_compute_error rewrites w
    double error = 0;
    return lcp_compute_error(&problem_, z.data(), w.data(), tolerance, &error) == 0;
  }

  int iterations() const { return options_->iparam[SICONOS_IPARAM_ITER_DONE]; }
  double z(int i) const { return z_[static_cast<std::size_t>(i)]; }
  double w(int i) const { return w_[static_cast<std::size_t>(i)]; }

 private:
  int solver_id_;
  SolverOptions* options_;
  NumericsMatrix* matrix_ = nullptr;
  LinearComplementarityProblem problem_{};
  int size_ = -1;
  bool enum_ready_ = false;
  std::vector<double> m_, q_, z_, w_;
};

}  // namespace footfall::test
