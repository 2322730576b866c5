// Measurement corpora for `npm run bench` and `npm run eval`, prepared in a temp folder, never in
// this repository: real packages that ship their TypeScript sources, installed from the npm
// registry by pinned version, and deterministic synthetic repositories.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateRepository } from "./synthetic-repo.mjs";

export const WORK = join(tmpdir(), "ctx-measure");

/** @typedef {{ name: string, kind: "npm" | "synthetic", spec?: string, files?: number, dir: string }} Corpus */

/** @type {Omit<Corpus, "dir">[]} */
export const REAL_CORPORA = [
  { name: "effect@4.1.0", kind: "npm", spec: "effect@4.1.0" },
  { name: "rxjs@7.8.2", kind: "npm", spec: "rxjs@7.8.2" },
  { name: "zod@4.6.7", kind: "npm", spec: "zod@4.6.7" },
];

/** @type {Omit<Corpus, "dir">[]} */
export const SYNTHETIC_CORPORA = [
  { name: "synthetic-5k", kind: "synthetic", files: 5000 },
  { name: "synthetic-7k", kind: "synthetic", files: 7000 },
  { name: "synthetic-50k", kind: "synthetic", files: 50000 },
];

/** @param {string} cwd @param {string[]} args */
function git(cwd, ...args) {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: { ...process.env, GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@localhost", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@localhost" },
  });
}

/**
 * Makes the corpus a git repository with one commit (idempotent: an existing one is reused).
 * @param {Omit<Corpus, "dir">} corpus
 * @returns {Corpus}
 */
export function prepareCorpus(corpus) {
  const dir = join(WORK, corpus.name.replace(/[^\w.-]+/g, "_"));
  if (existsSync(join(dir, ".git"))) return { ...corpus, dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (corpus.kind === "npm") {
    const download = join(WORK, "downloads");
    mkdirSync(download, { recursive: true });
    const tarball = execFileSync("npm", ["pack", corpus.spec ?? "", "--silent", "--pack-destination", download], { encoding: "utf8" }).trim().split("\n").pop() ?? "";
    execFileSync("tar", ["xzf", join(download, tarball), "-C", dir]);
    // npm tarballs unpack into package/; the corpus is its content.
    for (const entry of readdirSync(join(dir, "package"))) renameSync(join(dir, "package", entry), join(dir, entry));
    rmSync(join(dir, "package"), { recursive: true });
    // A published package carries its build output; the project's own repository ignores it, and
    // so does this one, so that rg and ctx see what they would see in a clone of the project.
    writeFileSync(join(dir, ".gitignore"), "dist/\nbuild/\n*.map\n*.min.js\n");
  } else {
    generateRepository(dir, corpus.files ?? 0);
  }
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "corpus");
  return { ...corpus, dir };
}

/**
 * A repository fetched into this machine's mirror (`/work/.mirror/<owner>+<name>/repo`, where the
 * tool library's `fetch` puts it), for an eval part's default list.
 * @param {string} name `owner/name` @param {"tuning" | "held-out"} set
 */
export function mirrored(name, set) {
  return { name, git: `/work/.mirror/${name.replace("/", "+")}/repo`, set };
}

/**
 * Fetched repositories for an eval part: `name=/path/to/git-dir[=held-out],…` from the environment
 * variable when set, else `defaults`; only those whose git directory exists here.
 * @param {string} variable @param {{ name: string, git: string, set: string }[]} defaults
 */
export function fetchedRepos(variable, defaults) {
  const configured = process.env[variable];
  const repos = configured
    ? configured.split(",").map((item) => {
        const [name, git, set = "tuning"] = item.split("=");
        return { name, git, set };
      })
    : defaults;
  return repos.filter((repo) => existsSync(repo.git));
}

/**
 * A fetched repository's tree at `commit`, extracted into `dir` as a one-commit repository (once:
 * an existing one is reused): source, JSON, Markdown and YAML files only, since a mirror may lack
 * large blobs (those are left out rather than failing the archive).
 * @param {string} gitDir @param {string} commit @param {string} dir
 * @param {RegExp} [kept] the files to extract (default: TypeScript and JavaScript sources with their configuration)
 */
export function checkoutFetched(gitDir, commit, dir, kept = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json|md|ya?ml)$/) {
  if (existsSync(join(dir, ".git"))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Workspace configuration (pnpm-workspace.yaml) decides how packages import one another.
  const listed = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", "--name-only", commit], { encoding: "utf8", maxBuffer: 1 << 28 })
    .split("\0")
    .filter((file) => kept.test(file));
  const checked = spawnSync("git", ["--git-dir", gitDir, "cat-file", "--batch-check=%(objecttype)"], { input: listed.map((file) => `${commit}:${file}`).join("\n"), encoding: "utf8", maxBuffer: 1 << 28 });
  const present = checked.stdout.split("\n");
  const files = listed.filter((_, i) => present[i] === "blob");
  const archive = spawnSync("git", ["--git-dir", gitDir, "archive", "--format=tar", commit, "--", ...files], { maxBuffer: 1 << 30 });
  spawnSync("tar", ["x", "-C", dir], { input: archive.stdout, maxBuffer: 1 << 30 });
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", "corpus");
}
