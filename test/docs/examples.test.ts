import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { docFiles, matches, normalise, parseDoc, ROOT, runExample, type Example, type RunCli } from "../../scripts/docs-examples.mjs";

// Every example output in README.md and docs/ is a real run: each marked block is run again on its fixture and must print
// what the docs say. `node scripts/docs-examples.mjs --write` rewrites them.
//
// NOTE: the built CLI (dist/, as `npm test` builds it), in-process: a git hook in an example runs the built binary, and the
// index cache is keyed to the extractor's build, so a cache written by src/ would not be reused by the hook's run.
const { runCli } = (await import(pathToFileURL(join(ROOT, "dist", "cli", "main.js")).href)) as { runCli: RunCli };

const docs = docFiles().map((file) => ({ file, ...parseDoc(readFileSync(join(ROOT, file), "utf8"), file) }));
const examples = docs.flatMap((doc) => doc.examples);
const fileBlocks = docs.flatMap((doc) => doc.files);

function title(example: Example): string {
  return `${example.file}:${example.line} ${example.commands.map((command) => command.argv.slice(0, 3).join(" ")).join(" · ")}`;
}

describe("the docs' example outputs", () => {
  it("are every one marked, so none escapes this test, and are found where the docs show output", () => {
    expect(docs.flatMap((doc) => doc.problems)).toEqual([]);
    const files = new Set(examples.map((example) => example.file));
    for (const file of ["README.md", "docs/commands.md", "docs/index.md", "docs/compress.md", "docs/hooks-and-ci.md"]) expect(files).toContain(file);
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it.each(examples.map((example) => [title(example), example] as const))("%s: the documented output is a real run's", async (_, example) => {
    const real = await runExample(example, { runCli });
    // Compared as text, so a failure shows the lines that differ; the marker says what varies between runs.
    expect(normalise(example.body, example.marker.normalise)).toBe(normalise(real, example.marker.normalise));
  });

  it.each(fileBlocks.map((block) => [`${block.file}:${block.line} ${block.path}`, block] as const))("%s is quoted as the file is", (_, block) => {
    expect(block.body).toBe(readFileSync(join(ROOT, block.path), "utf8").replace(/\n$/, ""));
  });
});

describe("the docs' example check", () => {
  const example = (doc: string): Example => {
    const parsed = parseDoc(doc, "doc.md");
    expect(parsed.problems).toEqual([]);
    return parsed.examples[0]!;
  };

  it("fails when a documented number differs from the real run's", async () => {
    const marked = example(["<!-- example: test/fixtures/traverse/users-service; setup: ctx index -q -->", "```console", "$ ctx traverse Symbol formatUser", "```"].join("\n"));
    const real = await runExample(marked, { runCli });
    expect(real).toMatch(/^\$ ctx traverse Symbol formatUser\nTRAVERSE_HIT Symbol formatUser \(2\)\n/);
    expect(matches({ ...marked, body: real }, real)).toBe(true);
    expect(matches({ ...marked, body: real.replace("(2)", "(3)") }, real)).toBe(false);
    expect(matches({ ...marked, body: real.replace(":1-3 ", ":1-4 ") }, real)).toBe(false);
    expect(matches({ ...marked, body: real.split("\n").slice(0, -1).join("\n") }, real)).toBe(false);
  });

  it("sets aside only what the marker names as varying", () => {
    const text = "recorded 2026-12-06-a-fix · raw: .ai/logs/20261206-003325-40397a.log in 953 ms @ 4ec1385 · 14 lines";
    expect(normalise(text, ["dates", "log-ids", "timings", "commits"])).toBe("recorded YYYY-MM-DD-a-fix · raw: .ai/logs/<log-id>.log in <time> @ <commit> · 14 lines");
    expect(normalise(text, [])).toBe(text);
  });

  it("reports a `$ ctx` block with no marker, a marker with no block, and a marker it cannot read", () => {
    const { problems } = parseDoc(
      [
        "```console", "$ ctx index", "indexed 3 files", "```",
        "<!-- example: test/fixtures/read/users-api -->", "Some prose.",
        "<!-- example: test/fixtures/read/users-api; normalise: everything -->", "```", "$ ctx index", "```",
        "<!-- example: test/fixtures/read/users-api; setup: rm -rf . -->", "```", "$ ctx index", "```",
      ].join("\n"),
      "doc.md",
    );
    expect(problems).toEqual([
      "doc.md:1: an example block with no <!-- example: … --> marker (every `$ ctx` block must be run by the docs test)",
      "doc.md:5: marker not followed by a fenced block",
      'doc.md:7: unknown normalise "everything" (known: dates, commits, log-ids, timings)',
      'doc.md:11: setup step "rm -rf .": only ctx, git, cp and append',
    ]);
  });
});
