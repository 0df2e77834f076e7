// Canary: core-style code that calls operator new. Its image must fail the no-heap check.
#include "footfall/spatial.hpp"

namespace {
// noinline and a volatile sink so the optimiser cannot prove the allocation unused.
__attribute__((noinline)) footfall::Motion<float>* make_motion() { return new footfall::Motion<float>(); }
}  // namespace

int main() {
  footfall::Motion<float>* volatile m = make_motion();
  return m == nullptr ? 1 : 0;
}
