// footfall codegen --model robot.urdf --out robot_model.hpp [--name N] [--namespace NS]
#include <memory>

#include "command.hpp"
#include "footfall/host/codegen/model_codegen.hpp"
#include "footfall/host/io/files.hpp"
#include "footfall/host/io/number_format.hpp"
#include "model_options.hpp"

namespace footfall::cli {

namespace {

struct CodegenOptions {
  ModelOptions model;
  std::string out;
  host::CodegenOptions codegen;
};


host::Result<std::string> run_codegen(const CodegenOptions& options) {
  const host::Result<void> out_ok = host::check_output_path(options.out, "--out", {{options.model.model, "--model"}});
  if (!out_ok.ok()) return host::Error{out_ok.error()};
  host::Result<host::RobotDescription> description = load_model(options.model);
  if (!description.ok()) return host::Error{description.error()};
  host::Result<std::string> header = host::generate_model_header(description.value(), options.codegen);
  if (!header.ok()) return host::Error{header.error()};
  host::Result<void> written = host::write_output_file(options.out, header.value());
  if (!written.ok()) return host::Error{written.error()};
  const host::RobotDescription& d = description.value();
  return "wrote " + options.out + ": " + d.name + ", " + std::to_string(d.body_count()) + " bodies, nq " +
         std::to_string(d.nq()) + ", nv " + std::to_string(d.nv()) + ", total mass " +
         host::format_short(d.total_mass()) + " kg\n";
}

}  // namespace

void add_codegen_command(CLI::App& app, Action* selected) {
  auto options = std::make_shared<CodegenOptions>();
  CLI::App* command = app.add_subcommand(
      "codegen", "Write a C++ header that builds the model with footfall's ModelBuilder (no parsing, no heap)");
  add_model_options(*command, &options->model);
  command->add_option("--out,-o", options->out, "the header to write")->required();
  command->add_option("--name", options->codegen.name,
                      "identifier in the generated names build_<name>_model, <Name>Model and <Name>Topology "
                      "(default: from the robot's name)");
  command->add_option("--namespace", options->codegen.name_space,
                      "namespace of the generated code, e.g. my_robot::models (default: global)");
  command->footer(
      "Example:\n"
      "  footfall codegen --model robot.urdf --floating-base --out robot_model.hpp --name robot\n"
      "then, in firmware:\n"
      "  #include \"robot_model.hpp\"\n"
      "  static RobotModel<float> model;\n"
      "  footfall::Status status = build_robot_model(&model);\n"
      "and each tick, H factorised by the kernel unrolled for the robot's tree:\n"
      "  status = footfall::compute_tick_terms<footfall::UnrolledKernels<RobotTopology>>(model, ws, q, v);");
  command->callback([options, selected] { *selected = [options] { return text_output(run_codegen(*options)); }; });
}

}  // namespace footfall::cli
