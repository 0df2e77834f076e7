// Everything the importer cannot represent is refused with one line that names the file and the
// element, and nothing is written to stderr on the way (urdfdom's log is captured).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "footfall/host/urdf/urdf_import.hpp"
#include "host_test_support.hpp"
#include "urdf_text.hpp"

namespace {

using footfall::host::RobotDescription;
using footfall::host::Result;

using footfall::test::urdf_joint;
using footfall::test::urdf_link;

std::string robot(const std::string& body) { return footfall::test::urdf_robot(body); }

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
  EXPECT_HAS(e, "joint 'j2': mimics joint 'j1'");
  // Both choices spelled out, as the command line writes them.
  EXPECT_HAS(e, "--mimic lock");
  EXPECT_HAS(e, "--mimic free");
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
  // A refused <inertial> is one problem: its body is not judged again for the mass it lacks.
  const std::string negative = import_error(robot(
      urdf_link("a") +
      urdf_link("b", R"(<inertial><mass value="-1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial>)") +
      urdf_joint("j", "a", "b")));
  EXPECT_EQ(negative, "bad.urdf: link 'b': <inertial> mass -1 is negative");
  EXPECT_HAS(import_error(robot(urdf_link("a") +
                                 urdf_link("b", R"(<inertial><mass value="1"/><inertia ixx="0.1" ixy="0.2" ixz="0" )"
                                           R"(iyy="0.1" iyz="0" izz="0.1"/></inertial>)") +
                                 urdf_joint("j", "a", "b"))),
              "body 'b': inertia is not positive definite: principal moments (-0.1, 0.1, 0.3) kg m²");
  // The body, what is wrong, by how much, and the option that repairs it.
  const std::string triangle = import_error(robot(
      urdf_link("a") + urdf_link("b", footfall::test::urdf_inertial("0.1", "0", "0", "0.1", "0", "0.3")) +
      urdf_joint("j", "a", "b")));
  EXPECT_HAS(triangle, "body 'b': inertia violates the triangle inequality: principal moments (0.1, 0.1, 0.3) kg m², "
                       "the largest 50 % over the sum of the other two");
  EXPECT_HAS(triangle, "(--repair-inertia moves it to the nearest physical inertia)");
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

// A body that is still non-physical after merging is refused, and the message says what was merged.
TEST(UrdfErrors, NonPhysicalMergedBodyNamesItsLinks) {
  const std::string e = import_error(robot(
      urdf_link("a") + urdf_link("b", footfall::test::urdf_inertial("0.01", "0", "0", "0.01", "0", "0.1")) +
      urdf_link("c", "") + urdf_joint("j", "a", "b") + urdf_joint("f", "b", "c", "fixed")));
  EXPECT_HAS(e, "body 'b' (link 'b' and 1 merged): inertia violates the triangle inequality");
  EXPECT_HAS(e, "the largest 400 % over");
}

// Every problem of the file in one message: a user mends them in one round.
TEST(UrdfErrors, SeveralProblemsComeInOneMessage) {
  const std::string e = import_error(robot(
      urdf_link("a") + urdf_link("b", footfall::test::urdf_inertial("0.1", "0", "0", "0.1", "0", "0.3")) +
      urdf_link("c") + urdf_link("d") + urdf_link("e") + urdf_joint("j", "a", "b") +
      urdf_joint("p", "b", "c", "planar") +
      urdf_joint("m", "a", "d", "revolute", "<mimic joint=\"j\"/>") +
      urdf_joint("k", "a", "e", "revolute", "<footfall:drive gear_ratio=\"-1\"/>")));
  // The drive (read before urdfdom runs), the joints, then the bodies judged after merging.
  EXPECT_HAS(e, "bad.urdf: 4 problems: joint 'k': <footfall:drive> gear_ratio '-1' is not a finite number > 0; ");
  EXPECT_HAS(e, "; joint 'm': mimics joint 'j'");
  EXPECT_HAS(e, "; joint 'p': planar");
  EXPECT_HAS(e, "; body 'b': inertia violates the triangle inequality");
  // Two bodies wrong at once.
  const std::string bodies = import_error(robot(
      urdf_link("a") + urdf_link("b", footfall::test::urdf_inertial("0.1", "0", "0", "0.1", "0", "0.3")) +
      urdf_link("c", footfall::test::urdf_inertial("0.1", "0.2", "0", "0.1", "0", "0.1")) +
      urdf_joint("j", "a", "b") + urdf_joint("k", "b", "c")));
  EXPECT_HAS(bodies, "bad.urdf: 2 problems: body 'b': inertia violates the triangle inequality");
  EXPECT_HAS(bodies, "; body 'c': inertia is not positive definite");
}

// A floating joint is only the root's: from an empty root link to the base. Anywhere else (or
// from a root that has mass) it is refused.
TEST(UrdfErrors, FloatingJointOtherThanTheEmptyRootsIsRefused) {
  EXPECT_HAS(import_error(robot(urdf_link("world", "") + urdf_link("base") + urdf_link("leg") +
                                urdf_joint("root", "world", "base", "floating") +
                                urdf_joint("f", "base", "leg", "floating"))),
             "joint 'f': floating joints inside the tree are not supported");
  EXPECT_HAS(import_error(robot(urdf_link("heavy") + urdf_link("base") + urdf_link("leg") +
                                urdf_joint("f", "heavy", "base", "floating") + urdf_joint("j", "base", "leg"))),
             "joint 'f': floating joints inside the tree are not supported");
}

// A xacro file is named as such, with the command that expands it: a <xacro:...> element or an
// attribute holding ${...} or $(...). Declaring the namespace and mentioning xacro in comments
// is no sign (tests/host/data/hopper.urdf imports).
TEST(UrdfErrors, XacroFilesAreNamedAsSuch) {
  const std::string xmlns = "<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">";
  const std::string element = import_error(xmlns + "<xacro:property name=\"x\" value=\"1\"/>" + urdf_link("a") +
                                           urdf_link("b") + urdf_joint("j", "a", "b") + "</robot>");
  EXPECT_HAS(element, "bad.urdf: a xacro file, not a URDF (it uses <xacro:property>)");
  EXPECT_HAS(element, "`xacro bad.urdf > robot.urdf`");
  const std::string attribute = import_error(
      xmlns + urdf_link("a", R"(<inertial><origin xyz="${trunk_com_x} 0 0"/><mass value="1"/>)"
                             R"(<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)") +
      urdf_link("b") + urdf_joint("j", "a", "b") + "</robot>");
  EXPECT_HAS(attribute, "xacro file");
  EXPECT_HAS(attribute, "(it uses '${trunk_com_x} 0 0')");
  EXPECT_HAS(import_error("<robot name=\"r\">" + urdf_link("a") + urdf_link("b") +
                          urdf_joint("j", "a", "b", "revolute", R"(<origin xyz="$(arg x) 0 0"/>)") + "</robot>"),
             "xacro file");
  const Result<RobotDescription> expanded = footfall::host::import_urdf_file(std::string(FOOTFALL_TEST_DATA_DIR) + "/hopper.urdf");
  EXPECT_TRUE(expanded.ok()) << expanded.error();
}

// What --repair-inertia cannot mend is still refused: a moving body with no mass at all.
TEST(UrdfErrors, RepairDoesNotInventMass) {
  footfall::host::UrdfImportOptions options;
  options.repair_inertia = true;
  const Result<RobotDescription> d = footfall::host::import_urdf_string(
      robot(urdf_link("a") + urdf_link("b", "") + urdf_joint("j", "a", "b")), "bad.urdf", options);
  ASSERT_FALSE(d.ok());
  EXPECT_HAS(d.error(), "link 'b': a moving link needs an <inertial> with positive mass");
}
