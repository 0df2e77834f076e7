#pragma once
// Tree dynamics on a Model with a Workspace: kinematics, RNEA, CRBA, the sparse factor of H and
// its solves, ABA, Jacobians, point velocities and a swing foot's touchdown rates,
// velocity-product accelerations, energies and integration, and the tick's terms (kinematics,
// H, its factor and C) in one call.
#include "footfall/dynamics/aba.hpp"
#include "footfall/dynamics/crba.hpp"
#include "footfall/dynamics/energy.hpp"
#include "footfall/dynamics/integrate.hpp"
#include "footfall/dynamics/jacobians.hpp"
#include "footfall/dynamics/kinematics.hpp"
#include "footfall/dynamics/mass_matrix_factor.hpp"
#include "footfall/dynamics/rnea.hpp"
#include "footfall/dynamics/tick_terms.hpp"
#include "footfall/dynamics/touchdown.hpp"
#include "footfall/dynamics/tree_kernels.hpp"
#include "footfall/dynamics/validate.hpp"
#include "footfall/model/model.hpp"
#include "footfall/model/model_builder.hpp"
#include "footfall/model/workspace.hpp"
