#pragma once
// Solvers for the linear complementarity problem of RBDA (11.42): find z ≥ 0 with w = Mz + q ≥ 0
// and zᵀw = 0. Lemke's method (any M it can take, lexicographic, pivot-limited), enumeration of
// active sets (exact, n ≤ 12), projected Gauss–Seidel (symmetric PSD M, sweep-limited, warm
// start); every answer checked before it is called ok.
#include "footfall/lcp/enumerate.hpp"
#include "footfall/lcp/lemke.hpp"
#include "footfall/lcp/pgs.hpp"
#include "footfall/lcp/problem.hpp"
#include "footfall/lcp/result.hpp"
#include "footfall/lcp/result_check.hpp"
