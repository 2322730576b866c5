import { hostname } from "node:os";
import { execFile } from "node:child_process";
import { appendFileSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, prepared } from "../helpers/fixture.js";

const HANDOFFS = join(import.meta.dirname, "..", "fixtures", "handoff", "handoffs");
const BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");
const TODAY = new Date().toISOString().slice(0, 10);

const TASK = [
  "--type", "bug-fix",
  "--keywords", "users,404",
  "--problem", "GET /users/:id answered 500 for an empty id",
  "--root-cause", "the empty id reached the lookup unchecked",
  "--solution", "validate the id in getUser before the lookup",
  "--lesson", "validate request input at the route, not in the service",
  "--failed", "a check in UsersService.findOne: every other caller broke",
];
const ERROR = "TypeError: Cannot read properties of undefined (reading 'id')";

/** The users project, indexed, after `ctx init`, with a valid handoff in place. */
async function projectWithHandoff(): Promise<string> {
  return prepared("handoff/project after init, with a valid handoff", async (dir) => {
    cpSync(await indexedFixture("handoff/project"), dir, { recursive: true });
    await ctx(dir, "init");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    copyFileSync(join(HANDOFFS, "valid.md"), join(dir, ".ai/HANDOFF.md"));
  });
}

/** Every file under .ai/ but the caches, with its content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string): void => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = `${sub}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== ".cache") walk(path);
      } else files[path] = readFileSync(join(dir, path), "utf8");
    }
  };
  walk(".ai");
  return files;
}

describe("ctx complete-task", () => {
  it("refuses while the handoff does not validate, writing nothing, and records with --force, saying so in the entry", async () => {
    const dir = await projectWithHandoff();
    copyFileSync(join(HANDOFFS, "todo.md"), join(dir, ".ai/HANDOFF.md"));
    const before = snapshot(dir);
    const refused = await ctx(dir, "complete-task", ...TASK);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("HANDOFF_FAIL todo line 10: TBD left in");
    expect(refused.stdout).toMatch(/ctx complete-task: refused: \.ai\/HANDOFF\.md does not validate \(1 problem\); fix it, or pass --force/);
    expect(snapshot(dir)).toEqual(before);
    const forced = await ctx(dir, "complete-task", ...TASK, "--force", "--no-index", "--json");
    expect(forced.code).toBe(0);
    const done = JSON.parse(forced.stdout) as { id: string; forced: boolean };
    expect(done.forced).toBe(true);
    expect(readFileSync(join(dir, `.ai/brain/${done.id}.md`), "utf8")).toContain("- forced: recorded with --force over a handoff that did not validate (todo)");
  });

  it("keeps the lesson, the brain entry and its row, the hot-cache and incident lines; archives and resets the handoff and research", async () => {
    const dir = await projectWithHandoff();
    writeFileSync(join(dir, ".ai/research.md"), "# Research\n\nlooked at the router; ruled out the service\n");
    appendFileSync(join(dir, "src/users/users-routes.ts"), "export const EMPTY_ID = \"\";\n");
    const handoff = readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8");
    const run = await ctx(dir, "complete-task", ...TASK, "--error", ERROR, "--incident");
    expect(run.code).toBe(0);
    const id = `${TODAY}-get-users-id-answered-500-for-an-empty-id`;
    expect(run.stdout.split("\n")).toEqual([
      `ctx complete-task: recorded ${id} (bug-fix)`,
      "  index     refreshed: 1 file re-parsed",
      "  appended  .ai/lessons-learned.md",
      `  created   .ai/brain/${id}.md`,
      "  appended  .ai/brain-index.md",
      "  appended  .ai/hot-cache.jsonl",
      "  appended  .ai/incident-cache.jsonl",
      `  archived  .ai/archive/${id}-HANDOFF.md`,
      "  reset     .ai/HANDOFF.md (from the template)",
      "  reset     .ai/research.md (from the template)",
      "",
    ]);
    const lessons = readFileSync(join(dir, ".ai/lessons-learned.md"), "utf8");
    expect(lessons).toContain(`\n## ${id} · GET /users/:id answered 500 for an empty id\n- type: bug-fix · keywords: users, 404 · files: src/users/users-routes.ts, src/users/validate-id.ts\n- lesson: validate request input at the route, not in the service\n`);
    const entry = readFileSync(join(dir, `.ai/brain/${id}.md`), "utf8");
    expect(entry).toContain("## Failed approaches\n- a check in UsersService.findOne: every other caller broke\n");
    expect(entry).toContain(`- handoff: .ai/archive/${id}-HANDOFF.md`);
    expect(readFileSync(join(dir, ".ai/brain-index.md"), "utf8")).toContain(`| [${id}](brain/${id}.md) | bug-fix | users, 404 | GET /users/:id answered 500 for an empty id: validate request input at the route, not in the service |\n`);
    const hot = JSON.parse(readFileSync(join(dir, ".ai/hot-cache.jsonl"), "utf8")) as Record<string, unknown>;
    expect(hot).toMatchObject({ signature: "typeerror cannot read properties of undefined reading id", error: ERROR, rootCause: "the empty id reached the lookup unchecked", fix: "validate the id in getUser before the lookup", verified: TODAY, entry: id });
    expect(hot.files).toEqual([
      { path: "src/users/users-routes.ts", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      { path: "src/users/validate-id.ts", sha256: null },
    ]);
    expect(JSON.parse(readFileSync(join(dir, ".ai/incident-cache.jsonl"), "utf8"))).toMatchObject({ id, cause: "the empty id reached the lookup unchecked", fix: "validate the id in getUser before the lookup" });
    expect(readFileSync(join(dir, `.ai/archive/${id}-HANDOFF.md`), "utf8")).toBe(handoff);
    expect(readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8")).toBe(readFileSync(join(import.meta.dirname, "../../templates/HANDOFF.md"), "utf8"));
    expect(readFileSync(join(dir, ".ai/research.md"), "utf8")).toBe(readFileSync(join(import.meta.dirname, "../../templates/research.md"), "utf8"));
    expect((await ctx(dir, "index", "--check")).code).toBe(0);
  });

  it("prints what it would write with --dry-run and writes nothing", async () => {
    const dir = await projectWithHandoff();
    const before = snapshot(dir);
    const run = await ctx(dir, "complete-task", ...TASK, "--error", ERROR, "--dry-run");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^ctx complete-task --dry-run: would record ${TODAY}-get-users-id-answered-500-for-an-empty-id \\(bug-fix\\); nothing written\n`));
    expect(run.stdout).toContain('  would append to .ai/hot-cache.jsonl:\n    {"hash":');
    expect(run.stdout).toContain("  would archive .ai/HANDOFF.md as .ai/archive/");
    expect(snapshot(dir)).toEqual(before);
  });

  it("reads the fields from a YAML file, flags over it, and names the line of a bad key", async () => {
    const dir = await projectWithHandoff();
    writeFileSync(
      join(dir, "task.yaml"),
      ["type: decision", "title: Ids are validated at the route", "keywords: [users, validation]", "problem: where to validate ids", "solution: at the route", "lesson: routes own input checks", "incident:", "  error: 'Error: empty id'", "  cause: no check"].join("\n"),
    );
    const run = await ctx(dir, "complete-task", "--from", "task.yaml", "--type", "pattern", "--no-index", "--json");
    expect(run.code).toBe(0);
    const done = JSON.parse(run.stdout) as { id: string; writes: { path: string }[] };
    expect(done.id).toBe(`${TODAY}-ids-are-validated-at-the-route`);
    expect(readFileSync(join(dir, `.ai/brain/${done.id}.md`), "utf8")).toContain("- type: pattern\n");
    expect(done.writes.map((w) => w.path)).toContain(".ai/incident-cache.jsonl");
    writeFileSync(join(dir, "bad.yaml"), "type: bug-fix\nsolutoin: typo\n");
    const bad = await ctx(dir, "complete-task", "--from", "bad.yaml");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^ctx: bad\.yaml:2: unknown key `solutoin`; expected one of/);
    const missing = await ctx(dir, "complete-task", "--type", "bug-fix");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^ctx: cannot record the task: missing --problem, --solution, --lesson, --keywords /);
  });

  it("names every missing or invalid field in one line, before it refreshes the index, exit 2", async () => {
    const dir = await projectWithHandoff();
    const before = snapshot(dir);
    const run = await ctx(dir, "complete-task", "--type", "nonsense", "--keywords", ",", "--solution", "validate the id", "--incident");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "ctx: cannot record the task: --type nonsense is not one of bug-fix, feature, pattern, decision, optimization, refactor; " +
        "missing --problem, --lesson, --keywords (as flags, or keys of the --from file); --incident needs --error and --root-cause — " +
        'e.g. --type bug-fix --problem "GET /users/:id answered 500 for an empty id" --lesson "validate request input at the route, not in the service" ' +
        '--keywords users,validation,404 --error "<the error text>" --root-cause "<why it happened>"\n',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it("keeps every entry when 20 processes complete tasks at once", async () => {
    const dir = await projectWithHandoff();
    const run = promisify(execFile);
    // Settled, not raced: a failure is reported once every process has stopped writing.
    const runs = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        run(process.execPath, [BIN, "complete-task", ...TASK, "--title", `concurrent task ${n}`, "--error", `Error: failure number ${n} in worker-${n}`, "--incident", "--force", "--no-index"], { cwd: dir }),
      ),
    );
    expect(runs.flatMap((outcome) => (outcome.status === "rejected" ? [String(outcome.reason)] : []))).toEqual([]);
    const ids = Array.from({ length: 20 }, (_, n) => `${TODAY}-concurrent-task-${n}`).sort();
    expect(readdirSync(join(dir, ".ai/brain")).map((f) => f.slice(0, -3)).sort()).toEqual(ids);
    const lessons = readFileSync(join(dir, ".ai/lessons-learned.md"), "utf8");
    const rows = readFileSync(join(dir, ".ai/brain-index.md"), "utf8");
    for (const id of ids) {
      expect(lessons).toContain(`## ${id} · `);
      expect(rows).toContain(`| [${id}](brain/${id}.md) |`);
    }
    for (const cache of ["hot-cache.jsonl", "incident-cache.jsonl"]) {
      const lines = readFileSync(join(dir, ".ai", cache), "utf8").split("\n").filter(Boolean);
      expect(lines.map((line) => (JSON.parse(line) as { entry: string }).entry).sort()).toEqual(ids);
    }
    expect(existsSync(join(dir, ".ai/.cache/locks/memory.lock"))).toBe(false);
  });

  it("appends after a malformed cache line without touching it, and traverse Err reports its line", async () => {
    const dir = await projectWithHandoff();
    writeFileSync(join(dir, ".ai/hot-cache.jsonl"), '{"hash":"x","signature":"old","fix":"kept"}\n{"torn line\n');
    await ctx(dir, "complete-task", ...TASK, "--error", ERROR, "--no-index");
    const lines = readFileSync(join(dir, ".ai/hot-cache.jsonl"), "utf8").split("\n");
    expect(lines.slice(0, 2)).toEqual(['{"hash":"x","signature":"old","fix":"kept"}', '{"torn line']);
    expect(JSON.parse(lines[2]!)).toMatchObject({ error: ERROR });
    const found = await ctx(dir, "traverse", "Err", ERROR);
    expect(found.code).toBe(0);
    expect(found.stdout).toContain("warning: .ai/hot-cache.jsonl:2: unreadable line kept as it is (");
  });
});

describe("ctx complete-task and a lock left behind", () => {
  it("breaks a lock whose process has died, and records the task", async () => {
    const dir = await projectWithHandoff();
    // The pid of a process that has exited: its lock is abandoned.
    const dead = await promisify(execFile)(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const lock = join(dir, ".ai/.cache/locks/memory.lock");
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, `${dead.stdout} 2026-01-01T00:00:00.000Z\n`);
    const run = await ctx(dir, "complete-task", ...TASK, "--no-index");
    expect(run.code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock with no owner in it (its writer died before writing one) and one whose pid a later process reuses", async () => {
    const dir = await projectWithHandoff();
    const lock = join(dir, ".ai/.cache/locks/memory.lock");
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const started = Date.now();
    const run = await ctx(dir, "complete-task", ...TASK, "--no-index");
    expect(run.code, run.stderr).toBe(0);
    // Not after the 15 s a live holder is waited for.
    expect(Date.now() - started).toBeLessThan(10_000);

    // This test's own process is running, but it started long after the owner the lock names.
    const other = await projectWithHandoff();
    const otherLock = join(other, ".ai/.cache/locks/memory.lock");
    mkdirSync(dirname(otherLock), { recursive: true });
    writeFileSync(otherLock, `${JSON.stringify({ pid: process.pid, host: hostname(), started: Date.now() - 86_400_000, taken: "2026-01-01T00:00:00.000Z" })}\n`);
    const reused = await ctx(other, "complete-task", ...TASK, "--no-index");
    expect(reused.code, reused.stderr).toBe(0);
    expect(existsSync(otherLock)).toBe(false);
  });
});
