#pragma once
// Internal to the URDF importer: what urdfdom does not keep, read from the document itself
// with TinyXML (which urdfdom parses with): the file order of the <joint> elements, footfall's
// <footfall:drive> extension, and the tree checks urdfdom leaves out (it accepts a link that is
// the child of two joints, keeping one of them).
#include <map>
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"

namespace footfall::host::urdf_detail {

struct DriveData {
  double armature = 0.0;
  double gear_ratio = 1.0;
};

struct DocumentFacts {
  std::map<std::string, int> joint_position;  // joint name → its place among the <joint> elements
  std::map<std::string, DriveData> drives;    // joint name → its <footfall:drive>, when given
  // Bad <footfall:drive> elements, each "joint 'x': ..." without the source: the importer
  // reports them with the other problems of the file, in one message.
  std::vector<std::string> problems;
};

// Fails on malformed XML, a missing <robot>, several roots, or a link that is the child of two
// joints (a closed loop), each named with `source`.
Result<DocumentFacts> read_document_facts(const std::string& xml, const std::string& source);

}  // namespace footfall::host::urdf_detail
