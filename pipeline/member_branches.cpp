// A volume's members walked on several threads (ParseTreeOptions::jobs): a
// game ships a few large volumes, so a volume as one unit of work leaves
// cores idle. Each member is walked by a branch (TreeBranch) with a share of
// the input's budget, and the branches commit in member order on the calling
// thread. A branch whose walk found its share short, or drew more than the
// budget held when its turn came, may have read what a walk in turn would
// not: it is dropped, the other threads finish what they hold, and the
// member is walked in turn, as is every later member whose branch cannot
// stand. So outputs are those of one thread whatever the timing, and what
// the tree holds at once stays within the budget (the shares add up to it).
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "pipeline/tree_walk.hpp"

namespace meshgate::tree_walk {

namespace {

// A member walked by a branch, parked until its turn to commit.
struct Parked {
  std::optional<TreeBranch> branch;
  uint64_t most_inflated = 0, most_nested = 0;  // the most its walk drew from the budget at once
  uint64_t kept_inflated = 0, kept_nested = 0;  // what it still drew at its end
  bool exhausted = false;
  bool stopped = false;
};

TreeBudget share_of(const TreeBudget& budget, unsigned threads) {
  TreeBudget share = budget;
  share.inflated_left /= threads;
  share.nested_left /= threads;
  share.exhausted = false;
  return share;
}

struct Members {
  Members(Walk& walk, const ParsedFile& f, unsigned threads)
      : w(walk), volume(f), share(share_of(walk.budget, threads)), parked(f.children.size()) {}

  Walk& w;
  const ParsedFile& volume;
  TreeBudget share;  // what each branch may draw
  std::vector<std::optional<Parked>> parked;
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable parked_one;
  // What a helper threw (an allocation that failed): the calling thread
  // stops and throws it, as a walk in turn would have, for the command to
  // report.
  std::exception_ptr failure;
};

void walk_branch(Members& m, size_t i, std::vector<std::byte>& buffer);

// Helpers take no member after this one's scope (the calling thread's walk
// ended, or threw), so they can be joined.
struct NoMoreMembers {
  Members& m;
  ~NoMoreMembers() { m.next = m.parked.size(); }
};

void help(Members& m) {
  try {
    std::vector<std::byte> own_buffer;
    for (size_t i = m.next++; i < m.parked.size(); i = m.next++) walk_branch(m, i, own_buffer);
  } catch (...) {
    m.next = m.parked.size();
    const std::lock_guard hold(m.mutex);
    m.failure = std::current_exception();
    m.parked_one.notify_all();
  }
}

// Walks member i with a branch of its own, on the thread that calls it, and parks it.
void walk_branch(Members& m, size_t i, std::vector<std::byte>& buffer) {
  Parked p;
  const TreeBranch& branch = p.branch.emplace(m.w.options.branch());
  Walk own{m.w.options, branch.enter, branch.leave, m.share};
  own.in_branch = true;
  buffer = walk_inflated(own, m.volume, m.volume.children[i], std::move(buffer));
  own.note_low_water();
  p.most_inflated = m.share.inflated_left - own.least_inflated_left;
  p.most_nested = m.share.nested_left - own.least_nested_left;
  p.kept_inflated = m.share.inflated_left - own.budget.inflated_left;
  p.kept_nested = m.share.nested_left - own.budget.nested_left;
  p.exhausted = own.budget.exhausted;
  p.stopped = own.stopped;
  const std::lock_guard hold(m.mutex);
  m.parked[i] = std::move(p);
  m.parked_one.notify_all();
}

// A branch that found its share enough, and drew no more than the budget
// holds now, read what a walk in turn reads: every check it passed would
// have passed, and none failed.
bool as_in_turn(const Parked& p, const TreeBudget& budget) {
  return !p.exhausted && p.most_inflated <= budget.inflated_left && p.most_nested <= budget.nested_left;
}

void commit(Walk& w, Parked& p) {
  p.branch->commit();
  w.budget.inflated_left -= p.kept_inflated;
  w.budget.nested_left -= p.kept_nested;
  w.stopped = w.stopped || p.stopped;
  p.branch.reset();
}

std::optional<Parked> take_parked(Members& m, size_t i) {
  const std::lock_guard hold(m.mutex);
  return std::move(m.parked[i]);
}

}  // namespace

bool walk_members_on_threads(Walk& w, const ParsedFile& f) {
  const size_t count = f.children.size();
  if (w.in_branch || w.options.jobs < 2 || !w.options.branch || count < 2) return false;
  if (!std::all_of(f.children.begin(), f.children.end(), [](const NestedChild& c) { return c.inflated; })) return false;
  const auto threads = static_cast<unsigned>(std::min<size_t>(w.options.jobs, count));
  Members m(w, f, threads);
  std::vector<std::byte> buffer;  // the calling thread's, as each helper has its own
  size_t committed = 0;
  bool short_share = false;  // a branch could not stand: the helpers stop before it is walked again
  {
    std::vector<std::jthread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back([&m] { help(m); });
    const NoMoreMembers joined_after{m};
    while (committed < count && !w.stopped && !short_share) {
      if (std::optional<Parked> p = take_parked(m, committed)) {
        if (as_in_turn(*p, w.budget)) {
          commit(w, *p);
          ++committed;
        } else {
          short_share = true;
        }
      } else if (const size_t i = m.next++; i < count) {
        walk_branch(m, i, buffer);
      } else {
        std::unique_lock hold(m.mutex);
        m.parked_one.wait(hold, [&] { return m.parked[committed].has_value() || m.failure; });
        if (m.failure) break;
      }
    }
  }
  if (m.failure) std::rethrow_exception(m.failure);
  // From the member whose branch could not stand (already taken, so walked
  // again here), on this thread alone: each later branch the helpers parked
  // commits if it stands, and any other member is walked in turn.
  for (; committed < count && !w.stopped; ++committed) {
    std::optional<Parked> p = take_parked(m, committed);
    if (p && as_in_turn(*p, w.budget))
      commit(w, *p);
    else
      buffer = walk_inflated(w, f, f.children[committed], std::move(buffer));
  }
  return true;
}

}  // namespace meshgate::tree_walk
