#pragma once
// The reference models of lib/DESIGN.md §6.
#include "footfall/models/biped.hpp"
#include "footfall/models/chain.hpp"
#include "footfall/models/quadruped.hpp"
#include "footfall/models/rod2d.hpp"
