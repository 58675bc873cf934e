// A portable seeded random number generator (the same stream with every compiler and standard library).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace edgecp {

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
/// portable, so a seed gives the same stream with every compiler and standard library.
class Rng {
 public:
  /// The SplitMix64 increment (2^64 / golden ratio), also used to spread seeds apart.
  static constexpr std::uint64_t golden_gamma = 0x9E3779B97F4A7C15ULL;

  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += golden_gamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n > 0, by rejection (no modulo bias; std:: distributions differ across libraries).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
    while (true) {
      const std::uint64_t x = next();
      if (x >= threshold) return x % n;
    }
  }
  /// Fisher-Yates shuffle.
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<std::size_t>(below(i))]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace edgecp
