// The benchmark suite's main: Google Benchmark's, except that the benchmarks on the shared puzzles
// (../shared/data: names with "brendan" or "E2") are left out, with a note saying so, when the data is
// absent.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "bench_common.hpp"

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  std::string filter;  // kept alive while args points into it
  const bool shared =
      edgecp::bench::have_shared("e2/e2.txt") && edgecp::bench::have_shared("brendan/set1_06x06.txt");
  bool user_filter = false;
  for (int i = 1; i < argc; ++i)
    user_filter = user_filter || std::string_view(argv[i]).starts_with("--benchmark_filter");
  if (!shared) {
    std::fprintf(stderr, "note: shared data absent (%s; set EDGECP_SHARED_DATA when configuring): %s\n",
                 EDGECP_SHARED_DATA,
                 user_filter ? "benchmarks on it will report an error"
                             : "the benchmarks on real puzzles (brendan, E2) are skipped");
    if (!user_filter) {
      filter = "--benchmark_filter=-(brendan|E2)";
      args.push_back(filter.data());
    }
  }
  int n = static_cast<int>(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
