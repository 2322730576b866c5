// The cost of ordinary commits in a real monorepo (issue 39): medusajs/medusa, fetched into this
// machine's mirror (the tool library's `fetch`), extracted into a temp folder at the mirror's HEAD.
// - Full index against `ctags -L` on the same files and against @optave/codegraph (full, and after a
//   one-file edit, both incremental), peak RSS (one run each).
// - Four commit kinds, each RUNS times: an export added to a hub module of the shared utils package
//   (imported through barrels by thousands of files), a signature changed there, a file renamed
//   (its barrel line with it), a leaf file edited. Each is committed once with `--no-verify` and once
//   with ctx's pre-commit hook, interleaved; the hook's cost is the difference of the medians, and
//   p50/p90 are over every hooked commit. `ctx hook run --json` gives the phases of one more of each.
// - After each kind, the committed index is compared byte for byte with a full `ctx index` of the
//   same tree in a clone (but for the line naming the HEAD it was built at: the hook's is the parent).
// Writes BENCHMARKS.md (bench-monorepo); skipped when the mirror is not here.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { WORK, checkoutFetched, mirrored } from "./corpora.mjs";
import { INDEX_FILES, hookedRepository } from "./hooked-repository.mjs";
import { indexText } from "./index-text.mjs";
import { replaceSection } from "./report.mjs";
import { median, timed, wallSeconds } from "./timed.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CTX = join(ROOT, "bin", "ctx.js");
const REPO = mirrored("medusajs/medusa", "tuning");
const RUNS = 3;
const HUB = "packages/core/utils/src/common/is-defined.ts";
const BARREL = "packages/core/utils/src/common/index.ts";
const RENAMED = "packages/core/utils/src/common/deep-copy";
const LEAF = "packages/medusa/src/api/admin/products/route.ts";
const CODEGRAPH = "@optave/codegraph@3.11.2";

if (!existsSync(REPO.git)) {
  console.error(`bench-monorepo: skipped (${REPO.name} is not fetched here); its section is left as it was`);
  process.exit(0);
}
const dir = join(WORK, "bench-monorepo", "medusa");
checkoutFetched(REPO.git, "HEAD", dir);
const sha = execFileSync("git", ["--git-dir", REPO.git, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
let git = (...args) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
git("reset", "-q", "--hard", git("rev-list", "--max-parents=0", "HEAD").trim());
git("clean", "-q", "-fdx");

// Full index, then ctags on exactly the files ctx indexed.
const full = timed("node", [CTX, "index", "--quiet"], dir);
const files = indexText(dir, "file_index.md")
  .split("\n")
  .filter((line) => /^\| .+ \| [0-9a-f]{64} \|/.test(line))
  .map((line) => line.slice(2).split(" | ")[0]);
const list = join(mkdtempSync(join(WORK, "ctags-")), "files.txt");
writeFileSync(list, `${files.join("\n")}\n`);
const ctags = wallSeconds("ctags", ["-L", list, "-f", "/dev/null", "--fields=+n"], dir);
const codegraph = timeCodegraph();

/**
 * @optave/codegraph (pinned, installed into the measuring folder, never into this repository) on the
 * same tree: a full build, then ctx and codegraph each after the same one-file edit; null when it
 * could not be installed.
 */
function timeCodegraph() {
  const prefix = join(WORK, "codegraph-tool");
  const cli = join(prefix, "node_modules", "@optave", "codegraph", "dist", "cli.js");
  if (!existsSync(cli)) spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", CODEGRAPH], { encoding: "utf8" });
  if (!existsSync(cli)) {
    console.error(`bench-monorepo: ${CODEGRAPH} could not be installed; measured without it`);
    return null;
  }
  const db = join(mkdtempSync(join(WORK, "codegraph-")), "graph.db");
  const full = timed("node", [cli, "build", dir, "--db", db, "--no-incremental"], dir);
  if (full.code !== 0) throw new Error("bench-monorepo: codegraph build failed");
  appendFileSync(join(dir, LEAF), "\nexport const benchEdit = 1;\n");
  const ctxEdit = timed("node", [CTX, "index", "--quiet"], dir);
  const codegraphEdit = timed("node", [cli, "build", dir, "--db", db], dir);
  git("checkout", "--", LEAF);
  execFileSync("node", [CTX, "index", "--quiet"], { cwd: dir });
  // It keeps a folder of its own in the tree too, whatever --db says.
  for (const folder of [dirname(db), join(dir, ".codegraph")]) rmSync(folder, { recursive: true, force: true });
  return { version: CODEGRAPH, full: full.seconds, kib: full.kib, ctxEdit: ctxEdit.seconds, edit: codegraphEdit.seconds };
}

const repository = hookedRepository(dir, CTX, WORK);
// Its git commits as the bench's author, whatever this machine's git configuration says.
git = repository.git;

let renamedTo = RENAMED;
/** Each kind edits the tree for one commit and returns the paths to stage. */
const KINDS = {
  "export added to a hub module": (tag) => {
    appendFileSync(join(dir, HUB), `\nexport function benchExport${tag}(): number {\n  return 1;\n}\n`);
    return [HUB];
  },
  "signature changed": (tag) => {
    const text = readFileSync(join(dir, HUB), "utf8");
    const next = text.replace(/^( {2}val: T)(,\n {2}_bench\w+\?: number)?\n\)/m, `$1,\n  _bench${tag}?: number\n)`);
    if (next === text) throw new Error(`bench-monorepo: no isDefined signature to change in ${HUB}`);
    writeFileSync(join(dir, HUB), next);
    return [HUB];
  },
  "file renamed": (tag) => {
    const to = `${RENAMED}-${tag}`;
    git("mv", `${renamedTo}.ts`, `${to}.ts`);
    const barrel = readFileSync(join(dir, BARREL), "utf8");
    const from = `./${renamedTo.slice(renamedTo.lastIndexOf("/") + 1)}"`;
    if (!barrel.includes(from)) throw new Error(`bench-monorepo: ${BARREL} does not export ${from}`);
    writeFileSync(join(dir, BARREL), barrel.replace(from, `./${to.slice(to.lastIndexOf("/") + 1)}"`));
    // `git mv` staged the old path's removal.
    const staged = [`${to}.ts`, BARREL];
    renamedTo = to;
    return staged;
  },
  "leaf file edited": (tag) => {
    appendFileSync(join(dir, LEAF), `\nfunction benchLeaf${tag}(): number {\n  return 1;\n}\nvoid benchLeaf${tag};\n`);
    return [LEAF];
  },
};

const commit = (edit, tag, verify) => {
  git("add", "-A", "--", ...edit(tag));
  return repository.commit(verify, `bench ${tag}`);
};

/** Whether the committed index equals a full `ctx index` of the same tree, built in a clone. */
function equalsFullIndex() {
  const clone = mkdtempSync(join(WORK, "monorepo-full-"));
  execFileSync("git", ["clone", "-q", dir, clone]);
  for (const name of INDEX_FILES) rmSync(join(clone, ".ai", name), { recursive: true, force: true });
  execFileSync("node", [CTX, "index", "--quiet"], { cwd: clone });
  const paths = INDEX_FILES.map((name) => `.ai/${name}`);
  // The hook builds the index before its commit exists: the one line naming the HEAD it was built at is
  // the parent's there, the commit's in the clone. Every other byte must be the same.
  // (`--name-only` lists a file whatever `-I` says: the patch itself is read.)
  const patch = execFileSync("git", ["diff", "-I", "^<!-- ctx:index schema=", "--", ...paths], { cwd: clone, encoding: "utf8", maxBuffer: 1 << 28 });
  const changed = [...patch.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]).join("\n");
  const added = execFileSync("git", ["ls-files", "--others", "--", ...paths], { cwd: clone, encoding: "utf8" }).trim();
  rmSync(clone, { recursive: true, force: true });
  const differ = [changed, added].filter(Boolean).join("\n");
  return differ === "" ? "yes" : `no: ${differ.split("\n").join(", ")}`;
}

const rows = [];
const hookedAll = [];
let tag = 0;
for (const [kind, edit] of Object.entries(KINDS)) {
  const hooked = [];
  const plain = [];
  for (let run = 0; run < RUNS; run += 1) {
    plain.push(commit(edit, `${(tag += 1)}`, false));
    hooked.push(commit(edit, `${(tag += 1)}`, true));
  }
  hookedAll.push(...hooked.map((ms) => ms - median(plain)));
  const equal = equalsFullIndex();
  // The hook's own run by phase, on one more change of this kind.
  git("add", "-A", "--", ...edit(`${(tag += 1)}`));
  const run = spawnSync("node", [CTX, "hook", "run", "--json"], { cwd: dir, encoding: "utf8" });
  const phases = JSON.parse(run.stdout).phases.filter((p) => p.ms >= 50).sort((a, b) => b.ms - a.ms);
  git("commit", "-q", "--no-verify", "-m", `bench ${tag}`);
  rows.push({ kind, hookMs: median(hooked), plainMs: median(plain), equal, phases });
  console.error(`bench-monorepo: ${kind}: hook ${median(hooked).toFixed(0)} ms, plain ${median(plain).toFixed(0)} ms, index equals a full one: ${equal}`);
}
repository.close();

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const text = [
  `Run of ${new Date().toISOString().slice(0, 10)} on this machine, ctx at ${execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim()}: ${REPO.name}@${sha} (${files.length} files indexed). Command: \`node scripts/bench-monorepo.mjs\` (in \`npm run bench\`).`,
  `Full index ${full.seconds.toFixed(2)} s against \`ctags -L\` on the same files ${ctags.toFixed(2)} s: **${(full.seconds / ctags).toFixed(2)}×** (goal ≤ 2×); peak RSS ${Math.round(full.kib / 1024)} MiB.`,
  codegraph
    ? `Against ${codegraph.version} (\`codegraph build --no-incremental\`, its own database in a temp folder) on the same tree: full ${codegraph.full.toFixed(2)} s, peak RSS ${Math.round(codegraph.kib / 1024)} MiB — ctx **${(full.seconds / codegraph.full).toFixed(2)}×**; after the same one-file edit (\`${LEAF}\`), \`ctx index\` ${codegraph.ctxEdit.toFixed(2)} s against \`codegraph build\` ${codegraph.edit.toFixed(2)} s — **${(codegraph.ctxEdit / codegraph.edit).toFixed(2)}×** (goal: faster, both).`
    : `@optave/codegraph could not be installed here: not measured.`,
  "",
  `Commits of each kind, ${RUNS} with ctx's pre-commit hook and ${RUNS} with \`--no-verify\`, interleaved (medians); the committed index is compared with a full \`ctx index\` of the same tree in a clone, byte for byte but the line naming the HEAD it was built at (the hook runs before its commit exists):`,
  "",
  "| commit kind | with hook | without | hook adds | index equals a full one | the hook's slowest phases (`ctx hook run --json`, one more commit) |",
  "| --- | ---: | ---: | ---: | --- | --- |",
  ...rows.map((r) => `| ${r.kind} | ${r.hookMs.toFixed(0)} ms | ${r.plainMs.toFixed(0)} ms | ${(r.hookMs - r.plainMs).toFixed(0)} ms | ${r.equal} | ${r.phases.slice(0, 5).map((p) => `${p.phase} ${p.ms}`).join(", ")} |`),
  "",
  `Hook adds over all ${hookedAll.length} hooked commits: p50 **${percentile(hookedAll, 50).toFixed(0)} ms**, p90 **${percentile(hookedAll, 90).toFixed(0)} ms** (goals ≤ 300 ms and ≤ 600 ms).`,
].join("\n");
replaceSection(join(ROOT, "BENCHMARKS.md"), "bench-monorepo", `### A real monorepo: commits and full index\n\n${text}`);
console.error("bench-monorepo: wrote BENCHMARKS.md");
