// edgecp: every command in one program: solve, count, first, check, draw, generate.
#include "commands.hpp"

int main(int argc, char** argv) {
  cli::program = "edgecp";
  CLI::App app("Edge-matching puzzles (Eternity II first): search, check, draw, generate.", "edgecp");
  cli::set_up_app(app);
  app.require_subcommand(1);
  cli::Args a;
  CLI::App* solve = app.add_subcommand("solve", "best score (default), first solution or count (--mode)");
  CLI::App* count = app.add_subcommand("count", "count the solutions (solve --mode count)");
  CLI::App* first = app.add_subcommand("first", "find one solution (solve --mode first)");
  cli::add_search_options(*solve, a, true);
  cli::add_search_options(*count, a, false);
  cli::add_search_options(*first, a, false);
  cli::CheckArgs c;
  CLI::App* check =
      app.add_subcommand("check", "verify a board: legal or not, score, mismatched joins, link");
  cli::add_check_options(*check, c);
  cli::DrawArgs d;
  CLI::App* draw = app.add_subcommand("draw", "draw a board to SVG");
  cli::add_draw_options(*draw, d);
  cli::GenerateArgs g;
  CLI::App* generate = app.add_subcommand("generate", "write a random solvable puzzle");
  cli::add_generate_options(*generate, g);
  if (argc > 1 && argv[1][0] != '-') {  // a word that names no command: say so (CLI11 would ask for one)
    bool known = false;
    for (const CLI::App* sub : {solve, count, first, check, draw, generate})
      known = known || sub->get_name() == argv[1];
    if (!known) {
      std::fprintf(stderr, "edgecp: unknown command '%s' (solve, count, first, check, draw, generate)\n",
                   argv[1]);
      return cli::exit_bad_input;
    }
  }
  if (const auto code = cli::parse_command_line(app, argc, argv)) return *code;

  const CLI::App* chosen = app.get_subcommands().front();
  return cli::run_command("edgecp " + chosen->get_name(), [&] {
    if (chosen == check) return cli::check_command(c, cli::Model(cli::read_puzzle(c.puzzle)));
    if (chosen == draw) return cli::draw_command(d);
    if (chosen == generate) return cli::generate_command(*generate, g);
    if (chosen == count) a.mode = cli::SearchMode::count;
    if (chosen == first) a.mode = cli::SearchMode::first;
    return cli::search_command(a);
  });
}
