#include "shape_contacts.hpp"

#include <cmath>
#include <utility>

namespace footfall::host {

namespace {

// The point of `shape` lowest along −up (where it first touches a floor whose normal is `up`), in
// the body's frame, given the body's placement.
Vector3<double> lowest_point(const ShapeDescription& shape, const Transform<double>& world_to_body,
                             const Vector3<double>& up) {
  const Matrix3<double> shape_axes = shape.body_to_shape.rotation().transpose();  // shape axes in body coords
  Vector3<double> centre = shape.body_to_shape.translation();
  const Vector3<double> down = -(world_to_body.rotation() * up);  // in body coordinates
  switch (shape.kind) {
    case ShapeKind::kSphere:
      return centre + shape.radius * down;
    case ShapeKind::kBox: {
      Vector3<double> corner = centre;
      for (int k = 0; k < 3; ++k) {
        const Vector3<double> axis = shape_axes.col(k);
        corner += 0.5 * shape.size(k) * (axis.dot(down) >= 0.0 ? axis : Vector3<double>(-axis));
      }
      return corner;
    }
    case ShapeKind::kCylinder: {
      const Vector3<double> axis = shape_axes.col(2);
      const double along = axis.dot(down);
      Vector3<double> point = centre + 0.5 * shape.length * (along >= 0.0 ? axis : Vector3<double>(-axis));
      const Vector3<double> across = down - along * axis;
      if (across.norm() > 1e-3) point += shape.radius * across.normalized();  // on the rim; else the face's centre
      return point;
    }
  }
  return centre;
}

// A box's four corners on its face that looks most downward: a sole's corners.
std::vector<Vector3<double>> sole_corners(const ShapeDescription& box, const Transform<double>& world_to_body,
                                          const Vector3<double>& up) {
  const Matrix3<double> axes = box.body_to_shape.rotation().transpose();
  const Vector3<double> down = -(world_to_body.rotation() * up);
  int face = 0;
  for (int k = 1; k < 3; ++k)
    if (std::abs(axes.col(k).dot(down)) > std::abs(axes.col(face).dot(down))) face = k;
  const int a = (face + 1) % 3, b = (face + 2) % 3;
  const Vector3<double> normal = axes.col(face).dot(down) >= 0.0 ? Vector3<double>(axes.col(face)) : Vector3<double>(-axes.col(face));
  const Vector3<double> centre = box.body_to_shape.translation() + 0.5 * box.size(face) * normal;
  std::vector<Vector3<double>> corners;
  for (const double sa : {-1.0, 1.0})
    for (const double sb : {-1.0, 1.0})
      corners.push_back(centre + 0.5 * sa * box.size(a) * axes.col(a) + 0.5 * sb * box.size(b) * axes.col(b));
  return corners;
}

}  // namespace

std::vector<Vector3<double>> shape_contact_points(const ShapeDescription& shape, const Transform<double>& world_to_body,
                                                  const Vector3<double>& up) {
  if (shape.kind == ShapeKind::kBox) return sole_corners(shape, world_to_body, up);
  return {lowest_point(shape, world_to_body, up)};
}

const ShapeDescription* lowest_shape_of_link(const RobotDescription& model, const std::string& link,
                                             const std::vector<Transform<double>>& world_to_body,
                                             const Vector3<double>& up, std::vector<Vector3<double>>* points,
                                             double* radius) {
  const ShapeDescription* lowest = nullptr;
  double lowest_height = 0.0;
  for (const ShapeDescription& shape : model.shapes) {
    if (shape.link != link) continue;
    const Transform<double>& x = world_to_body[static_cast<std::size_t>(shape.body)];
    std::vector<Vector3<double>> touching = shape_contact_points(shape, x, up);
    const double height = up.dot(to_world(x, touching.front()));
    if (lowest == nullptr || height < lowest_height) {
      lowest = &shape;
      lowest_height = height;
      *points = std::move(touching);
    }
  }
  *radius = 0.0;
  if (lowest != nullptr && lowest->kind == ShapeKind::kSphere) {  // a sphere foot
    *radius = lowest->radius;
    *points = {lowest->body_to_shape.translation()};
  }
  return lowest;
}

}  // namespace footfall::host
