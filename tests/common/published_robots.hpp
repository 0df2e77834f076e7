#pragma once
// The published robot descriptions of ../shared/robots/ (beside the project's root, as CI has it;
// SOURCES.md there says where each file comes from): how each is imported, shared by the host
// tests (tests/host/test_published_robots.cpp) and the MuJoCo peer (tests/peer). The folder's
// path is the compile definition FOOTFALL_SHARED_ROBOTS_DIR; a checkout without the folder skips
// these tests and says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "footfall/host/model/capacity.hpp"
#include "footfall/host/urdf/urdf_import.hpp"

namespace footfall::test {

struct PublishedRobot {
  const char* file;
  host::UrdfImportOptions options;
};

inline host::UrdfImportOptions published_options(bool floating_base, bool repair_inertia = false,
                                                 host::MimicJoints mimic = host::MimicJoints::kRefuse) {
  host::UrdfImportOptions options;
  options.floating_base = floating_base;
  options.repair_inertia = repair_inertia;
  options.mimic = mimic;
  return options;
}

// Legged robots with a free flyer; Mini Cheetah's thighs are genuinely non-physical (repaired);
// Panda's second finger mimics the first (locked at its offset).
inline const std::vector<PublishedRobot>& published_robots() {
  static const std::vector<PublishedRobot> robots = {
      {"anymal_b.urdf", published_options(true)},
      {"anymal_c.urdf", published_options(true)},
      {"bolt.urdf", published_options(true)},
      {"go1.urdf", published_options(true)},
      {"h1.urdf", published_options(true)},
      {"hyq.urdf", published_options(true)},
      {"mini_cheetah.urdf", published_options(true, true)},
      {"solo12.urdf", published_options(true)},
      {"talos_reduced.urdf", published_options(true)},
      {"panda.urdf", published_options(false, false, host::MimicJoints::kLock)},
      {"ur5.urdf", published_options(false)},
      {"iiwa14.urdf", published_options(false)},
  };
  return robots;
}

inline std::string published_robots_dir() { return FOOTFALL_SHARED_ROBOTS_DIR; }

// Skips the calling test when the folder is absent (a checkout without ../shared/robots).
#define FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS()                                                           \
  do {                                                                                                     \
    if (!std::filesystem::is_directory(::footfall::test::published_robots_dir()))                          \
      GTEST_SKIP() << ::footfall::test::published_robots_dir()                                             \
                   << " (…/shared/robots) is absent: the published robots are not tested";                 \
  } while (false)

// The .urdf files in the folder, sorted.
inline std::vector<std::string> published_robot_files() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(published_robots_dir()))
    if (entry.path().extension() == ".urdf") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Imports `robot` and, at the smallest capacity the tool has that holds it, builds the core's
// model and calls f(model, description) with it (a Model<double, B, D>&).
template <typename F>
void with_published_model(const PublishedRobot& robot, F&& f) {
  SCOPED_TRACE(robot.file);
  const host::Result<host::RobotDescription> d =
      host::import_urdf_file(published_robots_dir() + "/" + robot.file, robot.options);
  ASSERT_TRUE(d.ok()) << d.error();
  const host::Result<host::Capacity> capacity = host::choose_capacity("auto", d.value());
  ASSERT_TRUE(capacity.ok()) << capacity.error();
  host::dispatch_capacity(capacity.value(), [&](auto bodies, auto dofs) {
    auto model = std::make_unique<Model<double, decltype(bodies)::value, decltype(dofs)::value>>();
    const host::Result<void> built = host::build_model(d.value(), model.get());
    EXPECT_TRUE(built.ok()) << built.error();
    if (built.ok()) f(*model, d.value());
    return 0;
  });
}

}  // namespace footfall::test
