#pragma once
// A state file (state/state_file.hpp) put into the core, shared by `forces` and `impact`: the
// model built at one of the tool's capacities, q, v and τ, the tick's terms the solves need, and
// the contact set. Inside lib/host only.
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <Eigen/Eigenvalues>

#include "footfall/contact/contact.hpp"
#include "footfall/contact/contact_dynamics.hpp"
#include "footfall/stance/holding_torques.hpp"
#include "footfall/dynamics.hpp"
#include "footfall/host/common/result.hpp"
#include "footfall/host/model/capacity.hpp"
#include "footfall/host/model/robot_description.hpp"
#include "footfall/host/stance/stance_forces.hpp"
#include "footfall/host/state/state_file.hpp"

namespace footfall::host {

// The core's side of one state, on the heap with the solve's workspace (CoreRun): at the larger
// capacities the stance workspace alone is megabytes.
template <int B, int D>
struct CoreState {
  Model<double, B, D> model;
  Workspace<double, B, D> ws;
  ContactSet<double, kMaxStateContacts> contacts;
  typename Model<double, B, D>::ConfigVector q;
  typename Model<double, B, D>::TangentVector v, tau;  // tau zero when the file has none
};

// Everything one solve needs, on the heap: the core's side of the state, the solve's workspace
// and its result.
template <int B, int D, typename SolveWorkspace, typename SolveResult>
struct CoreRun : CoreState<B, D> {
  SolveWorkspace solve;
  SolveResult result;
};

// The torques that hold the robot still on the contacts of `cd` (stance/holding_torques.hpp):
// the exact least-norm forces when the contacts resist every moment of the base, else, when
// A Aᵀ (A: the base's columns of Gᵀ) is singular to rounding — a pair of point feet has no moment
// about the line between them — damped least squares, and *damped says so. `forces` (3 per
// contact, contact frames) may be null.
template <int B, int D, int K, typename Tau, typename Forces>
Status holding_torques_on(const Model<double, B, D>& model, const Workspace<double, B, D>& ws,
                          const ContactDynamics<double, D, K>& cd, Tau& tau, Forces* forces, bool* damped) {
  Eigen::Matrix<double, 6, 6> aat = Eigen::Matrix<double, 6, 6>::Zero();
  for (int r = 0; r < cd.rows(); ++r) {
    const Eigen::Matrix<double, 6, 1> a = cd.jacobian.row(r).template head<6>().transpose();
    aat += a * a.transpose();
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 6, 6>> eigen(aat, Eigen::EigenvaluesOnly);
  // A rank the exact solve could trust: its smallest eigenvalue well above rounding's 1e-10 of the largest.
  *damped = !(eigen.eigenvalues()(0) > 1e-10 * eigen.eigenvalues()(5));
  return holding_torques(model, ws, cd, tau, forces, *damped ? 1e-9 : 0.0);
}

// Which of q, v and τ do not match the model and by how much; a q and v that would fit the same
// robot on a free flyer suggest --floating-base.
inline std::string size_mismatch(const RobotDescription& d, const StateFile& s) {
  const int nq = d.nq(), nv = d.nv();
  const int file_q = static_cast<int>(s.q.size()), file_v = static_cast<int>(s.v.size());
  std::string out = "q has " + std::to_string(file_q) + " numbers and v " + std::to_string(file_v);
  if (!s.tau.empty()) out += ", tau " + std::to_string(s.tau.size());
  out += "; the model " + d.name + " has nq " + std::to_string(nq) + " and nv " + std::to_string(nv);
  const bool fixed = d.bodies.empty() || d.bodies.front().joint.type != JointType::kFreeFlyer;
  if (fixed && file_q == nq + 7 && file_v == nv + 6)
    out += " (these fit it on a free flyer: import it with --floating-base)";
  return out;
}

// Builds `d` into core->model, copies q, v and τ, runs forward kinematics, H and its factor (and
// C with the file's gravity when `bias`), and fills the contact set. A Status the core returns
// is bad input here, said in the file's terms.
template <int B, int D>
Result<void> prepare_core_state(const RobotDescription& d, const StateFile& s, const std::string& state_name, bool bias,
                                CoreState<B, D>* core) {
  const Result<void> built = build_model(d, &core->model);
  if (!built.ok()) return Error{built.error()};
  const Model<double, B, D>& model = core->model;
  const int nq = model.nq(), nv = model.nv();
  if (static_cast<int>(s.q.size()) != nq || static_cast<int>(s.v.size()) != nv ||
      (!s.tau.empty() && static_cast<int>(s.tau.size()) != nv))
    return Error{state_name + ": " + size_mismatch(d, s)};
  core->q.resize(nq);
  core->v.resize(nv);
  core->tau.setZero(nv);
  for (int k = 0; k < nq; ++k) core->q.coeffRef(k) = s.q[static_cast<std::size_t>(k)];
  for (int k = 0; k < nv; ++k) {
    core->v.coeffRef(k) = s.v[static_cast<std::size_t>(k)];
    if (!s.tau.empty()) core->tau.coeffRef(k) = s.tau[static_cast<std::size_t>(k)];
  }

  // The tick's terms (lib/DESIGN.md §4), in the order the solves need them.
  Status status = bias ? compute_tick_terms(model, core->ws, core->q, core->v, s.gravity)
                       : compute_mass_terms(model, core->ws, core->q, core->v);
  if (!status.ok()) return Error{describe_stance_status(status, d, state_name)};

  core->contacts.clear();
  for (const StateContact& sc : s.contacts) {
    Contact<double> c = Contact<double>::Ground(sc.body_index, sc.point, sc.normal, sc.mu, sc.restitution);
    c.other_body = sc.other_body_index;
    c.other_point = sc.other_point;
    c.curvature = sc.curvature;
    c.radius = sc.radius;
    c.pad = sc.pad;
    status = core->contacts.add(c);
    if (!status.ok()) return Error{describe_stance_status(status, d, state_name)};
  }
  return {};
}

// Runs f(std::integral_constant<int, B>{}, std::integral_constant<int, D>{}) at the smallest of
// the tool's capacities that holds `model`, and returns what it returned (a Result).
template <typename F>
auto at_model_capacity(const RobotDescription& model, F&& f)
    -> decltype(f(std::integral_constant<int, kCapacities[0].bodies>{},
                  std::integral_constant<int, kCapacities[0].dofs>{})) {
  const Result<Capacity> capacity = choose_capacity("auto", model);
  if (!capacity.ok()) return Error{capacity.error()};
  auto result = dispatch_capacity(capacity.value(), f);
  if (!result) return Error{model.source + ": no compiled capacity holds the model (" + capacity_list() + ")"};
  return std::move(*result);
}

// "root.vx", ..., "FR_hip_joint", ...: a name for each velocity coordinate, for tables.
std::vector<std::string> dof_names(const RobotDescription& model);

}  // namespace footfall::host
