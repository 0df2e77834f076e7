#pragma once
// Where a collision shape touches a plane, for contacts named by shape (`pose --feet`, a state
// file's "shape"): a sphere at its lowest point along the plane's normal, a cylinder at its rim's
// lowest point (or its face's centre when it stands on a face), a box at the four corners of its
// face that looks most downward — a sole. Inside lib/host only.
#include <string>
#include <vector>

#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

// The contact points of `shape` in its body's frame, given the body's placement (X from the world
// to the body) and the plane's unit normal `up` in world coordinates.
std::vector<Vector3<double>> shape_contact_points(const ShapeDescription& shape, const Transform<double>& world_to_body,
                                                  const Vector3<double>& up);

// Of the shapes that link `link` declares, the one that reaches lowest along −up at these body
// placements (it touches first), with its contacts' points in its body's frame: a sphere is one
// sphere foot, its centre, with its radius in *radius (0 for the other shapes, whose points are
// where they touch); nullptr when the link declares none.
const ShapeDescription* lowest_shape_of_link(const RobotDescription& model, const std::string& link,
                                             const std::vector<Transform<double>>& world_to_body,
                                             const Vector3<double>& up, std::vector<Vector3<double>>* points,
                                             double* radius);

// A body point in world coordinates.
inline Vector3<double> to_world(const Transform<double>& world_to_body, const Vector3<double>& point) {
  return world_to_body.translation() + world_to_body.rotation().transpose() * point;
}

}  // namespace footfall::host
