/*
 * A route written as a regular expression (Sinatra's `get %r{/history/(.+?)/([0-9a-f]{40})}`), run
 * against a requested path without running the repository's pattern in the JavaScript engine: a
 * pattern from a repository is hostile input, and a backtracking engine can take exponential time
 * on it. The pattern is compiled to a Thompson automaton and simulated state set by state set, in
 * time linear in the path for a bounded pattern. Only what a route needs is understood: literals,
 * `.`, classes, the usual escapes, groups, alternation and quantifiers (laziness changes which match
 * is found, never whether there is one). Anything else (back-references, look-around, atomic groups,
 * anchors inside the pattern) compiles to nothing: the route is then found by its text only.
 */

type Test = (char: string) => boolean;

type Node =
  | { kind: "char"; test: Test }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "repeat"; node: Node; min: number; max: number };

/** NFA states: a character test, a fork, or the end. */
type State = { test: Test; out: number } | { split: [number, number] } | { end: true };

/** A compiled route pattern: whether a whole path matches it. */
export type RouteRegex = (path: string) => boolean;

const MAX_SOURCE = 1_000;
const MAX_STATES = 4_000;
const MAX_COUNT = 100;

class Unsupported extends Error {}

/** `%r{…}` (the route column's form of a regex route) as a matcher; undefined when it is no such route or uses what is not understood. */
export function routeRegexOf(route: string): RouteRegex | undefined {
  const source = regexRouteSource(route);
  return source === undefined ? undefined : compileRouteRegex(source.pattern, source.ignoreCase);
}

/** The pattern of a regex route as the index writes it: `%r{pattern}` or `%r{pattern}i`. */
export function regexRouteSource(route: string): { pattern: string; ignoreCase: boolean } | undefined {
  const match = /^%r\{([\s\S]*)\}(i?)$/.exec(route);
  return match ? { pattern: match[1]!, ignoreCase: match[2] === "i" } : undefined;
}

export function compileRouteRegex(pattern: string, ignoreCase = false): RouteRegex | undefined {
  if (pattern.length > MAX_SOURCE) return undefined;
  try {
    const trimmed = pattern.replace(/^(?:\^|\\A)/, "").replace(/(?:\$|\\z|\\Z)$/, "");
    const parser = new Parser(trimmed, ignoreCase);
    const node = parser.alternation();
    if (!parser.done()) throw new Unsupported();
    const states: State[] = [];
    const start = build(node, states, states.push({ end: true }) - 1);
    return (path) => simulate(states, start, path);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Builds `node` so that it continues at `next`; returns its first state. */
function build(node: Node, states: State[], next: number): number {
  if (states.length > MAX_STATES) throw new Unsupported();
  switch (node.kind) {
    case "char":
      return states.push({ test: node.test, out: next }) - 1;
    case "seq":
      return node.items.reduceRight((after, item) => build(item, states, after), next);
    case "alt": {
      const starts = node.options.map((option) => build(option, states, next));
      return starts.slice(1).reduce((left, right) => states.push({ split: [left, right] }) - 1, starts[0]!);
    }
    case "repeat": {
      let after = next;
      if (node.max === Infinity) {
        // A loop: a fork whose one side runs the node and comes back.
        const fork = states.push({ split: [-1, next] }) - 1;
        const body = build(node.node, states, fork);
        (states[fork] as { split: [number, number] }).split[0] = body;
        after = fork;
      } else {
        for (let i = node.min; i < node.max; i += 1) {
          const body = build(node.node, states, after);
          after = states.push({ split: [body, next] }) - 1;
        }
      }
      for (let i = 0; i < node.min; i += 1) after = build(node.node, states, after);
      return after;
    }
  }
}

function simulate(states: readonly State[], start: number, path: string): boolean {
  let current = closure(states, [start]);
  for (const char of path) {
    const next: number[] = [];
    for (const index of current) {
      const state = states[index]!;
      if ("test" in state && state.test(char)) next.push(state.out);
    }
    if (next.length === 0) return false;
    current = closure(states, next);
  }
  return current.some((index) => "end" in states[index]!);
}

/** The states reachable from these through forks alone. */
function closure(states: readonly State[], from: readonly number[]): number[] {
  const seen = new Set<number>();
  const stack = [...from];
  while (stack.length > 0) {
    const index = stack.pop()!;
    if (seen.has(index)) continue;
    seen.add(index);
    const state = states[index]!;
    if ("split" in state) stack.push(...state.split);
  }
  return [...seen];
}

const DIGIT: Test = (c) => c >= "0" && c <= "9";
const WORD: Test = (c) => /^[A-Za-z0-9_]$/.test(c);
const SPACE: Test = (c) => /^\s$/.test(c);
const HEX: Test = (c) => /^[0-9A-Fa-f]$/.test(c);
const not = (test: Test): Test => (c) => !test(c);
const CLASS_ESCAPES: Record<string, Test> = { d: DIGIT, D: not(DIGIT), w: WORD, W: not(WORD), s: SPACE, S: not(SPACE), h: HEX, H: not(HEX) };
const CONTROL: Record<string, string> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", e: "\u001b", "0": "\0" };

class Parser {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly source: string,
    private readonly ignoreCase: boolean,
  ) {}

  done(): boolean {
    return this.at === this.source.length;
  }

  alternation(): Node {
    if ((this.depth += 1) > 64) throw new Unsupported();
    const options = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at += 1;
      options.push(this.sequence());
    }
    this.depth -= 1;
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (!this.done() && this.source[this.at] !== "|" && this.source[this.at] !== ")") items.push(this.quantified(this.atom()));
    return { kind: "seq", items };
  }

  private quantified(node: Node): Node {
    const char = this.source[this.at];
    let min: number;
    let max: number;
    if (char === "*" || char === "+" || char === "?") {
      this.at += 1;
      [min, max] = char === "*" ? [0, Infinity] : char === "+" ? [1, Infinity] : [0, 1];
    } else if (char === "{") {
      // `{n}`, `{n,}`, `{n,m}` and Ruby's `{,m}`; a brace that opens no count is a literal brace, as Ruby reads it.
      const count = /^\{(\d{1,3}(?=[,}])|(?=,\d))(,(\d{0,3}))?\}/.exec(this.source.slice(this.at));
      if (!count) return node;
      this.at += count[0].length;
      min = Number(count[1] || 0);
      max = count[2] === undefined ? min : count[3] === "" ? Infinity : Number(count[3]);
      if (min > MAX_COUNT || (max !== Infinity && (max > MAX_COUNT || max < min))) throw new Unsupported();
    } else return node;
    // Lazy (`+?`) finds another match, never another answer to whether one exists; possessive (`++`) would.
    if (this.source[this.at] === "?") this.at += 1;
    else if (this.source[this.at] === "+") throw new Unsupported();
    return this.quantified({ kind: "repeat", node, min, max });
  }

  private atom(): Node {
    const char = this.source[this.at]!;
    this.at += 1;
    switch (char) {
      case "(": {
        if (this.source[this.at] === "?") {
          const group = /^\?(?::|<[A-Za-z_]\w*>|'[A-Za-z_]\w*')/.exec(this.source.slice(this.at));
          if (!group) throw new Unsupported();
          this.at += group[0].length;
        }
        const inner = this.alternation();
        if (this.source[this.at] !== ")") throw new Unsupported();
        this.at += 1;
        return inner;
      }
      case "[":
        return { kind: "char", test: this.characterClass() };
      case ".":
        return { kind: "char", test: (c) => c !== "\n" };
      case "\\":
        return { kind: "char", test: this.escape(false) };
      case "^":
      case "$":
      case ")":
      case "*":
      case "+":
      case "?":
        throw new Unsupported();
      default:
        return { kind: "char", test: this.literal(char) };
    }
  }

  private literal(char: string): Test {
    if (!this.ignoreCase) return (c) => c === char;
    const lower = char.toLowerCase();
    return (c) => c.toLowerCase() === lower;
  }

  /** After a backslash: a class escape, a control character, or the character itself; back-references, `\b` and the like are not understood. */
  private escape(inClass: boolean): Test {
    const char = this.source[this.at];
    if (char === undefined) throw new Unsupported();
    this.at += 1;
    const shorthand = CLASS_ESCAPES[char];
    if (shorthand) return shorthand;
    if (CONTROL[char] !== undefined) return this.literal(CONTROL[char]);
    if (/[A-Za-z1-9]/.test(char) && !(inClass && char === "b")) throw new Unsupported();
    return this.literal(inClass && char === "b" ? "\b" : char);
  }

  private characterClass(): Test {
    const negated = this.source[this.at] === "^";
    if (negated) this.at += 1;
    const tests: Test[] = [];
    let first = true;
    while (this.source[this.at] !== "]" || first) {
      first = false;
      const char = this.source[this.at];
      if (char === undefined || char === "[" || this.source.startsWith("&&", this.at)) throw new Unsupported();
      this.at += 1;
      if (char === "\\") {
        tests.push(this.escape(true));
        continue;
      }
      if (this.source[this.at] === "-" && this.source[this.at + 1] !== "]" && this.source[this.at + 1] !== undefined) {
        const end = this.source[this.at + 1]!;
        if (end === "\\" || end === "[") throw new Unsupported();
        this.at += 2;
        tests.push(this.range(char, end));
        continue;
      }
      tests.push(this.literal(char));
    }
    this.at += 1;
    const any: Test = (c) => tests.some((test) => test(c));
    return negated ? (c) => c !== "\n" && !any(c) : any;
  }

  private range(from: string, to: string): Test {
    if (from > to) throw new Unsupported();
    const within = (c: string): boolean => c >= from && c <= to;
    return this.ignoreCase ? (c) => within(c) || within(c.toLowerCase()) || within(c.toUpperCase()) : within;
  }
}

/**
 * A Ruby regex literal's pattern as one line: in extended mode (`x`) whitespace and `#` comments
 * outside a class are not part of it. Undefined when it interpolates (`#{…}`): only the running
 * program knows that pattern.
 */
export function plainRegexPattern(body: string, extended: boolean): string | undefined {
  if (/(?<!\\)#\{/.test(body)) return undefined;
  if (!extended) return body;
  let out = "";
  let inClass = false;
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (char === "\\") {
      out += body.slice(i, i + 2);
      i += 1;
    } else if (inClass) {
      if (char === "]") inClass = false;
      out += char;
    } else if (char === "[") {
      inClass = true;
      out += char;
    } else if (char === "#") {
      while (i < body.length && body[i] !== "\n") i += 1;
    } else if (!/\s/.test(char)) out += char;
  }
  return out;
}
