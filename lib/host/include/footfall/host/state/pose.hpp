#pragma once
// `footfall pose`: what a user needs to write a state by hand, and a standing state written for
// them. For a model and a posture (joint positions set by name, the rest neutral) it gives
// - the layout of q and v, each coordinate with its joint's name;
// - the neutral configuration: the base at the origin, upright, every joint at 0 or, where 0 is
//   outside its limits, at the nearer limit;
// - every body's, merged frame's and collision shape's world position at that posture;
// - with feet named: the contact points where they touch (a sphere's lowest point; a box's four
//   lowest corners, its sole; a frame's or body's origin otherwise), the base height that puts
//   the lowest of them on z = 0, the torques that hold the robot still there
//   (stance/holding_torques.hpp) with the least-norm contact forces they imply, and the state file
//   for `forces`, `impact` and `simulate`'s starting state.
#include <string>
#include <utility>
#include <vector>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// What `footfall pose` is asked: the posture (--set), the feet to stand on (--feet), their
/// friction (--mu) and gravity.
struct PoseRequest {
  /// (pattern, value): every joint whose name matches the shell-style pattern ("*_thigh_joint")
  /// is set to value (rad or m). Each pattern must match at least one joint.
  std::vector<std::pair<std::string, double>> joints;
  /// Shell-style patterns naming the feet: collision shapes by their link's name, merged frames
  /// or bodies. Each must match something. Empty: no standing state.
  std::vector<std::string> feet;
  double mu = 0.8;                                         ///< each contact's friction coefficient
  /// World frame, m/s²: up is −gravity, the feet's contact normal; the standing state's "gravity"
  Vector3<double> gravity = Vector3<double>(0.0, 0.0, -9.81);
};

/// A body's origin, a merged frame's or a collision shape's origin, placed in the world at the
/// posture (one of the JSON's "positions").
struct PlacedPoint {
  std::string name;   ///< the body, frame or shape's link
  std::string kind;   ///< "body", "frame", "sphere", "box", "cylinder"
  std::string body;   ///< the body that carries it
  Vector3<double> world = Vector3<double>::Zero();  ///< its world position at PoseReport::q, m
};

/// One contact point of a foot --feet named (a box sole gives four), as the standing state's
/// "contacts" hold it, with the force that holds the robot still on it.
struct FootContact {
  std::string foot;  ///< what --feet named
  std::string body;  ///< the body the point is on
  Vector3<double> point = Vector3<double>::Zero();  ///< in the body's frame; a sphere foot's centre
  Vector3<double> world = Vector3<double>::Zero();  ///< where it touches, in the world
  Vector3<double> holding_force = Vector3<double>::Zero();  ///< world frame, N
  double radius = 0.0;  ///< a sphere foot's (0 for a point)
};

/// What `footfall pose` found: the layout of q and v, the neutral configuration and the posture,
/// where every body, frame and shape is in it, and, with feet, the standing state.
struct PoseReport {
  /// The model's name (RobotDescription::name; the JSON's "model")
  std::string model, source;  ///< where the model came from (RobotDescription::source)
  /// A name for each configuration coordinate (configuration_names(); the JSON's "q_names")
  std::vector<std::string> q_names, v_names;  ///< a name for each velocity coordinate: "root.vx", …
  /// The neutral configuration: the base at the origin, upright, each joint at 0 or its nearer limit
  std::vector<double> neutral, q;  ///< the posture: neutral with --set applied, the base raised when standing
  std::vector<PlacedPoint> points;  ///< every body, merged frame and collision shape, at q
  /// With feet: the robot was stood on them. Only then are base_height, total_mass, contacts,
  /// tau and damped set.
  bool standing = false;
  double base_height = 0.0;  ///< the base's z that puts the lowest contact point on z = 0
  double total_mass = 0.0;   ///< the model's, kg
  Vector3<double> gravity = Vector3<double>::Zero();  ///< PoseRequest::gravity, world frame, m/s²
  double mu = 0.0;  ///< PoseRequest::mu, each contact's friction coefficient
  std::vector<FootContact> contacts;  ///< the feet's contact points, in the order --feet named them
  std::vector<double> tau;  ///< the holding torques
  bool damped = false;      ///< the contacts could not resist every moment: damped least squares
  /// Feet not level, a foot that would pull or needs more friction than mu, forces chosen by damped
  /// least squares: one sentence each, on stderr and in the JSON's "warnings".
  std::vector<std::string> warnings;
};

/// `footfall pose` on `model`. Fails, naming the option, on a --set or --feet pattern that matches
/// nothing, a joint value outside its limits, an mu that is not a finite number ≥ 0, feet on a
/// model whose base is fixed to the world, or more than kMaxStateContacts contact points.
Result<PoseReport> compute_pose(const RobotDescription& model, const PoseRequest& request);

/// The report as `footfall pose` prints it: q's coordinates, v's, the world positions and, when
/// standing, the contacts, their holding forces and the holding torques.
std::string pose_table(const PoseReport& report);
/// `footfall pose --json`: the report's fields, the standing ones only when report.standing.
std::string pose_json(const PoseReport& report);
/// The standing state as a state file (only when report.standing).
std::string standing_state_json(const PoseReport& report);

/// Each body's placement in the world at q (X from the world to the body: E, r): the core's
/// forward kinematics at the model's capacity. Fails on a q of the wrong size or one the core refuses.
Result<std::vector<Transform<double>>> world_to_bodies(const RobotDescription& model, const std::vector<double>& q);

/// "root.x", ..., "root.qw", "FR_hip_joint", ...: a name for each configuration coordinate.
std::vector<std::string> configuration_names(const RobotDescription& model);

}  // namespace footfall::host
