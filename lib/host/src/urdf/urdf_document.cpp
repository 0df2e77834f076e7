#include "urdf_document.hpp"

#include <tinyxml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <vector>

#include "footfall/host/io/message_text.hpp"

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

Result<DriveData> read_drive(const TiXmlElement& drive, const std::string& where) {
  DriveData d;
  const char* armature = drive.Attribute("armature");
  const char* gear_ratio = drive.Attribute("gear_ratio");
  if (armature != nullptr && (!parse_number(armature, &d.armature) || d.armature < 0.0))
    return Error{where + "armature " + quoted_text(armature) + " is not a finite number >= 0"};
  if (gear_ratio != nullptr && (!parse_number(gear_ratio, &d.gear_ratio) || !(d.gear_ratio > 0.0)))
    return Error{where + "gear_ratio " + quoted_text(gear_ratio) + " is not a finite number > 0"};
  return d;
}

// How deep the document's elements nest, scanning no further than one level past `limit`.
// TinyXML parses and frees elements recursively, a stack frame or more a level, so a document
// nested some ten thousand deep overflows the stack: it is measured before it is parsed. The scan
// skips what holds no elements (comments, CDATA, processing instructions, declarations) and
// quoted attribute values, where '>' may appear; what it cannot close is left to the parser to
// call malformed.
int nesting_depth(const std::string& xml, int limit) {
  int depth = 0, deepest = 0;
  std::size_t i = 0;
  const auto skip_past = [&](const char* end) {
    const std::size_t at = xml.find(end, i);
    i = at == std::string::npos ? xml.size() : at + std::char_traits<char>::length(end);
  };
  while (deepest <= limit) {
    i = xml.find('<', i);
    if (i == std::string::npos) break;
    if (xml.compare(i, 4, "<!--") == 0) {
      skip_past("-->");
    } else if (xml.compare(i, 9, "<![CDATA[") == 0) {
      skip_past("]]>");
    } else if (xml.compare(i, 2, "<?") == 0) {
      skip_past("?>");
    } else if (xml.compare(i, 2, "<!") == 0) {
      skip_past(">");
    } else if (xml.compare(i, 2, "</") == 0) {
      --depth;
      skip_past(">");
    } else {  // a start tag: to its '>', over quoted values; "/>" closes it at once
      char quote = '\0', previous = '\0';
      for (++i; i < xml.size(); ++i) {
        const char c = xml[i];
        if (quote != '\0') {
          if (c == quote) quote = '\0';
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          break;
        }
        previous = c;
      }
      if (i >= xml.size()) break;
      ++i;
      if (previous != '/') deepest = std::max(deepest, ++depth);
    }
  }
  return deepest;
}

// A URDF nests a handful of levels (robot, link, visual, geometry, mesh); this leaves room for
// any extension while keeping TinyXML's recursion far from the stack's end.
constexpr int kMaxElementDepth = 256;

// What makes a document a xacro macro file rather than the URDF it expands to: a <xacro:...>
// element, or an attribute holding ${...} or $(...). Many expanded files still declare the xacro
// namespace and keep xacro in comments, which are no sign. Empty when there is none.
std::string xacro_use(const TiXmlElement& robot) {
  std::vector<const TiXmlElement*> pending{&robot};  // the elements still to look at
  while (!pending.empty()) {
    const TiXmlElement* e = pending.back();
    pending.pop_back();
    const std::string name = e->Value();
    if (name.rfind("xacro:", 0) == 0) return "<" + name + ">";
    for (const TiXmlAttribute* a = e->FirstAttribute(); a != nullptr; a = a->Next()) {
      const std::string value = a->Value();
      if (value.find("${") != std::string::npos || value.find("$(") != std::string::npos)
        return quoted_text(value);
    }
    for (const TiXmlElement* child = e->FirstChildElement(); child != nullptr; child = child->NextSiblingElement())
      pending.push_back(child);
  }
  return {};
}

}  // namespace

Result<DocumentFacts> read_document_facts(const std::string& xml, const std::string& source) {
  if (nesting_depth(xml, kMaxElementDepth) > kMaxElementDepth)
    return Error{source + ": elements nested more than " + std::to_string(kMaxElementDepth) +
                 " deep: not a URDF document"};
  TiXmlDocument document;
  document.Parse(xml.c_str());
  if (document.Error())
    return Error{source + ":" + std::to_string(document.ErrorRow()) + ": malformed XML: " +
                 one_line(document.ErrorDesc())};
  const TiXmlElement* robot = document.RootElement();
  if (robot == nullptr || std::string(robot->Value()) != "robot")
    return Error{source + ": not a URDF document (no <robot> element)"};

  if (const std::string xacro = xacro_use(*robot); !xacro.empty())
    return Error{source + ": a xacro file, not a URDF (it uses " + xacro + "): expand it first, e.g. `xacro " + source +
                 " > robot.urdf` (ROS's xacro package)"};

  DocumentFacts facts;
  std::set<std::string> links;
  for (const TiXmlElement* link = robot->FirstChildElement("link"); link != nullptr;
       link = link->NextSiblingElement("link"))
    if (link->Attribute("name") != nullptr) links.insert(link->Attribute("name"));

  std::map<std::string, std::string> parent_joint;  // child link → the joint that leads to it
  std::map<std::string, std::string> parent_link;   // child link → that joint's parent link
  int position = 0;
  for (const TiXmlElement* joint = robot->FirstChildElement("joint"); joint != nullptr;
       joint = joint->NextSiblingElement("joint")) {
    const char* name = joint->Attribute("name");
    if (name == nullptr) continue;  // urdfdom reports it
    facts.joint_position.emplace(name, position++);
    const std::string where = source + ": joint " + quoted_text(name) + ": ";
    if (const TiXmlElement* drive = joint->FirstChildElement("footfall:drive")) {
      Result<DriveData> d = read_drive(*drive, where + "<footfall:drive> ");
      if (d.ok())
        facts.drives[name] = d.value();
      else
        facts.problems.push_back(d.error().substr(source.size() + 2));
    }
    const TiXmlElement* child = joint->FirstChildElement("child");
    const TiXmlElement* parent = joint->FirstChildElement("parent");
    const char* child_link = child != nullptr ? child->Attribute("link") : nullptr;
    const char* parent_of_child = parent != nullptr ? parent->Attribute("link") : nullptr;
    if (child_link == nullptr) continue;  // urdfdom reports a joint without a child or a parent
    if (parent_of_child != nullptr) parent_link.emplace(child_link, parent_of_child);
    const auto [it, inserted] = parent_joint.emplace(child_link, name);
    if (!inserted)
      return Error{where + "link " + quoted_text(child_link) + " is already the child of joint " +
                   quoted_text(it->second) + ": a closed loop, and footfall models trees"};
  }
  std::vector<std::string> roots;
  for (const std::string& link : links)
    if (parent_joint.count(link) == 0) roots.push_back(link);
  if (roots.size() > 1)
    return Error{source + ": links " + quoted_text(roots[0]) + " and " + quoted_text(roots[1]) +
                 " are both roots (no joint leads to them): a model must be one tree"};
  if (roots.empty() && !links.empty())
    return Error{source + ": every link is the child of a joint, so there is no root: the joints form a closed loop"};
  // With one root and one parent per link, a link whose chain of parents does not end within
  // parent_link.size() steps reaches a loop beside the tree (a joint that is its own link's
  // parent, or links that only lead to each other): a chain without a loop takes each entry once,
  // and may pass through names that no <link> defines, which urdfdom reports. Refused here,
  // before urdfdom, which links such a loop into a cycle of shared pointers that is never freed. A walk stops at a link already known to
  // reach the end of its chain, so each link is walked once: a long chain costs n steps, not n².
  std::set<std::string> reaches_end;
  std::vector<const std::string*> walked;
  for (const std::string& link : links) {
    const std::string* at = &link;
    walked.clear();
    for (auto up = parent_link.find(*at); up != parent_link.end() && reaches_end.count(*at) == 0;
         up = parent_link.find(*at)) {
      walked.push_back(at);
      if (walked.size() > parent_link.size())  // *at is on the loop; `link` may only lead to it
        return Error{source + ": link " + quoted_text(*at) +
                     " is on a closed loop of joints that does not reach the root " + quoted_text(roots.front()) +
                     ": footfall models trees"};
      at = &up->second;
    }
    for (const std::string* w : walked) reaches_end.insert(*w);
  }
  return facts;
}

}  // namespace footfall::host::urdf_detail
