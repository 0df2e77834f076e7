// Everything the importer cannot represent is refused with one line that names the file and the
// element, and nothing is written to stderr on the way (urdfdom's log is captured).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "footfall/host/urdf/urdf_import.hpp"
#include "host_test_support.hpp"

namespace {

using footfall::host::RobotDescription;
using footfall::host::Result;

const char* const kBody =
    R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>)";

std::string urdf_link(const std::string& name, const std::string& inertial = kBody) {
  return "<link name=\"" + name + "\">" + inertial + "</link>";
}

std::string urdf_joint(const std::string& name, const std::string& parent, const std::string& child,
                  const std::string& type = "revolute", const std::string& extra = "") {
  return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" + parent + "\"/><child link=\"" +
         child + "\"/><axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>" + extra +
         "</joint>";
}

std::string robot(const std::string& body) {
  return "<robot name=\"r\" xmlns:footfall=\"https://github.com/footfall/footfall/urdf\">" + body + "</robot>";
}

// Imports `urdf` as "bad.urdf" and returns the error, checking that it is one line naming the
// file and that nothing reached stderr.
std::string import_error(const std::string& urdf, bool floating_base = false) {
  footfall::host::UrdfImportOptions options;
  options.floating_base = floating_base;
  ::testing::internal::CaptureStderr();
  const Result<RobotDescription> d = footfall::host::import_urdf_string(urdf, "bad.urdf", options);
  const std::string stderr_text = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(stderr_text, "");
  if (d.ok()) {
    ADD_FAILURE() << "imported without an error";
    return "";
  }
  const std::string& e = d.error();
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  EXPECT_EQ(e.rfind("bad.urdf:", 0), 0u) << e;
  return e;
}

// The error mentions `part`.
#define EXPECT_HAS(error, part)                                     \
  do {                                                              \
    const std::string error_text = (error);                         \
    EXPECT_NE(error_text.find(part), std::string::npos) << error_text; \
  } while (false)

}  // namespace

TEST(UrdfErrors, MalformedXmlAndNotAUrdf) {
  EXPECT_HAS(import_error("<robot name=\"r\"><link name=\"a\"></robot>"), "malformed XML");
  EXPECT_HAS(import_error("<model name=\"r\"/>"), "no <robot> element");
  // What urdfdom itself rejects comes through as one line too: a joint to a missing link.
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_joint("j", "a", "ghost"))), "ghost");
}

// TinyXML parses recursively: a document nested tens of thousands deep would overflow the stack,
// so it is refused before it is parsed. Comments, CDATA and quoted '>' do not count as elements.
TEST(UrdfErrors, DeeplyNestedDocumentIsRefusedNotParsed) {
  std::string deep;
  for (int i = 0; i < 40000; ++i) deep += "<x>";
  for (int i = 0; i < 40000; ++i) deep += "</x>";
  EXPECT_HAS(import_error(robot(urdf_link("a") + deep)), "nested more than 256 deep");
  std::string nested;
  for (int i = 0; i < 250; ++i) nested += "<x a=\"/>\"><!-- <y> --><![CDATA[<z>]]>";
  for (int i = 0; i < 250; ++i) nested += "<w/></x>";
  const std::string error = import_error(robot(urdf_link("a") + nested));
  EXPECT_EQ(error.find("nested"), std::string::npos) << error;
}

TEST(UrdfErrors, MimicJoint) {
  const std::string e = import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_joint("j1", "a", "b") +
                                           urdf_joint("j2", "b", "c", "revolute", "<mimic joint=\"j1\"/>")));
  EXPECT_HAS(e, "joint 'j2'");
  EXPECT_HAS(e, "mimic");
}

TEST(UrdfErrors, ClosedLoopsAndSeveralRoots) {
  // d is the child of both b and c.
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_link("d") + urdf_joint("ab", "a", "b") +
                                 urdf_joint("ac", "a", "c") + urdf_joint("bd", "b", "d") + urdf_joint("cd", "c", "d"))),
              "closed loop");
  // b and c only lead to each other.
  EXPECT_HAS(import_error(robot(urdf_link("b") + urdf_link("c") + urdf_joint("bc", "b", "c") + urdf_joint("cb", "c", "b"))),
              "closed loop");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("x") + urdf_link("y") + urdf_joint("ab", "a", "b") +
                                 urdf_joint("xy", "x", "y"))),
              "both roots");
  // A loop beside a good tree: c is its own parent, or c and d only lead to each other. (Before
  // the importer refused these itself, urdfdom built them into a cycle that LeakSanitizer, at
  // this test program's exit, reported as a leak.)
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_joint("ab", "a", "b") +
                                 urdf_joint("cc", "c", "c"))),
             "link 'c' is on a closed loop of joints that does not reach the root 'a'");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_link("d") +
                                 urdf_joint("ab", "a", "b") + urdf_joint("cd", "c", "d") + urdf_joint("dc", "d", "c"))),
             "is on a closed loop of joints that does not reach the root 'a'");
  // A branch hanging off such a loop (m's parent is x, and x and y lead to each other): the
  // message names a link on the loop, not the branch the walk started from.
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_link("m") + urdf_link("x") + urdf_link("y") +
                                 urdf_joint("ab", "a", "b") + urdf_joint("xm", "x", "m") + urdf_joint("xy", "x", "y") +
                                 urdf_joint("yx", "y", "x"))),
             "link 'y' is on a closed loop of joints that does not reach the root 'a'");
  // A joint without its <parent> still makes its child a child (no second root): urdfdom's own
  // message says what is missing.
  const std::string no_parent = import_error(robot(urdf_link("a") + urdf_link("b") +
                                                   "<joint name=\"j\" type=\"fixed\"><child link=\"b\"/></joint>"));
  EXPECT_EQ(no_parent.find("both roots"), std::string::npos) << no_parent;
}

TEST(UrdfErrors, MissingOrNonPhysicalInertials) {
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b", "") + urdf_joint("j", "a", "b"))), "link 'b'");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b", "") + urdf_joint("j", "a", "b"))), "positive mass");
  EXPECT_HAS(import_error(robot(urdf_link("a") +
                                 urdf_link("b", R"(<inertial><mass value="-1"/><inertia ixx="0.1" ixy="0" ixz="0" )"
                                           R"(iyy="0.1" iyz="0" izz="0.1"/></inertial>)") +
                                 urdf_joint("j", "a", "b"))),
              "negative");
  EXPECT_HAS(import_error(robot(urdf_link("a") +
                                 urdf_link("b", R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0.2" ixz="0" )"
                                           R"(iyy="0.1" iyz="0" izz="0.1"/></inertial>)") +
                                 urdf_joint("j", "a", "b"))),
              "not positive definite");
  EXPECT_HAS(import_error(robot(urdf_link("a") +
                                 urdf_link("b", R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" )"
                                           R"(iyy="0.1" iyz="0" izz="0.3"/></inertial>)") +
                                 urdf_joint("j", "a", "b"))),
              "triangle inequality");
  // A floating base needs mass in the root body too.
  EXPECT_HAS(import_error(robot(urdf_link("a", "") + urdf_link("b") + urdf_joint("j", "a", "b")), true), "link 'a'");
}

TEST(UrdfErrors, PlanarAndFloatingJointsInsideTheTree) {
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_joint("p", "a", "b", "planar"))), "joint 'p': planar");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_joint("f", "a", "b", "floating"))),
              "joint 'f': floating");
}

TEST(UrdfErrors, BadDriveAndNames) {
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") +
                                 urdf_joint("j", "a", "b", "revolute", "<footfall:drive gear_ratio=\"0\"/>"))),
              "gear_ratio");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") +
                                 urdf_joint("j", "a", "b", "revolute", "<footfall:drive armature=\"x\"/>"))),
              "armature");
  const std::string long_name(40, 'n');
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link(long_name) + urdf_joint("j", "a", long_name))),
              "longer than 31 characters");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_joint("j", "a", "b", "fixed"))),
              "no degree of freedom");
}

// A name holding a newline (written literally or as &#10;, which XML keeps in attribute values)
// or another control byte is refused, and the message shows it escaped on its one line.
TEST(UrdfErrors, NamesWithControlCharacters) {
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b&#10;c") + urdf_joint("j", "a", "b&#10;c"))),
             "link 'b\\nc': name has a control character");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_joint("j\tk", "a", "b"))),
             "joint 'j\\tk': name has a control character");
  EXPECT_HAS(import_error(robot(urdf_link("a") + urdf_link("b") + urdf_joint("j&#1;", "a", "b"))),
             "joint 'j\\x01': name has a control character");
  const std::string named =
      "<robot name=\"r&#10;\">" + urdf_link("a") + urdf_link("b") + urdf_joint("j", "a", "b") + "</robot>";
  EXPECT_HAS(import_error(named), "robot 'r\\n': name has a control character");
}

TEST(UrdfErrors, MissingFile) {
  const Result<RobotDescription> d = footfall::host::import_urdf_file("/nonexistent/robot.urdf");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error(), "/nonexistent/robot.urdf: cannot open file");
}

TEST(UrdfErrors, MoreBodiesOrDofsThanTheCapacity) {
  const Result<RobotDescription> d =
      footfall::host::import_urdf_string(robot(urdf_link("a") + urdf_link("b") + urdf_link("c") + urdf_link("d") + urdf_joint("ab", "a", "b") +
                                               urdf_joint("bc", "b", "c") + urdf_joint("cd", "c", "d")),
                                         "three.urdf");
  ASSERT_TRUE(d.ok()) << d.error();
  auto small = std::make_unique<footfall::Model<double, 2, 3>>();
  const Result<void> built = footfall::host::build_model(d.value(), small.get());
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error(), "three.urdf: 3 bodies and 3 DOFs do not fit the capacity of 2 bodies and 3 DOFs");
  auto fits = std::make_unique<footfall::Model<double, 3, 3>>();
  EXPECT_TRUE(footfall::host::build_model(d.value(), fits.get()).ok());
}
