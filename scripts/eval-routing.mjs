// The routing part of `npm run eval`: does `ctx brief "<commit subject>"` point at the files the
// commit then changed? For sampled commits of real repositories (local clones with history, never
// part of this repository), the parent is checked out and indexed, the subject is briefed, and the
// commit's changed files (those the index holds at the parent) are looked for at rank 1 and in
// the top 5 and top 10. A plain BM25 ranking of whole file contents over the same files, with the
// same tokenizer, is scored in the same run.
//
// Repositories: CTX_EVAL_REPOS="name=/path/to/repo.git[=held-out],…" (any git directory or clone with history);
// by default the clones under /work/.mirror named below, when present. Weights and rules are decided on the
// tuning set only; the held-out set is the figure that counts, and its misses are never printed (looking at
// them would make it a tuning repository: retire it and name a new one).
import { execFileSync } from "node:child_process";
import { encode } from "gpt-tokenizer";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { termsOf } from "../dist/core/brief/sub-words.js";
import { WORK } from "./corpora.mjs";
import { random } from "./random.mjs";
import { measureReads } from "./eval-reads.mjs";

import { fetchedRepos, mirrored } from "./corpora.mjs";

const CTX = join(new URL("..", import.meta.url).pathname, "bin", "ctx.js");
export const ROUTING_COMMITS = 40;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_SUBJECT = /^(?:chore|ci|docs|release|build|style|test|tests|revert|wip|merge)\b|^v?\d+\.\d+|^Revert|^Merge|^\[?bump|dependenc/i;

const DEFAULT_REPOS = [
  mirrored("trpc/trpc", "tuning"),
  mirrored("vitest-dev/vitest", "tuning"),
  mirrored("vuejs/core", "tuning"),
  mirrored("outline/outline", "tuning"),
  // Held out since 2026-12-05: applications never looked at while tuning.
  mirrored("umami-software/umami", "held-out"),
  mirrored("excalidraw/excalidraw", "held-out"),
  mirrored("documenso/documenso", "held-out"),
];

export function routingRepos() {
  return fetchedRepos("CTX_EVAL_REPOS", DEFAULT_REPOS);
}

const run = (cwd, command, args) => execFileSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });

/**
 * Commits worth asking about: not merges, a subject that describes a change (no chores, releases,
 * docs), between 1 and 5 modified source files (tests aside) and at most 12 files in all.
 */
/** `source` names the files a task may be about: TypeScript and JavaScript unless given (the agent A/B passes Python's or Go's). */
export function candidateCommits(git, source = SOURCE) {
  const log = run(git, "git", ["--git-dir", git, "log", "--no-merges", "-n", "3000", "--no-renames", "--format=%x00%H%x09%P%x09%s", "--name-status"]);
  const commits = [];
  for (const block of log.split("\0").slice(1)) {
    const [head, ...rest] = block.split("\n");
    const [hash, parents, subject] = head.split("\t");
    if (!hash || !parents || parents.includes(" ") || SKIP_SUBJECT.test(subject)) continue;
    const changes = rest.filter(Boolean).map((line) => line.split("\t"));
    const sources = changes.filter(([status, path]) => status === "M" && source.test(path) && !/\.d\.ts$/.test(path) && !/(?:^|\/)(?:test|tests|__tests__)\/|\.(?:test|spec)\.|_test\.go$|(?:^|\/)test_[^/]*\.py$/.test(path));
    if (changes.length > 12 || sources.length < 1 || sources.length > 5) continue;
    commits.push({ hash, parent: parents, subject: subject.replace(/\s*\(#\d+\)\s*$/, ""), changed: changes.filter(([status]) => status !== "A").map(([, path]) => path) });
  }
  return commits;
}

/** English stop words, as a standard text analyzer drops them (the brief's own list). */
const STOP = new Set("a an and are as at be been but by can could do does for from has have how i if in into is it its me my no not of on or our should so than that the their them then there these this those to too us was we were what when where which while who why will with would you your".split(" "));

/**
 * Plain text tokens, as a standard search analyzer makes them: lower-cased runs of letters and
 * digits (so `user_id` is two words but `userId` one), stop words dropped, no stemming.
 */
export function plainWords(text) {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((word) => word.length > 1 && !STOP.has(word));
}

/** BM25 over whole file contents (k1 1.2, b 0.75); `tokenize` makes both the documents' and the query's terms. */
function bm25Ranking(docs, query, tokenize) {
  const terms = [...new Set(tokenize(query))];
  const n = docs.length;
  const average = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, n);
  const idf = new Map(terms.map((term) => {
    const df = docs.reduce((count, doc) => count + (doc.tf.has(term) ? 1 : 0), 0);
    return [term, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
  }));
  return docs
    .map((doc) => {
      let score = 0;
      for (const term of terms) {
        const tf = doc.tf.get(term) ?? 0;
        if (tf > 0) score += (idf.get(term) * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / average));
      }
      return { path: doc.path, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
    .map((r) => r.path);
}

const hitAt = (ranked, targets, k) => ranked.slice(0, k).some((path) => targets.has(path));

/** The one indexed file `next:` names, if it names one (the longest indexed path it contains); "read first: a, b" names none. */
function namedPath(next, indexed) {
  if (next.startsWith("read first:")) return null;
  let best = null;
  for (const [path] of indexed) if (next.includes(path) && (best === null || path.length > best.length)) best = path;
  return best;
}

/** o200k tokens of the brief's text up to and including the first line naming a changed file; null when none does. */
function tokensToFirst(text, targets) {
  const lines = text.split("\n");
  const at = lines.findIndex((line) => [...targets].some((path) => line.includes(path)));
  return at < 0 ? null : encode(lines.slice(0, at + 1).join("\n")).length;
}

/**
 * `onIndexed(dir, commit, targets)`, when given, runs after each parent is indexed (the routing lab
 * scores its variants there, on the same checkout).
 */
export async function evaluateRouting(repo, count = ROUTING_COMMITS, onIndexed = null) {
  const dir = join(WORK, "routing", repo.name.replace(/[^\w.-]+/g, "_"));
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(join(WORK, "routing"), { recursive: true });
    run(WORK, "git", ["clone", "-q", "--no-checkout", repo.git, dir]);
    // Only what indexing reads: stored snapshots can lack large binaries, which a full checkout would need.
    run(dir, "git", ["sparse-checkout", "set", "--no-cone", "*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.vue", "*.json", "*.yaml", "*.yml", ".gitignore"]);
  }
  const next = random(2026);
  const pool = candidateCommits(repo.git);
  const taken = new Set();
  while (taken.size < Math.min(count, pool.length)) taken.add(Math.floor(next() * pool.length));
  // Oldest first (the log is newest first), so each index run starts from the last one's cache.
  const chosen = [...taken].sort((a, b) => b - a).map((i) => pool[i]);
  const tokens = new Map();
  const results = [];
  for (const commit of chosen) {
    run(dir, "git", ["checkout", "-q", "-f", commit.parent]);
    run(dir, "git", ["clean", "-fdq", "-e", ".ai"]);
    run(dir, "node", [CTX, "index", "-q"]);
    const indexed = readFileSync(join(dir, ".ai/file_index.md"), "utf8")
      .split("\n")
      .filter((line) => /^\| .+ \| [0-9a-f]{64} \|/.test(line))
      .map((line) => line.slice(2).split(" | ").slice(0, 2));
    const targets = new Set(commit.changed.filter((path) => indexed.some(([p]) => p === path)));
    if (targets.size === 0) continue;
    if (onIndexed) await onIndexed(dir, commit, targets);
    const brief = JSON.parse(run(dir, "node", [CTX, "brief", commit.subject, "--json"]));
    const text = run(dir, "node", [CTX, "brief", commit.subject]);
    const ctxRanked = brief.files.map((f) => f.path);
    const named = namedPath(brief.next, indexed);
    const docsBy = (tokenize, key) =>
      indexed.map(([path, sha]) => {
        let doc = tokens.get(`${key}:${sha}`);
        if (!doc) {
          const tf = new Map();
          const words = tokenize(readFileSync(join(dir, path), "utf8"));
          for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
          doc = { tf, length: words.length };
          tokens.set(`${key}:${sha}`, doc);
        }
        return { path, ...doc };
      });
    const bm25 = bm25Ranking(docsBy(plainWords, "plain"), commit.subject, plainWords);
    const bm25Split = bm25Ranking(docsBy(termsOf, "split"), commit.subject, termsOf);
    results.push({
      commit: commit.hash.slice(0, 10),
      subject: commit.subject,
      targets: [...targets],
      ctx: [1, 5, 10].map((k) => hitAt(ctxRanked, targets, k)),
      bm25: [1, 5, 10].map((k) => hitAt(bm25, targets, k)),
      bm25Split: [1, 5, 10].map((k) => hitAt(bm25Split, targets, k)),
      ctxTop: ctxRanked.slice(0, 3),
      tokens: encode(text).length,
      firstRight: tokensToFirst(text, targets),
      next: named === null ? null : targets.has(named),
      reads: await measureReads(dir, repo.git, commit, [...targets].filter((path) => SOURCE.test(path))),
    });
  }
  return { name: repo.name, set: repo.set, head: run(repo.git, "git", ["--git-dir", repo.git, "rev-parse", "--short", "HEAD"]).trim(), results };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One table row of figures over `results`. */
function figures(results) {
  const n = results.length;
  const pct = (hits) => (n === 0 ? "n/a" : `${((100 * hits) / n).toFixed(1)}%`);
  const count = (side, k) => results.filter((r) => r[side][k]).length;
  const named = results.filter((r) => r.next !== null);
  const right = named.filter((r) => r.next).length;
  const points = (side, k) => (n === 0 ? 0 : ((count("ctx", k) - count(side, k)) * 100) / n);
  return {
    n,
    cells: [
      n,
      pct(count("ctx", 0)),
      pct(count("ctx", 1)),
      pct(count("bm25", 0)),
      pct(count("bm25", 1)),
      pct(count("bm25Split", 0)),
      pct(count("bm25Split", 1)),
      `${points("bm25", 0).toFixed(1)} / ${points("bm25", 1).toFixed(1)}`,
      named.length === 0 ? "n/a" : `${((100 * right) / named.length).toFixed(0)}% of ${named.length}`,
      pct(named.length),
      median(results.map((r) => r.tokens)) ?? "n/a",
      median(results.map((r) => r.firstRight)) ?? "n/a",
      pct(results.filter((r) => r.firstRight !== null).length),
    ],
    gap1: points("bm25", 0),
    gap5: points("bm25", 1),
    nextRight: named.length === 0 ? 0 : right / named.length,
    nextNamed: n === 0 ? 0 : named.length / n,
    tokens: median(results.map((r) => r.tokens)) ?? Infinity,
  };
}

export function routingReport(evaluations, { commit, command }) {
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)}, ctx at ${commit}. Command: \`${command}\`.`,
    `Per repository, up to ${ROUTING_COMMITS} commits sampled (seed 2026) from the last 3,000 non-merge commits whose subject describes a change`,
    "(no chore/ci/docs/release/test subjects) and that modify 1–5 source files (tests aside) and at most 12 files in all. For each, the parent",
    "is checked out and indexed (`ctx index`), and `ctx brief \"<subject>\"` is asked (the PR number cut from the subject). A hit at k:",
    "one of the files the commit changed that the index holds at the parent is among the first k of `--json`'s files. BM25 (k1 1.2,",
    "b 0.75) ranks the whole contents of the same files: *plain*, the baseline the goals are set against, tokenizes as a standard search",
    "analyzer does (lower-cased letter-and-digit runs, English stop words dropped, no stemming); *normalised* uses ctx's own tokenizer",
    "(camelCase split, stemmed). `next:` right: the file the text's `next:` line names was changed (of the briefs that name one). Tokens:",
    "o200k of the text brief (median); to first right file: tokens of the text up to the first line naming a changed file (median over",
    "the briefs that name one, and how often one does). Weights and rules are decided on the tuning set; the held-out set is what counts.",
    "",
    "| repository | set | at | commits | ctx hit@1 | ctx hit@5 | BM25 plain hit@1 | BM25 plain hit@5 | BM25 normalised hit@1 | BM25 normalised hit@5 | ctx − plain (points, @1 / @5) | `next:` right | `next:` named | brief tokens | tokens to first right file | a right file in the text |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const e of evaluations) lines.push(`| ${e.name} | ${e.set} | ${e.head} | ${figures(e.results).cells.join(" | ")} |`);
  const bySet = (set) => evaluations.filter((e) => e.set === set).flatMap((e) => e.results);
  for (const set of ["tuning", "held-out"]) lines.push(`| **all ${set}** | | | ${figures(bySet(set)).cells.map((cell) => `**${cell}**`).join(" | ")} |`);
  const held = figures(bySet("held-out"));
  const goal = (met) => (met ? "met" : "**not met**");
  lines.push(
    "",
    `Goals, held out (${held.n} commits): hit@1 ≥ BM25 + 15 points — ${goal(held.n > 0 && held.gap1 >= 15)} (${held.gap1.toFixed(1)}); hit@5 ≥ BM25 + 20 — ${goal(held.n > 0 && held.gap5 >= 20)} (${held.gap5.toFixed(1)});`,
    `\`next:\` right ≥ 60% when named — ${goal(held.nextRight >= 0.6)} (${(100 * held.nextRight).toFixed(0)}%), named in ≥ 50% — ${goal(held.nextNamed >= 0.5)} (${(100 * held.nextNamed).toFixed(0)}%); median brief ≤ 350 tokens — ${goal(held.tokens <= 350)} (${held.tokens}).`,
    "",
  );
  // Only tuning repositories' misses are shown: reading a held-out one's would make it a tuning repository.
  const misses = bySet("tuning").filter((r) => !r.ctx[1]).slice(0, 8);
  if (misses.length > 0) {
    lines.push("Examples (tuning set only) where no changed file was in ctx's top 5:", "");
    for (const r of misses) lines.push(`- ${r.commit} "${r.subject}": changed ${r.targets.join(", ")}; ctx's top 3: ${r.ctxTop.join(", ") || "(none)"}`);
    lines.push("");
  }
  return lines.join("\n");
}

// Run alone: node scripts/eval-routing.mjs [commits]
if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? ROUTING_COMMITS);
  const evaluations = [];
  for (const repo of routingRepos()) {
    console.error(`routing: ${repo.name}`);
    const evaluation = await evaluateRouting(repo, count);
    // A held-out repository's commits are not printed one by one (see routingReport).
    if (repo.set === "tuning") for (const r of evaluation.results) console.error(`  ${r.ctx.map(Number).join("")} ${r.bm25.map(Number).join("")} ${r.subject}`);
    evaluations.push(evaluation);
  }
  console.log(routingReport(evaluations, { commit: "working tree", command: "node scripts/eval-routing.mjs" }));
}
