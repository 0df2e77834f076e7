// Canary: a call to malloc. Its image must fail the no-heap check.
#include <cstdlib>

int main() {
  void* volatile p = std::malloc(64);
  return p == nullptr ? 1 : 0;
}
