import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, CTX_HERE, git, tempDir } from "../helpers/fixture.js";

const FILES = [".ai/HANDOFF.md", ".ai/research.md", ".ai/lessons-learned.md", ".ai/brain-index.md", ".ai/hot-cache.jsonl", ".ai/incident-cache.jsonl", ".ai/index-config.yaml"];

function repository(): string {
  const dir = tempDir();
  git(dir, "init", "-q", "-b", "main");
  return dir;
}

describe("ctx init", () => {
  it("creates .ai/ from the templates and ignores the caches and logs, so git sees only the files meant to be committed", async () => {
    const dir = repository();
    const run = await ctx(dir, "init", "--json");
    expect(run.code).toBe(0);
    const done = JSON.parse(run.stdout) as { created: string[]; kept: string[]; ignored: string[] };
    expect(done).toMatchObject({ created: FILES, kept: [], ignored: [".ai/.cache/", ".ai/logs/"] });
    const handoff = readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8");
    // Every section the handoff gate asks for, each with a placeholder to replace, within its 30 lines.
    for (const heading of ["## Objective / status", "## Exact paths and symbols", "## Ordered edit steps", "## Invariants", "## Changed files", "## Verification commands", "## Blockers", "## Next action"]) {
      expect(handoff).toMatch(new RegExp(`^${heading.replace(/[/]/g, "\\/")}\n(?:- |1\\. )?\`?\\[`, "m"));
    }
    expect(handoff.split("\n").length).toBeLessThanOrEqual(30);
    expect(readFileSync(join(dir, ".ai/hot-cache.jsonl"), "utf8")).toBe("");
    const ignored = git(dir, "check-ignore", ".ai/.cache/lookup/meta.json", ".ai/logs/run.log").split("\n").filter(Boolean);
    expect(ignored).toEqual([".ai/.cache/lookup/meta.json", ".ai/logs/run.log"]);
    // The configuration it writes is one `ctx index` accepts.
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
  });

  it("leaves every existing file as it is, adds only what is missing, and says which is which", async () => {
    const dir = repository();
    writeFileSync(join(dir, ".gitignore"), "node_modules/\n.ai/.cache/");
    await ctx(dir, "init");
    writeFileSync(join(dir, ".ai/HANDOFF.md"), "# my own handoff\n");
    const again = await ctx(dir, "init");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ctx init: 0 created, 7 left alone/);
    expect(again.stdout).toContain("left alone  .ai/HANDOFF.md");
    expect(readFileSync(join(dir, ".ai/HANDOFF.md"), "utf8")).toBe("# my own handoff\n");
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("node_modules/\n.ai/.cache/\n# ctx: derived caches and raw command logs\n.ai/logs/\n");
  });

  it("writes a short ctx section to AGENTS.md, points CLAUDE.md at it, and on a re-run replaces only what lies between its markers", async () => {
    const dir = repository();
    writeFileSync(join(dir, "AGENTS.md"), "# Agents\n\nRun `make test` before pushing.\n");
    const first = JSON.parse((await ctx(dir, "init", "--json")).stdout) as { instructions: string[]; attributes: string[]; mergeDriver: boolean };
    expect(first).toMatchObject({ instructions: ["AGENTS.md", "CLAUDE.md"], mergeDriver: true });
    const agents = readFileSync(join(dir, "AGENTS.md"), "utf8");
    expect(agents.startsWith("# Agents\n\nRun `make test` before pushing.\n\n<!-- ctx:begin")).toBe(true);
    const section = agents.slice(agents.indexOf("<!-- ctx:begin"), agents.indexOf("<!-- ctx:end -->") + "<!-- ctx:end -->".length);
    expect(section.split("\n").length).toBeLessThanOrEqual(25);
    // Not installed in this repository nor on PATH here: the instructions run the package through npx.
    for (const command of [`${CTX_HERE} brief`, `${CTX_HERE} traverse Symbol`, "TRAVERSE_MISS", `${CTX_HERE} validate-handoff`, `${CTX_HERE} compress --`]) expect(section).toContain(command);
    expect(readFileSync(join(dir, "CLAUDE.md"), "utf8")).toMatch(/^<!-- ctx:begin.*-->\n@AGENTS\.md\n<!-- ctx:end -->\n$/);

    // An edited section is put back; the user's text around it is kept as it is.
    writeFileSync(join(dir, "AGENTS.md"), agents.replace("TRAVERSE_MISS", "MISS") + "\n## Mine\nKeep this.\n");
    const again = JSON.parse((await ctx(dir, "init", "--json")).stdout) as { instructions: string[] };
    expect(again.instructions).toEqual(["AGENTS.md"]);
    expect(readFileSync(join(dir, "AGENTS.md"), "utf8")).toBe(`${agents}\n## Mine\nKeep this.\n`);
    expect(JSON.parse((await ctx(dir, "init", "--json")).stdout)).toMatchObject({ instructions: [], attributes: [] });
  });

  it("names the command that runs ctx there: its bin where it is a dev dependency, `node bin/ctx.js` in ctx's own repository, `ctx` where only PATH has it", async () => {
    const local = repository();
    mkdirSync(join(local, "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(import.meta.dirname, "..", "..", "bin", "ctx.js"), join(local, "node_modules", ".bin", "ctx"));
    const init = await ctx(local, "init");
    expect(init.stdout).toContain("then `node_modules/.bin/ctx index`");
    expect(readFileSync(join(local, "AGENTS.md"), "utf8")).toContain("`node_modules/.bin/ctx brief \"<the task>\"`");

    // ctx's own repository runs its build; another package's `ctx` bin is not ctx.
    const own = repository();
    writeFileSync(join(own, "package.json"), JSON.stringify({ name: "ctx-nav", bin: { ctx: "bin/ctx.js" } }));
    expect((await ctx(own, "init")).stdout).toContain("then `node bin/ctx.js index`");
    const other = repository();
    writeFileSync(join(other, "package.json"), JSON.stringify({ name: "ctx", bin: { ctx: "bin/ctx.js" } }));
    expect((await ctx(other, "init")).stdout).toContain(`then \`${CTX_HERE} index\``);

    const global = repository();
    const bin = tempDir();
    symlinkSync(join(import.meta.dirname, "..", "..", "bin", "ctx.js"), join(bin, "ctx"));
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ""}`;
    try {
      await ctx(global, "init");
    } finally {
      process.env.PATH = path;
    }
    const agents = readFileSync(join(global, "AGENTS.md"), "utf8");
    expect(agents).toContain("`ctx brief \"<the task>\"`");
    expect(agents).not.toMatch(/npx [^`]/);

    // A `ctx` on PATH that is another tool is not named: the instructions fetch ctx-nav instead.
    const impostor = tempDir();
    writeFileSync(join(impostor, "ctx"), "#!/bin/sh\necho impostor\n", { mode: 0o755 });
    const elsewhere = repository();
    process.env.PATH = `${impostor}:${path ?? ""}`;
    try {
      await ctx(elsewhere, "init");
    } finally {
      process.env.PATH = path;
    }
    expect(readFileSync(join(elsewhere, "AGENTS.md"), "utf8")).toContain("`npx -y ctx-nav brief \"<the task>\"`");
  });

  it("where ctx is a dev dependency, every hint that quotes a command names its bin: traverse, brief, index --check, handoff fixes", async () => {
    const dir = repository();
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(import.meta.dirname, "..", "..", "bin", "ctx.js"), join(dir, "node_modules", ".bin", "ctx"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "prices.ts"), "export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n");
    expect((await ctx(dir, "traverse", "Symbol", "total")).stdout).toContain("(no index under .ai/; run `node_modules/.bin/ctx index` first)");
    expect((await ctx(dir, "brief", "fix the total")).stdout).toContain("index: none under .ai/ (run `node_modules/.bin/ctx index`;");
    await ctx(dir, "init");
    expect((await ctx(dir, "validate-handoff")).stdout).toMatch(/HANDOFF_FAIL .*`node_modules\/\.bin\/ctx /);

    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "prices");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    writeFileSync(join(dir, "src", "prices.ts"), "export function total(): number {\n  return 0;\n}\n");
    const stale = await ctx(dir, "traverse", "Symbol", "total");
    expect(stale.stdout).toContain("changed since indexing; run `node_modules/.bin/ctx index` to refresh");
    expect((await ctx(dir, "index", "--check")).stdout).toContain("run `node_modules/.bin/ctx index` and commit the .ai/ changes");
    expect((await ctx(dir, "brief", "fix the total")).stdout).toContain("changed since (run `node_modules/.bin/ctx index`)");
  });

  it("routes the generated index files to ctx's merge driver (.gitattributes) and registers the driver in the clone", async () => {
    const dir = repository();
    await ctx(dir, "init");
    const attributes = git(dir, "check-attr", "merge", "--", ".ai/symbol_index.md", ".ai/file_index.md", ".ai/domain-manifest.yaml", "src/a.ts");
    expect(attributes).toBe(".ai/symbol_index.md: merge: ctx-index\n.ai/file_index.md: merge: ctx-index\n.ai/domain-manifest.yaml: merge: unspecified\nsrc/a.ts: merge: unspecified\n");
    expect(git(dir, "config", "--get", "merge.ctx-index.driver")).toMatch(/kept as on this branch/);
  });
});
