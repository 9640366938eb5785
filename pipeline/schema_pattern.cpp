#include "pipeline/schema_pattern.hpp"

#include <cctype>
#include <optional>

namespace meshgate {

namespace {

using PatternStep = SchemaPattern::Step;

// A parsed pattern: what the automaton is emitted from.
struct PatternNode {
  enum Kind : uint8_t { kBytes, kSequence, kAlternatives, kStar, kPlus, kOptional, kRepeat } kind = kSequence;
  std::bitset<256> bytes;    // kBytes
  std::vector<PatternNode> parts;   // the sequence, the alternatives, or the one repeated node
  uint32_t times = 0;        // kRepeat
};

PatternNode pattern_node(PatternNode::Kind kind) {
  PatternNode n;
  n.kind = kind;
  return n;
}

PatternStep pattern_step(PatternStep::Kind kind) {
  PatternStep s;
  s.kind = kind;
  return s;
}

// The largest {n} compiled: each repetition is a copy of the repeated code.
constexpr uint32_t kMaxPatternRepeat = 1024;

// Reads the subset the header names; nullopt for anything else (the caller
// then leaves the pattern to std::regex).
class PatternParser {
 public:
  explicit PatternParser(std::string_view text) : text_(text) {}

  std::optional<PatternNode> whole() {
    std::optional<PatternNode> node = alternatives();
    if (!node || at_ != text_.size()) return std::nullopt;
    return node;
  }

 private:
  [[nodiscard]] bool more() const { return at_ < text_.size(); }
  [[nodiscard]] char peek() const { return text_[at_]; }

  std::optional<PatternNode> alternatives() {
    PatternNode out = pattern_node(PatternNode::kAlternatives);
    while (true) {
      std::optional<PatternNode> one = sequence();
      if (!one) return std::nullopt;
      out.parts.push_back(std::move(*one));
      if (!more() || peek() != '|') break;
      ++at_;
    }
    if (out.parts.size() == 1) return std::move(out.parts.front());
    return out;
  }

  std::optional<PatternNode> sequence() {
    PatternNode out = pattern_node(PatternNode::kSequence);
    while (more() && peek() != '|' && peek() != ')') {
      std::optional<PatternNode> one = atom();
      if (!one) return std::nullopt;
      std::optional<PatternNode> quantified = quantifier(std::move(*one));
      if (!quantified) return std::nullopt;
      out.parts.push_back(std::move(*quantified));
    }
    return out;
  }

  std::optional<PatternNode> atom() {
    const char c = text_[at_++];
    if (c == '(') {
      if (more() && peek() == '?') return std::nullopt;  // (?:...), lookaheads
      std::optional<PatternNode> inner = alternatives();
      if (!inner || !more() || peek() != ')') return std::nullopt;
      ++at_;
      return inner;
    }
    if (c == '[') return byte_class();
    if (c == '\\') return escaped();
    if (std::string_view("^$.*+?{}])|").find(c) != std::string_view::npos) return std::nullopt;
    return literal(c);
  }

  // "\." and other punctuation stand for themselves; "\d", "\b", "\1"... are not in the subset.
  std::optional<PatternNode> escaped() {
    if (!more() || !std::ispunct(static_cast<unsigned char>(peek()))) return std::nullopt;
    return literal(text_[at_++]);
  }

  static std::optional<PatternNode> literal(char c) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;  // ASCII only: bytes, not code points
    PatternNode out = pattern_node(PatternNode::kBytes);
    out.bytes.set(static_cast<unsigned char>(c));
    return out;
  }

  // "[a-z0-9._-]": characters and ranges; a "-" first or last is itself. No negation.
  std::optional<PatternNode> byte_class() {
    PatternNode out = pattern_node(PatternNode::kBytes);
    if (more() && peek() == '^') return std::nullopt;
    bool first = true;
    while (more() && (peek() != ']' || first)) {
      first = false;
      const std::optional<unsigned char> low = class_char();
      if (!low) return std::nullopt;
      unsigned char high = *low;
      if (at_ + 1 < text_.size() && peek() == '-' && text_[at_ + 1] != ']') {
        ++at_;
        const std::optional<unsigned char> end = class_char();
        if (!end || *end < *low) return std::nullopt;
        high = *end;
      }
      for (unsigned b = *low; b <= high; ++b) out.bytes.set(b);
    }
    if (!more()) return std::nullopt;
    ++at_;  // the ']'
    return out;
  }

  std::optional<unsigned char> class_char() {
    char c = text_[at_++];
    if (c == '[') return std::nullopt;  // [:alpha:] and the like
    if (c == '\\') {
      if (!more() || !std::ispunct(static_cast<unsigned char>(peek()))) return std::nullopt;
      c = text_[at_++];
    }
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
    return static_cast<unsigned char>(c);
  }

  std::optional<PatternNode> quantifier(PatternNode node) {
    if (!more()) return node;
    const char c = peek();
    PatternNode out;
    if (c == '*') out.kind = PatternNode::kStar;
    else if (c == '+') out.kind = PatternNode::kPlus;
    else if (c == '?') out.kind = PatternNode::kOptional;
    else if (c == '{') return repeat(std::move(node));
    else return node;
    ++at_;
    if (more() && std::string_view("*+?{").find(peek()) != std::string_view::npos) return std::nullopt;  // lazy, nested
    out.parts.push_back(std::move(node));
    return out;
  }

  // "{n}" only: "{n,}" and "{n,m}" are not in the subset.
  std::optional<PatternNode> repeat(PatternNode node) {
    ++at_;
    uint32_t n = 0;
    const size_t digits = at_;
    while (more() && std::isdigit(static_cast<unsigned char>(peek())) && n <= kMaxPatternRepeat)
      n = n * 10 + static_cast<uint32_t>(text_[at_++] - '0');
    if (at_ == digits || n > kMaxPatternRepeat || !more() || peek() != '}') return std::nullopt;
    ++at_;
    if (more() && std::string_view("*+?{").find(peek()) != std::string_view::npos) return std::nullopt;
    PatternNode out = pattern_node(PatternNode::kRepeat);
    out.times = n;
    out.parts.push_back(std::move(node));
    return out;
  }

  std::string_view text_;
  size_t at_ = 0;
};

// Thompson's construction: each node's code falls through to what follows it.
class PatternEmitter {
 public:
  std::vector<PatternStep> program;

  void emit(const PatternNode& n) {
    switch (n.kind) {
      case PatternNode::kBytes:
        program.push_back(pattern_step(PatternStep::kByte));
        program.back().bytes = n.bytes;
        return;
      case PatternNode::kSequence:
        for (const PatternNode& p : n.parts) emit(p);
        return;
      case PatternNode::kAlternatives: return alternatives(n);
      case PatternNode::kStar: {  // L: split body, out; body; jump L; out:
        const uint32_t split = add(PatternStep::kSplit);
        program[split].next = here();
        emit(n.parts.front());
        program[add(PatternStep::kJump)].next = split;
        program[split].other = here();
        return;
      }
      case PatternNode::kPlus: {  // L: body; split L, out; out:
        const uint32_t body = here();
        emit(n.parts.front());
        const uint32_t split = add(PatternStep::kSplit);
        program[split].next = body;
        program[split].other = here();
        return;
      }
      case PatternNode::kOptional: {  // split body, out; body; out:
        const uint32_t split = add(PatternStep::kSplit);
        program[split].next = here();
        emit(n.parts.front());
        program[split].other = here();
        return;
      }
      case PatternNode::kRepeat:
        for (uint32_t i = 0; i < n.times; ++i) emit(n.parts.front());
        return;
    }
  }

 private:
  [[nodiscard]] uint32_t here() const { return static_cast<uint32_t>(program.size()); }
  uint32_t add(PatternStep::Kind kind) {
    program.push_back(pattern_step(kind));
    return here() - 1;
  }

  // split A, rest; A; jump out; rest: split B, rest'; B; jump out; ...; last; out:
  void alternatives(const PatternNode& n) {
    std::vector<uint32_t> jumps;
    for (size_t i = 0; i + 1 < n.parts.size(); ++i) {
      const uint32_t split = add(PatternStep::kSplit);
      program[split].next = here();
      emit(n.parts[i]);
      jumps.push_back(add(PatternStep::kJump));
      program[split].other = here();
    }
    emit(n.parts.back());
    for (const uint32_t j : jumps) program[j].next = here();
  }
};

// "$" last and not escaped (an even run of backslashes before it).
bool ends_with_end_anchor(std::string_view p) {
  if (!p.ends_with('$')) return false;
  size_t slashes = 0;
  for (size_t i = p.size() - 1; i > 0 && p[i - 1] == '\\'; --i) ++slashes;
  return slashes % 2 == 0;
}

}  // namespace

SchemaPattern::SchemaPattern(const std::string& pattern) {
  std::string_view body(pattern);
  std::optional<PatternNode> parsed;
  if (body.starts_with('^')) {
    body.remove_prefix(1);
    to_end_ = ends_with_end_anchor(body);
    if (to_end_) body.remove_suffix(1);
    parsed = PatternParser(body).whole();
  }
  if (!parsed) {
    // libstdc++'s default (depth-first) executor recurses once per character
    // matched: a 200 MB "hex" string overflowed the stack. The __polynomial
    // flag (a libstdc++ extension) selects its breadth-first executor, whose
    // recursion is bounded by the pattern, and time is linear in the string.
    fallback_ = std::make_unique<std::regex>(pattern, std::regex::ECMAScript | std::regex_constants::__polynomial);
    return;
  }
  PatternEmitter emitter;
  emitter.emit(*parsed);
  program_ = std::move(emitter.program);
  program_.push_back(pattern_step(PatternStep::kMatch));
}

bool SchemaPattern::search(std::string_view text) const {
  if (fallback_) return std::regex_search(text.begin(), text.end(), *fallback_);
  // The states the automaton is in before each character (Pike's simulation):
  // each step is entered at most once per character, so an empty loop ends.
  std::vector<uint32_t> now, next, stack;
  std::vector<size_t> seen(program_.size(), SIZE_MAX);
  bool matched = false;
  size_t position = 0;
  const auto enter = [&](std::vector<uint32_t>& into, uint32_t start) {
    stack.push_back(start);
    while (!stack.empty()) {
      const uint32_t pc = stack.back();
      stack.pop_back();
      if (seen[pc] == position) continue;
      seen[pc] = position;
      const PatternStep& s = program_[pc];
      if (s.kind == PatternStep::kJump) stack.push_back(s.next);
      else if (s.kind == PatternStep::kSplit) stack.insert(stack.end(), {s.other, s.next});
      else if (s.kind == PatternStep::kByte) into.push_back(pc);
      else if (!to_end_ || position == text.size()) matched = true;
    }
  };
  enter(now, 0);
  for (; position < text.size() && !now.empty() && !matched;) {
    const auto byte = static_cast<unsigned char>(text[position]);
    next.clear();
    ++position;
    for (const uint32_t pc : now)
      if (program_[pc].bytes.test(byte)) enter(next, pc + 1);
    now.swap(next);
  }
  return matched;
}

}  // namespace meshgate
