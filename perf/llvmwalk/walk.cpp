// The LLVM anchor: LLVM 14's own zero-copy llvm::StackMapParser over a
// little-endian version 3 section file, computing the checksum
// perf/gowalk computes (see walk in perf/gowalk/api.go).
//
//   walk [-reps N] all|ctor|walk FILE
//
//   all   construct a parser for each table and walk it (timed together)
//   ctor  construct the parsers only (the constructor's one pass stores
//         every record's offset; it checks nothing)
//   walk  walk only, over parsers constructed before timing
//
// StackMapParser reads one table; a linked section holds several back to
// back. Each table gets its own parser, placed where the previous one
// ended. The parser does not say where its table ends, so the walk works
// it out from the public getters while it goes (a running record offset,
// which also gives each record's flags: LLVM 14 has no getter for them).
//
// Prints one line of key=value pairs, as gowalk does: counts, the
// checksum, the median of the repetitions (no best-of) by process CPU time
// (getrusage: user + system) and wall time, the first (cold) repetition,
// and every repetition's CPU time.
#include "llvm/Object/StackMapParser.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using Parser = llvm::StackMapParser<llvm::support::little>;
using Kind = Parser::LocationKind;

namespace {

struct Sums {
  uint64_t sum = 0, tables = 0, records = 0, locations = 0, liveouts = 0;
};

uint64_t le16(const uint8_t *p) { return p[0] | (uint64_t)p[1] << 8; }

int64_t cpuNanos() {
  rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (int64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000 +
         (int64_t)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000;
}

// walkTable adds one table's fields to s and returns the table's size in
// bytes. table points at the table's first byte (for the flags).
size_t walkTable(const Parser &P, const uint8_t *table, Sums &s) {
  Sums t; // locals, not s: stores through s could alias the section bytes
  for (const auto &F : P.functions())
    t.sum += F.getFunctionAddress() + F.getStackSize() + F.getRecordCount();
  for (const auto &C : P.constants())
    t.sum += C.getValue();
  size_t off = 16 + 24 * (size_t)P.getNumFunctions() + 8 * (size_t)P.getNumConstants();
  for (const auto &R : P.records()) {
    t.records++;
    t.sum += R.getID() + R.getInstructionOffset() + le16(table + off + 12);
    unsigned nloc = R.getNumLocations();
    for (const auto &L : R.locations()) {
      t.locations++;
      Kind k = L.getKind();
      t.sum += (uint64_t)k + L.getSizeInBytes() + L.getDwarfRegNum();
      if (k == Kind::Constant)
        t.sum += (uint64_t)(int64_t)(int32_t)L.getSmallConstant();
      else if (k == Kind::ConstantIndex)
        t.sum += (uint64_t)(int64_t)(int32_t)L.getConstantIndex();
      else if (k != Kind::Register)
        t.sum += (uint64_t)(int64_t)L.getOffset();
    }
    unsigned nlo = R.getNumLiveOuts();
    for (const auto &LO : R.liveouts()) {
      t.liveouts++;
      t.sum += LO.getDwarfRegNum() + LO.getSizeInBytes();
    }
    size_t live = (off + 16 + 12 * (size_t)nloc + 7) & ~(size_t)7;
    off = (live + 4 + 4 * (size_t)nlo + 7) & ~(size_t)7;
  }
  s.sum += t.sum;
  s.tables++;
  s.records += t.records;
  s.locations += t.locations;
  s.liveouts += t.liveouts;
  return off;
}

// walkAll constructs a parser for each table in turn and walks it.
Sums walkAll(const std::vector<uint8_t> &buf) {
  Sums s;
  for (size_t off = 0; off + 16 <= buf.size();) {
    Parser P(llvm::ArrayRef<uint8_t>(buf.data() + off, buf.size() - off));
    off += walkTable(P, buf.data() + off, s);
  }
  return s;
}

// Runs holds every repetition, in the order they ran (no best-of).
struct Runs {
  std::vector<double> cpu, wall;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

template <typename F> Runs measure(int reps, F f) {
  Runs b;
  for (int i = 0; i < reps; i++) {
    int64_t c0 = cpuNanos();
    auto t0 = std::chrono::steady_clock::now();
    f();
    double wall = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    b.cpu.push_back((double)(cpuNanos() - c0));
    b.wall.push_back(wall);
  }
  return b;
}

} // namespace

int main(int argc, char **argv) {
  int reps = 5;
  int a = 1;
  if (a + 1 < argc && !strcmp(argv[a], "-reps")) {
    reps = atoi(argv[a + 1]);
    a += 2;
  }
  if (argc - a != 2 || reps < 1) {
    fprintf(stderr, "usage: walk [-reps N] all|ctor|walk FILE\n");
    return 2;
  }
  std::string mode = argv[a];
  const char *file = argv[a + 1];
  FILE *f = fopen(file, "rb");
  if (!f) {
    perror(file);
    return 1;
  }
  std::vector<uint8_t> buf;
  uint8_t chunk[1 << 16];
  for (size_t n; (n = fread(chunk, 1, sizeof chunk, f)) > 0;)
    buf.insert(buf.end(), chunk, chunk + n);
  fclose(f);
  if (buf.size() < 16 || buf[0] != 3) {
    fprintf(stderr, "walk: %s: not a version 3 stack map section\n", file);
    return 1;
  }

  // ctor and walk: one untimed walk first, for the sums and where each
  // table starts. all makes no pass before its first timed run (the cold
  // one: the first pass over the bytes since the file was read).
  std::vector<size_t> starts;
  Sums s;
  if (mode != "all") {
    for (size_t off = 0; off + 16 <= buf.size();) {
      starts.push_back(off);
      Parser P(llvm::ArrayRef<uint8_t>(buf.data() + off, buf.size() - off));
      off += walkTable(P, buf.data() + off, s);
    }
  }

  uint64_t sink = 0;
  Runs b;
  if (mode == "all") {
    b = measure(reps, [&] { s = walkAll(buf); });
  } else if (mode == "ctor") {
    b = measure(reps, [&] {
      for (size_t off : starts) {
        Parser P(llvm::ArrayRef<uint8_t>(buf.data() + off, buf.size() - off));
        sink += P.getNumRecords();
      }
    });
  } else if (mode == "walk") {
    std::vector<std::unique_ptr<Parser>> ps;
    for (size_t off : starts)
      ps.emplace_back(new Parser(llvm::ArrayRef<uint8_t>(buf.data() + off, buf.size() - off)));
    b = measure(reps, [&] {
      Sums w;
      for (size_t i = 0; i < ps.size(); i++)
        walkTable(*ps[i], buf.data() + starts[i], w);
      s = w;
    });
  } else {
    fprintf(stderr, "walk: unknown mode %s\n", mode.c_str());
    return 2;
  }
  double rec = (double)s.records;
  double cpu = median(b.cpu), wall = median(b.wall);
  std::string runs;
  for (double c : b.cpu) {
    char one[32];
    snprintf(one, sizeof one, "%s%.2f", runs.empty() ? "" : ",", c / rec);
    runs += one;
  }
  printf("bench=%s bytes=%zu tables=%llu records=%llu locations=%llu liveouts=%llu sum=%llu "
         "cpu_ns_per_record=%.3f wall_ns_per_record=%.3f cpu_ns=%.0f wall_ns=%.0f "
         "cold_cpu_ns_per_record=%.3f cold_wall_ns_per_record=%.3f runs_cpu_ns_per_record=%s sink=%llu\n",
         mode.c_str(), buf.size(), (unsigned long long)s.tables, (unsigned long long)s.records,
         (unsigned long long)s.locations, (unsigned long long)s.liveouts, (unsigned long long)s.sum,
         cpu / rec, wall / rec, cpu, wall, b.cpu[0] / rec, b.wall[0] / rec, runs.c_str(),
         (unsigned long long)sink);
  return 0;
}
