#include "urdf_document.hpp"

#include <tinyxml.h>

#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

namespace footfall::host::urdf_detail {

namespace {

// A finite number filling the whole attribute, or false.
bool parse_number(const char* text, double* out) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  const double value = std::strtod(text, &end);
  while (end != nullptr && (*end == ' ' || *end == '\t')) ++end;
  if (end == text || end == nullptr || *end != '\0' || !std::isfinite(value)) return false;
  *out = value;
  return true;
}

std::string quoted(const char* name) { return std::string("'") + (name != nullptr ? name : "") + "'"; }

Result<DriveData> read_drive(const TiXmlElement& drive, const std::string& where) {
  DriveData d;
  const char* armature = drive.Attribute("armature");
  const char* gear_ratio = drive.Attribute("gear_ratio");
  if (armature != nullptr && (!parse_number(armature, &d.armature) || d.armature < 0.0))
    return Error{where + "armature " + quoted(armature) + " is not a finite number >= 0"};
  if (gear_ratio != nullptr && (!parse_number(gear_ratio, &d.gear_ratio) || !(d.gear_ratio > 0.0)))
    return Error{where + "gear_ratio " + quoted(gear_ratio) + " is not a finite number > 0"};
  return d;
}

}  // namespace

std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

Result<DocumentFacts> read_document_facts(const std::string& xml, const std::string& source) {
  TiXmlDocument document;
  document.Parse(xml.c_str());
  if (document.Error())
    return Error{source + ":" + std::to_string(document.ErrorRow()) + ": malformed XML: " +
                 one_line(document.ErrorDesc())};
  const TiXmlElement* robot = document.RootElement();
  if (robot == nullptr || std::string(robot->Value()) != "robot")
    return Error{source + ": not a URDF document (no <robot> element)"};

  DocumentFacts facts;
  std::set<std::string> links;
  for (const TiXmlElement* link = robot->FirstChildElement("link"); link != nullptr;
       link = link->NextSiblingElement("link"))
    if (link->Attribute("name") != nullptr) links.insert(link->Attribute("name"));

  std::map<std::string, std::string> parent_joint;  // child link → the joint that leads to it
  int position = 0;
  for (const TiXmlElement* joint = robot->FirstChildElement("joint"); joint != nullptr;
       joint = joint->NextSiblingElement("joint")) {
    const char* name = joint->Attribute("name");
    if (name == nullptr) continue;  // urdfdom reports it
    facts.joint_position.emplace(name, position++);
    const std::string where = source + ": joint " + quoted(name) + ": ";
    if (const TiXmlElement* drive = joint->FirstChildElement("footfall:drive")) {
      Result<DriveData> d = read_drive(*drive, where + "<footfall:drive> ");
      if (!d.ok()) return Error{d.error()};
      facts.drives[name] = d.value();
    }
    const TiXmlElement* child = joint->FirstChildElement("child");
    const char* child_link = child != nullptr ? child->Attribute("link") : nullptr;
    if (child_link == nullptr) continue;
    const auto [it, inserted] = parent_joint.emplace(child_link, name);
    if (!inserted)
      return Error{where + "link " + quoted(child_link) + " is already the child of joint " + quoted(it->second.c_str()) +
                   ": a closed loop, and footfall models trees"};
  }
  std::vector<std::string> roots;
  for (const std::string& link : links)
    if (parent_joint.count(link) == 0) roots.push_back(link);
  if (roots.size() > 1)
    return Error{source + ": links " + quoted(roots[0].c_str()) + " and " + quoted(roots[1].c_str()) +
                 " are both roots (no joint leads to them): a model must be one tree"};
  if (roots.empty() && !links.empty())
    return Error{source + ": every link is the child of a joint, so there is no root: the joints form a closed loop"};
  return facts;
}

}  // namespace footfall::host::urdf_detail
