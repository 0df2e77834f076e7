#pragma once
// The spatial algebra of Featherstone's Rigid Body Dynamics Algorithms, chapter 2.
#include "footfall/spatial/cross.hpp"
#include "footfall/spatial/inertia.hpp"
#include "footfall/spatial/rotation.hpp"
#include "footfall/spatial/transform.hpp"
#include "footfall/spatial/types.hpp"
#include "footfall/spatial/vectors.hpp"
