// edgecp-generate: writes a deterministic random solvable puzzle (the same options as `edgecp generate`).
#include "commands.hpp"

int main(int argc, char** argv) {
  cli::program = "edgecp-generate";
  CLI::App app("Writes a deterministic random solvable edge-matching puzzle.", "edgecp-generate");
  cli::set_up_app(app);
  cli::GenerateArgs g;
  cli::add_generate_options(app, g);
  if (const auto code = cli::parse_command_line(app, argc, argv)) return *code;
  return cli::run_command(cli::program, [&] { return cli::generate_command(app, g); });
}
