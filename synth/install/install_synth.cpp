#include "synth/install/install_synth.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "synth/core/prng.hpp"
#include "synth/generators.hpp"

namespace meshgate::install {

namespace {

std::string numbered(const char* format, uint64_t n) {
  char text[64];
  std::snprintf(text, sizeof text, format, static_cast<unsigned long long>(n));
  return text;
}

// The malformed variants that show alone, one list per generator: its
// corrupted files and semantic violations (not the DMC3 actor's, which are
// motions that fail only against their model, a binding).
std::vector<std::vector<SynthFile>> malformed_pool(uint64_t seed) {
  std::vector<std::vector<SynthFile>> pool;
  for (const SynthGenerator& g : synth_generators()) {
    if (g.name == "dmc3") continue;
    std::vector<SynthFile>& files = pool.emplace_back();
    for (MalformedCase& c : g.malformed(seed)) files.push_back(std::move(c.file));
    if (g.violations)
      for (ViolationCase& c : g.violations(seed)) files.push_back(std::move(c.file));
  }
  return pool;
}

// The m-th malformed file: the generators in turn, each one's cases in turn,
// so a small install already holds every format's.
const SynthFile& malformed_file(const std::vector<std::vector<SynthFile>>& pool, uint64_t m) {
  const std::vector<SynthFile>& files = pool[m % pool.size()];
  return files[(m / pool.size()) % files.size()];
}

// Emits files, counts them, and puts a malformed variant after every
// (kInstallMalformedEvery - 1) valid ones; false once the target is reached
// or the sink refused.
class Emitter {
 public:
  Emitter(uint64_t seed, uint64_t target, const SynthSink& sink)
      : pool_(malformed_pool(seed)), target_(target), sink_(sink) {}

  bool emit(std::string dir, SynthFile&& file) {
    if (!put(dir + file.name, std::move(file.bytes))) return false;
    if ((summary_.files + 1) % kInstallMalformedEvery != 0) return true;
    const SynthFile& bad = malformed_file(pool_, summary_.malformed);
    std::string leaf = bad.name.substr(bad.name.rfind('/') + 1);
    ++summary_.malformed;
    return put(dir + numbered("bad_%05llu_", summary_.malformed - 1) + leaf, bad.bytes);
  }
  [[nodiscard]] const InstallSummary& summary() const { return summary_; }

 private:
  bool put(std::string name, std::vector<std::byte> bytes) {
    if (summary_.bytes >= target_) return false;
    summary_.bytes += bytes.size();
    ++summary_.files;
    return sink_({std::move(name), std::move(bytes)}) && summary_.bytes < target_;
  }

  std::vector<std::vector<SynthFile>> pool_;
  uint64_t target_;
  const SynthSink& sink_;
  InstallSummary summary_;
};

// A file no format of meshgate's claims: a text note or a sound bank.
SynthFile unknown_file(uint64_t seed, uint64_t unit) {
  Prng rng(seed ^ (unit + 7) * 0x94D049BB133111EBull);
  if ((unit / 6) % 2 == 0) {  // every other cycle a note, else a sound bank
    const std::string text = "Synthetic install, unit " + std::to_string(unit) + ": not game data.\r\n";
    std::vector<std::byte> bytes;
    for (size_t k = 0; k < 40; ++k)
      for (char c : text) bytes.push_back(static_cast<std::byte>(c));
    return {numbered("readme%04llu.txt", unit), bytes};
  }
  std::vector<std::byte> bytes(static_cast<size_t>(rng.range(20'000, 200'000)));
  for (std::byte& b : bytes) b = static_cast<std::byte>(rng.next() >> 56);
  return {numbered("snd%04llu.adx", unit), bytes};
}

// `count` files of the generator row `name` (asked by name: the install
// composes the rows and names no format), from a seed of this unit's own,
// each under `dir`, the volume generator's renamed to `rename` (its names
// restart at 0 for every seed). False when the emitter is done.
bool emit_corpus(std::string_view name, uint64_t seed, uint64_t unit, uint64_t count, const std::string& dir, Emitter& out,
                 const char* rename = nullptr) {
  bool more = true;
  // The fold value-initialised: the NRes generators' default, the engine's lower-case fold.
  synth_generator(name)->corpus(seed * 0x9E3779B97F4A7C15ull + unit, count, {}, [&](SynthFile&& f) {
    if (rename) f.name = numbered(rename, unit) + f.name.substr(f.name.rfind('.'));
    return more = out.emit(dir, std::move(f));
  });
  return more;
}

// One unit of the install, in a fixed cycle of six: a volume (MODs, a PAC
// of MODs and nested containers, a PNST, a blob; some a volume inside),
// two actors (MOD, PTX, idle and turn MOTs, the PAC of the four), a stage
// (SCMs, PTX and a PAC of them), another volume, a Nikita folder
// (Textures.lib, Material.lib, MSH archives and their WEA), and enemy PACs
// and a PNST with a file meshgate does not read. False when the emitter is done.
bool emit_unit(uint64_t seed, uint64_t unit, Emitter& out) {
  switch (unit % 6) {
    case 1: return emit_corpus("dmc3", seed, unit, 2, numbered("dmc3/chr/pl%04llu/", unit), out);
    case 2: {
      const std::string dir = numbered("dmc3/stage/st%04llu/", unit);
      return emit_corpus("scm", seed, unit, 4, dir, out) && emit_corpus("ptx", seed, unit, 2, dir, out);
    }
    case 4: return emit_corpus("materials", seed, unit, 4, numbered("nikita/set%04llu/", unit), out);
    case 5: {
      const std::string dir = numbered("dmc3/em/em%04llu/", unit);
      return emit_corpus("pac", seed, unit, 3, dir, out) && emit_corpus("pnst", seed, unit, 1, dir, out) &&
             out.emit("misc/", unknown_file(seed, unit));
    }
    default: return emit_corpus("nbz", seed, unit, 1, "dmc3/data/", out, "vol%04llu");
  }
}

}  // namespace

InstallSummary synth_install(uint64_t seed, uint64_t target_bytes, const SynthSink& sink) {
  Emitter out(seed, target_bytes, sink);
  for (uint64_t unit = 0; emit_unit(seed, unit, out); ++unit) {
  }
  return out.summary();
}

}  // namespace meshgate::install
