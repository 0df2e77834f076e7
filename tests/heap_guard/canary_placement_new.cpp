// Counter-canary: placement new into storage the program owns, compiled at -O0, where GCC keeps
// operator new(size_t, void*) as an out-of-line function (_ZnwjPv). It allocates nothing, so its
// image must pass the no-heap check (heap_guard.accepts_placement_new).
#include <new>

#include "footfall/spatial.hpp"

namespace {
alignas(footfall::Motion<float>) unsigned char storage[sizeof(footfall::Motion<float>)];
}  // namespace

int main() {
  footfall::Motion<float>* volatile m = new (storage) footfall::Motion<float>();
  return m == nullptr ? 1 : 0;
}
