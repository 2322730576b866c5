import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture, git, tempDir } from "../helpers/fixture.js";
import { toolMissing } from "../helpers/tools.js";

const BIN = join(import.meta.dirname, "..", "..", "bin", "ctx.js");

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A repository big enough for worker threads and for a run that can be interrupted. */
function generatedRepository(files: number): string {
  const dir = tempDir();
  for (let i = 0; i < files; i += 1) {
    const folder = join(dir, "src", `area${i % 10}`);
    mkdirSync(folder, { recursive: true });
    const body = Array.from({ length: 20 }, (_, j) => `export function f${i}_${j}(x: number): number {\n  return x + ${j};\n}\n`).join("\n");
    writeFileSync(join(folder, `file${i}.ts`), `import { f0_0 } from "../area0/file0.js";\n\n${body}\nexport class C${i} {\n  m(): number {\n    return f0_0(1);\n  }\n}\n`);
  }
  git(dir, "init", "-q");
  return dir;
}

describe("the ctx binary", () => {
  it("finishes quietly when the reader closes the pipe early, as `ctx … | head` does", async () => {
    const dir = copyFixture("traverse/users-service");
    run(dir, ["index", "-q"]);
    const child = spawn(process.execPath, [BIN, "traverse", "Symbol", "UsersService"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("colours its text only where it may: FORCE_COLOR on, NO_COLOR off, and off when stdout is not a terminal", () => {
    const dir = copyFixture("traverse/users-service");
    const plain = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== "NO_COLOR" && key !== "FORCE_COLOR"));
    run(dir, ["index", "-q"]);
    const index = (env: Record<string, string>) =>
      spawnSync(process.execPath, [BIN, "index", "--check"], { cwd: dir, encoding: "utf8", env: { ...plain, ...env } }).stdout;
    const ESC = String.fromCharCode(27);
    expect(index({ FORCE_COLOR: "1" })).toContain(`${ESC}[32mindex up to date`);
    expect(index({ FORCE_COLOR: "1", NO_COLOR: "1" })).not.toContain(ESC);
    expect(index({})).not.toContain(ESC);
  });

  it("reads the error for `traverse Err -` from standard input, as piped from a failing command", () => {
    const dir = copyFixture("memory/type-errors");
    const record = ["complete-task", "--force", "--no-index", "--type", "bug-fix", "--keywords", "ids", "--problem", "empty ids", "--solution", "check the id first", "--lesson", "check input first"];
    expect(run(dir, [...record, "--error", "TypeError: Cannot read properties of undefined (reading 'id')"]).code).toBe(0);
    const piped = spawnSync(process.execPath, [BIN, "traverse", "Err", "-"], {
      cwd: dir,
      encoding: "utf8",
      input: " FAIL  test/users.test.ts > users > rejects an empty id\nTypeError: Cannot read properties of undefined (reading 'name')\n    at getUser (src/users.ts:4:10)\n",
    });
    expect(piped.status).toBe(0);
    expect(piped.stdout).toMatch(/^TRAVERSE_HIT Err FAIL {2}test\/users\.test\.ts > users > rejects an empty id … \(1\)\n\.ai\/hot-cache\.jsonl:1 hot · similar \('id' recorded, 'name' here\) · .* · fix: check the id first\n/);
  });

  const script = toolMissing("util-linux's script", "script");
  it.skipIf(script.skip)(`refuses \`ctx compress\` with no command on a terminal, in one line saying what to run, exit 2${script.because}`, () => {
    // util-linux's script gives ctx a pseudo-terminal for its standard input: the branch a user at a prompt meets.
    const dir = tempDir();
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} compress`;
    const result = spawnSync("script", ["-qec", command, "/dev/null"], { cwd: dir, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"], timeout: 20_000 });
    expect(result.stdout.replace(/\r/g, "")).toBe(
      "ctx: nothing to compress: no command after `--`, and standard input is a terminal — run `ctx compress -- npm test`, or pipe: `npm test 2>&1 | ctx compress`\n",
    );
    expect(result.status).toBe(2);
  });

  it("exits 0 on a hit, 1 on a miss and 2 on a usage error, with JSON on request", () => {
    const dir = copyFixture("traverse/users-service");
    expect(run(dir, ["index", "--quiet"])).toMatchObject({ code: 0, stdout: "" });
    const hit = run(dir, ["traverse", "Symbol", "UsersService", "--json"]);
    expect(hit.code).toBe(0);
    expect(JSON.parse(hit.stdout)).toMatchObject({ status: "hit", hits: [{ path: "src/users/users.service.ts", line: 5 }] });
    const missed = run(dir, ["traverse", "Symbol", "NoSuchThing"]);
    expect(missed.code).toBe(1);
    expect(missed.stdout.split("\n")[0]).toBe('TRAVERSE_MISS Symbol NoSuchThing: no-such-symbol (no symbol named exactly "NoSuchThing" in the index)');
    const usage = run(dir, ["traverse", "Symbol"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("missing required argument 'query'");
    expect(run(dir, ["index", "--no-such-flag"]).code).toBe(2);
  });

  it("prints help with examples", () => {
    const help = run(tempDir(), ["traverse", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("ctx traverse Symbol UsersService.findOne --json");
    expect(help.stdout).toContain("Exit codes: 0 hit, 1 miss");
  });

  it("writes the same index with worker threads as inline", () => {
    const dir = generatedRepository(260);
    expect(run(dir, ["index", "-q"], { CTX_WORKERS: "2" }).code).toBe(0);
    const threaded = ["symbol_index.md", "file_index.md"].map((f) => readFileSync(join(dir, ".ai", f), "utf8"));
    rmSync(join(dir, ".ai"), { recursive: true });
    expect(run(dir, ["index", "-q"], { CTX_WORKERS: "0" }).code).toBe(0);
    const inline = ["symbol_index.md", "file_index.md"].map((f) => readFileSync(join(dir, ".ai", f), "utf8"));
    expect(threaded).toEqual(inline);
    expect(threaded[0]).toContain("| f259_19 | function |");
  });

  it("leaves the old index or the new one, never a torn file, when killed mid-run", async () => {
    const dir = generatedRepository(400);
    expect(run(dir, ["index", "-q"]).code).toBe(0);
    const before = readFileSync(join(dir, ".ai/symbol_index.md"), "utf8");
    for (let i = 0; i < 400; i += 1) {
      writeFileSync(join(dir, "src", `area${i % 10}`, `file${i}.ts`), `export function renamed${i}(): void {}\n`);
    }
    const outcomes = new Set<string>();
    for (const delay of [150, 450, 900, 1600]) {
      const child = spawn(process.execPath, [BIN, "index", "-q"], { cwd: dir, stdio: "ignore" });
      const exited = new Promise((resolve) => child.on("exit", resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill("SIGKILL");
      await exited;
      const now = readFileSync(join(dir, ".ai/symbol_index.md"), "utf8");
      const whole = now === before || (now.includes("| renamed399 | function |") && now.endsWith("\n") && !now.includes("| f0_0 |"));
      expect(whole, `after a kill at ${delay} ms`).toBe(true);
      outcomes.add(now === before ? "old" : "new");
      // What a kill leaves half-written lies where git ignores it: `git add .ai` commits none of it.
      const untracked = git(dir, "status", "--porcelain", "--untracked-files=all", "--", ".ai").split("\n");
      expect(untracked.filter((line) => line.endsWith(".tmp")), `after a kill at ${delay} ms`).toEqual([]);
    }
    // After all that, a normal run still produces a consistent index.
    expect(run(dir, ["index", "-q"]).code).toBe(0);
    expect(run(dir, ["index", "--check"]).code).toBe(0);
    expect(outcomes.has("old")).toBe(true);
  });
});
