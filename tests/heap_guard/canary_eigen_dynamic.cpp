// Canary: an Eigen matrix of dynamic size, the easiest way to allocate by accident in the core.
// Its image must fail the no-heap check.
#include <Eigen/Core>

int main() {
  volatile int n = 6;
  Eigen::MatrixXf m = Eigen::MatrixXf::Identity(n, n);
  return m.trace() > 0.0f ? 0 : 1;
}
