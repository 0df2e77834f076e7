#pragma once
// The strike: foot-strike impulses, velocity jumps, joint impact loads and predicted peaks
// (lib/DESIGN.md §4; RBDA §11.7, Zhang95, Liu04 §2).
#include "footfall/strike/impact_invariant.hpp"
#include "footfall/strike/joint_impulses.hpp"
#include "footfall/strike/options.hpp"
#include "footfall/strike/peak_loads.hpp"
#include "footfall/strike/safe_touchdown.hpp"
#include "footfall/strike/solve_strike.hpp"
#include "footfall/strike/sticking_solver.hpp"
#include "footfall/strike/strike_workspace.hpp"
#include "footfall/strike/two_systems.hpp"
