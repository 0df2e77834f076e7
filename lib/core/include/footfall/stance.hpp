#pragma once
// Stance: the contact forces of the feet (or any points) in contact and the joint accelerations
// they give (RBDA §11.3–11.6), with friction none, a 4- or 8-facet pyramid, or the exact cone.
#include "footfall/contact/contact.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/contact/minimal_set.hpp"
#include "footfall/contact/tangent_basis.hpp"
#include "footfall/stance/active_set.hpp"
#include "footfall/stance/assemble.hpp"
#include "footfall/stance/cone_solver.hpp"
#include "footfall/stance/contact_patch.hpp"
#include "footfall/stance/dependent_contacts.hpp"
#include "footfall/stance/holding_torques.hpp"
#include "footfall/stance/options.hpp"
#include "footfall/stance/solve_stance.hpp"
#include "footfall/stance/stance_workspace.hpp"
