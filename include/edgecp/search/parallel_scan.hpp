// Independent seeded scan searches on several threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "edgecp/search/scan_search.hpp"
#include "edgecp/search/search_control.hpp"

namespace edgecp {

struct ParallelScanResult {
  ScanResult best;  ///< the best thread's result (ties: the lowest thread index)
  int best_thread = -1;
  std::vector<ScanResult> per_thread;
  std::uint64_t placements = 0;  ///< all threads together
  int deepest = 0;               ///< over all threads
  double seconds = 0;            ///< wall clock
  std::vector<std::pair<double, int>>
      score_history;  ///< (seconds, score) each time the overall best improved
};

/// Runs `threads` ScanSearch instances with seeds thread_seed(opt.seed, i), sharing nothing but a stop flag
/// (set when one of them solves the puzzle, or through opt.stop, looked at every 50 ms) and, when the caller
/// gives one, opt.shared_best (then the threads bound each other and results depend on timing).
/// opt.on_improvement is called from the threads, possibly at the same time. Node limits apply per thread, so
/// with a node limit the result depends only on the seed and the thread count; with a time limit it also
/// depends on the machine. opt.on_progress is called from the calling thread with the threads' totals. An
/// exception thrown in a thread stops the others and is rethrown here, in the calling thread.
inline ParallelScanResult run_parallel_scan(const Model& m, const ScanOptions& opt, int threads) {
  threads = std::max(threads, 1);
  ParallelScanResult out;
  out.per_thread.resize(static_cast<std::size_t>(threads));
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable done_cv;
  int running = threads;
  std::exception_ptr first_error;
  std::vector<SearchProgress> latest(static_cast<std::size_t>(threads));
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i)
    pool.emplace_back([&, i] {
      ScanOptions o = opt;
      o.seed = thread_seed(opt.seed, i);
      o.stop = &stop;
      o.progress_interval = opt.progress_interval / 4;  // fresh figures for the aggregated ticks
      o.on_progress = [&, i](const SearchProgress& p) {
        std::lock_guard<std::mutex> lock(mu);
        latest[static_cast<std::size_t>(i)] = p;
      };
      ScanResult r;
      std::exception_ptr error;
      try {
        r = ScanSearch(m, o).run();
      } catch (...) {
        error = std::current_exception();
      }
      if (error || r.status == SearchStatus::solved) stop = true;
      std::lock_guard<std::mutex> lock(mu);
      if (error && !first_error) first_error = error;
      out.per_thread[static_cast<std::size_t>(i)] = std::move(r);
      --running;
      done_cv.notify_all();
    });
  {
    std::unique_lock<std::mutex> lock(mu);
    const double interval = opt.progress_interval > 0 ? opt.progress_interval : 1.0;
    // opt.stop is looked at this often, so that a stop request (a signal) ends the threads promptly
    const auto stop_check = std::chrono::duration<double>(std::min(interval, 0.05));
    double next_tick = interval;
    while (running > 0) {
      if (opt.stop && opt.stop->load()) stop = true;
      if (done_cv.wait_for(lock, stop_check, [&] { return running == 0; })) break;
      const double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!opt.on_progress || now < next_tick) continue;
      next_tick = now + interval;
      SearchProgress total;
      total.seconds = now;
      for (const SearchProgress& p : latest) {
        total.placements += p.placements;
        total.solutions += p.solutions;
        total.restarts += p.restarts;
        total.deepest = std::max(total.deepest, p.deepest);
        total.best_depth = std::max(total.best_depth, p.best_depth);
        total.best_score = std::max(total.best_score, p.best_score);
      }
      lock.unlock();
      opt.on_progress(total);
      lock.lock();
    }
  }
  for (auto& t : pool) t.join();
  if (first_error) std::rethrow_exception(first_error);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::pair<double, int>> events;
  for (int i = 0; i < threads; ++i) {
    const ScanResult& r = out.per_thread[static_cast<std::size_t>(i)];
    out.placements += r.placements;
    out.deepest = std::max(out.deepest, r.deepest);
    if (out.best_thread < 0 || r.score > out.best.score) {
      out.best = r;
      out.best_thread = i;
    }
    events.insert(events.end(), r.score_history.begin(), r.score_history.end());
  }
  std::sort(events.begin(), events.end());
  for (const auto& [t, s] : events)
    if (out.score_history.empty() || s > out.score_history.back().second)
      out.score_history.emplace_back(t, s);
  return out;
}

}  // namespace edgecp
