// A bench corpus as a repository that uses ctx: its index committed, ctx's pre-commit hook installed and
// found on PATH as a global install would be (`ctx-nav`), and commits timed with the hook or with
// `--no-verify`. Shared by scripts/bench.mjs (one-file commits on each corpus) and
// scripts/bench-monorepo.mjs (four commit kinds on a real monorepo).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** The committed index files (`ctx index` writes them; the cache beside them is not committed). */
export const INDEX_FILES = ["symbol_index.md", "symbol_index", "endpoint_index.md", "call_index.md", "call_index", "file_index.md", "domain-manifest.yaml"];

const ENV = { GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@ctx", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@ctx", NO_COLOR: "1" };

/**
 * Commits the index `dir` holds (untimed) and installs the hook. `commit(verify, message)` commits
 * what is staged and returns its wall milliseconds; after a commit with `--no-verify` the index is
 * brought up to date and committed untimed, so that each hooked commit sees one change. `close()`
 * uninstalls the hook.
 * @param {string} dir @param {string} ctx bin/ctx.js @param {string} work a folder for the PATH entry
 */
export function hookedRepository(dir, ctx, work) {
  const git = (...args) => execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...ENV } });
  const indexPaths = () => INDEX_FILES.map((name) => `.ai/${name}`).filter((path) => existsSync(join(dir, path)));
  const start = git("rev-parse", "HEAD").trim();
  git("add", "-A", "--", ...indexPaths());
  git("commit", "-q", "--no-verify", "--allow-empty", "-m", "bench: index");
  const bin = mkdtempSync(join(work, "bin-"));
  symlinkSync(ctx, join(bin, "ctx-nav"));
  execFileSync("node", [ctx, "hook", "install"], { cwd: dir });
  return {
    git,
    /** The commit before the index was committed: what a bench resets to when it is done. */
    start,
    commit(verify, message) {
      const began = process.hrtime.bigint();
      const result = spawnSync("git", ["commit", "-q", ...(verify ? [] : ["--no-verify"]), "-m", message], { cwd: dir, encoding: "utf8", env: { ...process.env, ...ENV, PATH: `${bin}:${process.env.PATH}` } });
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      if (result.status !== 0) throw new Error(`git commit failed in ${dir}: ${result.stderr}`);
      if (!verify) {
        execFileSync("node", [ctx, "index", "--quiet"], { cwd: dir });
        git("add", "-A", "--", ...indexPaths());
        git("commit", "-q", "--no-verify", "--allow-empty", "-m", `${message}: index`);
      }
      return ms;
    },
    close() {
      execFileSync("node", [ctx, "hook", "uninstall"], { cwd: dir });
      rmSync(bin, { recursive: true, force: true });
    },
  };
}
