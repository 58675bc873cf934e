// edgecp-solve: the command-line solver (the same options as `edgecp solve`).
#include "commands.hpp"

int main(int argc, char** argv) {
  cli::program = "edgecp-solve";
  CLI::App app("Solves, counts or scores an edge-matching puzzle.", "edgecp-solve");
  cli::set_up_app(app);
  cli::Args a;
  cli::add_search_options(app, a, true);
  if (const auto code = cli::parse_command_line(app, argc, argv)) return *code;
  return cli::run_command(cli::program, [&] { return cli::search_command(a); });
}
