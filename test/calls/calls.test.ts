import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseRoutingLayout, parseRoutingTable, RoutingTable } from "../../src/formats/routing-table.js";
import { copyFixture, ctx, git, indexedFixture, tableRows, tempDir } from "../helpers/fixture.js";

const indexedCalls = (name: string): Promise<string> => indexedFixture(`calls/${name}`);

interface CallHit {
  name: string;
  kind: string;
  path: string;
  line: number;
  callee: string;
  calleePath: string | null;
  calleeLine: number | null;
  via: string;
  depth: number;
  parent: number | null;
}

async function traverse(dir: string, kind: "Caller" | "Callee", query: string, ...flags: string[]) {
  const run = await ctx(dir, "traverse", kind, query, "--json", ...flags);
  const json = JSON.parse(run.stdout) as { status: string; reason: string | null; hits: CallHit[]; candidates?: CallHit[]; rejected: { path: string }[] };
  return { code: run.code, json };
}

/** `path:line caller` of each hit: what an agent reads first. */
async function sites(dir: string, kind: "Caller" | "Callee", query: string): Promise<string[]> {
  const { json } = await traverse(dir, kind, query);
  return json.hits.map((hit) => `${hit.path}:${hit.line} ${kind === "Caller" ? hit.name : hit.callee}`);
}

/**
 * The lookup cache's shards with their entries sorted: a patched cache and a rebuilt one hold the
 * same. The routing table is compared by what it says (each line with its symbols read where it
 * points), since a patch appends symbols where a rebuild writes them in order.
 */
function lookupContents(dir: string): Record<string, string> {
  const directory = join(dir, ".ai/.cache/lookup");
  const contents: Record<string, string> = {};
  const symbols = readFileSync(join(directory, "routing-symbols.txt"));
  for (const file of readdirSync(directory).sort()) {
    if (file === "meta.json" || file === "routing-symbols.txt") continue;
    if (file === "routing-symbols.dead") {
      // What a patch left behind: the symbols' bytes no line of the table points at.
      const live = parseRoutingTable(readFileSync(join(directory, "routing.tsv"), "utf8")).reduce((sum, entry) => sum + entry.symbolsAt[1] + 1, 0);
      expect(Number(readFileSync(join(directory, file), "utf8"))).toBe(symbols.length - live);
      continue;
    }
    if (file === "routing.idx") {
      // The layout of its own table (line starts differ with the symbols' offsets), and otherwise the same.
      const table = readFileSync(join(directory, "routing.tsv"));
      const layout = parseRoutingLayout(readFileSync(join(directory, file)), table.length);
      expect(layout).toEqual(new RoutingTable(table).layout);
      contents[file] = JSON.stringify([layout!.lengths, layout!.tests, layout!.graph].map((array) => (ArrayBuffer.isView(array) ? [...array] : [[...array.offsets], [...array.targets]])));
      continue;
    }
    if (file === "routing.tsv") {
      contents[file] = parseRoutingTable(readFileSync(join(directory, file), "utf8"))
        .map(({ symbolsAt: [offset, length], ...entry }) => JSON.stringify({ ...entry, symbols: symbols.toString("utf8", offset, offset + length) }))
        .join("\n");
      continue;
    }
    const text = readFileSync(join(directory, file), "utf8");
    const parsed: unknown = file.endsWith(".json") ? JSON.parse(text) : undefined;
    const entries = Array.isArray(parsed) ? parsed.map((entry) => JSON.stringify(entry)) : parsed === undefined ? text.split("\n") : [text];
    contents[file] = entries.filter((entry) => entry !== "").sort().join("\n");
  }
  return contents;
}

/**
 * Indexes a fixture (with `extra` files added), then writes each version of `path` in turn: every
 * incremental run must parse only that file and write the index files a full run writes, and the
 * patched lookup cache must hold what a rebuilt one holds and answer as it does.
 */
async function expectIncrementalAsFull(fixture: string, path: string, versions: string[], extra: Record<string, string> = {}): Promise<string> {
  const dir = fixtureWith(fixture, extra);
  expect((await ctx(dir, "index", "-q")).code).toBe(0);
  for (const version of versions) {
    writeFileSync(join(dir, path), version);
    const run = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { parsed: number };
    expect(run.parsed).toBe(1);
    const fresh = fixtureWith(fixture, extra);
    writeFileSync(join(fresh, path), version);
    await expectAsFullIndex(dir, fresh);
    for (const name of ["find", "formatName", "slugify", "log"]) expect(await sites(dir, "Caller", name)).toEqual(await sites(fresh, "Caller", name));
  }
  return dir;
}

/**
 * Indexes a fixture (with `extra` files), applies `edit` to the tree (files renamed, added, deleted),
 * and expects the incremental run to write what a full run of the same tree writes; its summary.
 */
async function expectTreeEditAsFull(fixture: string, extra: Record<string, string>, edit: (dir: string) => void): Promise<{ dir: string; relinked: number; files: number }> {
  const dir = fixtureWith(fixture, extra);
  expect((await ctx(dir, "index", "-q")).code).toBe(0);
  edit(dir);
  const run = JSON.parse((await ctx(dir, "index", "--json")).stdout) as { relinked: number; files: number };
  const fresh = fixtureWith(fixture, extra);
  edit(fresh);
  await expectAsFullIndex(dir, fresh);
  return { dir, relinked: run.relinked, files: run.files };
}

/** A copy of a calls fixture with `extra` files written over it. */
function fixtureWith(fixture: string, extra: Record<string, string>): string {
  const dir = copyFixture(`calls/${fixture}`);
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Indexes `fresh` from nothing and expects `dir`'s incremental index files and lookup cache to be what that wrote. */
async function expectAsFullIndex(dir: string, fresh: string): Promise<void> {
  expect((await ctx(fresh, "index", "-q")).code).toBe(0);
  // Each copy is its own git repository: the HEAD recorded in file_index.md differs, nothing else may.
  const indexFile = (root: string, file: string): string => readFileSync(join(root, ".ai", file), "utf8").replace(/head=[0-9a-f]+/, "head=…");
  for (const file of ["call_index.md", "symbol_index.md", "file_index.md"]) expect(indexFile(dir, file)).toBe(indexFile(fresh, file));
  expect(lookupContents(dir)).toEqual(lookupContents(fresh));
}

describe("call sites are linked through imports", () => {
  it("follows named, default and namespace imports, `export *` barrels and renamed default re-exports", async () => {
    const dir = await indexedCalls("imports-and-barrels");
    expect(await sites(dir, "Caller", "formatName")).toEqual(["src/app.ts:6 render", "src/app.ts:7 render", "src/lib/format.ts:6 slugify"]);
    expect(await sites(dir, "Caller", "slugify")).toEqual(["src/app.ts:8 render"]);
    const { json } = await traverse(dir, "Caller", "src/lib/format.ts:slugify");
    expect(json.hits[0]).toMatchObject({ name: "render", kind: "function", path: "src/app.ts", line: 8, callee: "slugify", calleePath: "src/lib/format.ts", calleeLine: 5 });
  });

  it("resolves tsconfig paths and baseUrl, read from a tsconfig with comments", async () => {
    const dir = await indexedCalls("tsconfig-paths");
    expect(await sites(dir, "Callee", "stamp")).toEqual(["src/feature/stamp.ts:5 makeId", "src/feature/stamp.ts:5 now"]);
  });

  it("resolves a workspace package to its sources", async () => {
    const dir = await indexedCalls("workspace-packages");
    expect(await sites(dir, "Caller", "charge")).toEqual(["packages/shop/src/checkout.ts:4 checkout"]);
  });
});

describe("call sites are linked through classes", () => {
  it("follows constructor-injected members, declared return types, inherited `this` members, statics, `new` and `super`", async () => {
    const dir = await indexedCalls("class-members");
    expect(await sites(dir, "Caller", "UsersService.find")).toEqual(["src/users.controller.ts:7 UsersController.get", "src/users.controller.ts:12 UsersController.list"]);
    expect(await sites(dir, "Caller", "BaseService.log")).toEqual(["src/users.service.ts:11 UsersService.find"]);
    expect(await sites(dir, "Caller", "UsersService.create")).toEqual(["src/users.controller.ts:11 UsersController.list"]);
    // A class is called through its `new` sites, then through its members.
    expect(await sites(dir, "Caller", "UsersService")).toEqual([
      "src/users.service.ts:7 UsersService.create",
      "src/users.controller.ts:11 UsersController.list",
      "src/users.controller.ts:7 UsersController.get",
      "src/users.controller.ts:12 UsersController.list",
    ]);
    expect(await sites(dir, "Caller", "AdminController.get")).toEqual(["src/users.controller.ts:18 AdminController.get", "src/users.controller.ts:23 route"]);
  });

  it("walks --depth levels and keeps the tree: which caller reaches the target through whom", async () => {
    const dir = await indexedCalls("class-members");
    const { json } = await traverse(dir, "Caller", "src/users.service.ts:BaseService.log", "--depth", "3");
    expect(json.hits.map((hit) => [hit.depth, hit.parent, `${hit.path}:${hit.line}`, hit.name])).toEqual([
      [1, null, "src/users.service.ts:11", "UsersService.find"],
      [2, 0, "src/users.controller.ts:7", "UsersController.get"],
      [3, 1, "src/users.controller.ts:18", "AdminController.get"],
      [3, 1, "src/users.controller.ts:23", "route"],
      [2, 0, "src/users.controller.ts:12", "UsersController.list"],
    ]);
    const text = await ctx(dir, "traverse", "Caller", "BaseService.log", "--depth", "2");
    // A tree: each caller once under what it calls, with the lines of its sites; a path said once for a run of lines.
    expect(text.stdout.split("\n").slice(0, 5)).toEqual([
      "TRAVERSE_HIT Caller BaseService.log (3 sites, depth 2)",
      "→ method BaseService.log src/users.service.ts:2",
      "  UsersService.find src/users.service.ts:11",
      "    UsersController.get src/users.controller.ts:7",
      "    UsersController.list :12",
    ]);
  });

  it("counts a call through an interface as a call of each implementation, but no call of another implementation", async () => {
    const dir = await indexedCalls("interface-dispatch");
    // `french.greet()` (line 26) cannot run English.greet, though the compiler's call hierarchy lists it.
    expect(await sites(dir, "Caller", "English.greet")).toEqual(["src/greeter.ts:18 welcome", "src/greeter.ts:22 welcomeEnglish"]);
    const { json } = await traverse(dir, "Caller", "English.greet");
    // Labelled, so that a call through the interface can be told from a direct one.
    expect(json.hits[0]).toMatchObject({ callee: "Greeter.greet", calleePath: "src/greeter.ts", calleeLine: 2, through: "via interface Greeter" });
    expect(json.hits[1]).not.toHaveProperty("through");
    const text = await ctx(dir, "traverse", "Caller", "English.greet");
    expect(text.stdout).toContain("→ method Greeter.greet src/greeter.ts:2 · 1 site in 1 file · via interface Greeter\n  (same file): welcome 18\n");
    // From the interface's side, a call on an implementation is a call of an override.
    const fromInterface = await traverse(dir, "Caller", "Greeter.greet");
    expect(fromInterface.json.hits.map((hit) => `${hit.line} ${String((hit as unknown as { through?: string }).through)}`)).toEqual(["18 undefined", "22 override in class English", "26 override in class French"]);
  });

  it("records JSX elements, decorators and tagged templates as calls, with their enclosing declaration", async () => {
    const dir = await indexedCalls("jsx-decorators-tags");
    const button = await traverse(dir, "Caller", "Button");
    expect(button.json.hits.map((hit) => [hit.path, hit.line, hit.name, hit.via])).toEqual([["src/components.tsx", 8, "Page", "jsx"]]);
    const injectable = await traverse(dir, "Caller", "Injectable");
    expect(injectable.json.hits.map((hit) => [hit.line, hit.name, hit.kind, hit.via])).toEqual([[9, "Repo", "class", "decorator"]]);
    const sql = await traverse(dir, "Caller", "sql");
    expect(sql.json.hits.map((hit) => [hit.line, hit.name, hit.via])).toEqual([[12, "Repo.query", "tag"]]);
  });
});

describe("call sites are linked through namespaces, objects and declared types", () => {
  it("follows object-literal members and namespace members, by qualified and by bare name", async () => {
    const dir = await indexedCalls("namespaces-and-objects");
    expect(await sites(dir, "Caller", "api.get")).toEqual(["src/use.ts:4 load"]);
    expect(await sites(dir, "Caller", "api.post")).toEqual(["src/use.ts:5 load"]);
    expect(await sites(dir, "Caller", "Paths.join")).toEqual(["src/api.ts:14 Paths.root", "src/use.ts:6 load"]);
  });

  it("types a callback's parameters from the callee's signature and binds generics to their arguments", async () => {
    const dir = await indexedCalls("typed-receivers");
    expect(await sites(dir, "Caller", "Repository.findOne")).toEqual(["src/use.ts:5 main"]);
    expect(await sites(dir, "Caller", "User.greet")).toEqual(["src/use.ts:6 main"]);
  });

  it("types `x ?? []`, a reduce without a seed, and the module a dynamic import's then() passes on", async () => {
    const dir = await indexedCalls("fallbacks-and-promises");
    expect(await sites(dir, "Caller", "Worker.close")).toEqual(["src/pool.ts:4 closeAll"]);
    expect(await sites(dir, "Caller", "Worker.run")).toEqual(["src/pool.ts:9 busiest"]);
    expect(await sites(dir, "Caller", "runTask")).toEqual(["src/pool.ts:13 later"]);
  });
});

describe("destructured tuples", () => {
  it("types each name of `const [a, b] = await Promise.all([f(), g()])` or `= [x, y]` by its own element", async () => {
    const dir = await indexedCalls("tuple-destructuring");
    expect(await sites(dir, "Caller", "Users.find")).toEqual(["src/use.ts:5 both", "src/use.ts:12 swapped"]);
    expect(await sites(dir, "Caller", "Orders.list")).toEqual(["src/use.ts:6 both", "src/use.ts:11 swapped"]);
  });
});

describe("what cannot be proven stays unresolved", () => {
  it("keeps an any-typed receiver as a candidate, never a hit; records no dynamic access; never links a shadowing local", async () => {
    const dir = await indexedCalls("stays-unresolved");
    const store = await traverse(dir, "Caller", "Store.find");
    expect(store.code).toBe(1);
    expect(store.json.reason).toBe("no-calls");
    expect(store.json.candidates?.map((hit) => `${hit.path}:${hit.line} ${hit.name}`)).toEqual(["src/use.ts:6 lookup"]);
    expect(await sites(dir, "Caller", "src/store.ts:find")).toEqual(["src/use.ts:15 direct"]);
    const rows = tableRows(dir, "call_index.md").filter((row) => row[0]!.startsWith("src/use.ts"));
    expect(rows.map((row) => `${row[0]} ${row[4]} ${row[5]}`)).toEqual([
      "src/use.ts:5 Store class",
      "src/use.ts:6 find unresolved",
      "src/use.ts:15 find function",
    ]);
  });
});

describe("freshness and upkeep", () => {
  it("rejects the rows of a file changed since indexing, and misses as stale when none survive", async () => {
    const dir = await indexedCalls("imports-and-barrels");
    appendFileSync(join(dir, "src/app.ts"), "\n// edited\n");
    const { code, json } = await traverse(dir, "Caller", "formatName");
    expect(code).toBe(0);
    expect(json.hits.map((hit) => `${hit.path}:${hit.line}`)).toEqual(["src/lib/format.ts:6"]);
    expect(json.rejected).toEqual([{ path: "src/app.ts", reason: "modified" }]);
    appendFileSync(join(dir, "src/lib/format.ts"), "\n");
    const stale = await ctx(dir, "traverse", "Caller", "formatName");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("TRAVERSE_MISS Caller formatName: stale");
  });

  it("re-links calls in unchanged files when an export they go through changes", async () => {
    const dir = await indexedCalls("imports-and-barrels");
    writeFileSync(join(dir, "src/lib/index.ts"), 'export { default as slug } from "./format.js";\n');
    const run = await ctx(dir, "index", "--json");
    expect(JSON.parse(run.stdout)).toMatchObject({ parsed: 1 });
    expect(await sites(dir, "Caller", "formatName")).toEqual(["src/app.ts:7 render", "src/lib/format.ts:6 slugify"]);
    const rows = tableRows(dir, "call_index.md").filter((row) => row[0] === "src/app.ts:6");
    expect(rows.map((row) => row[5])).toEqual(["unresolved"]);
  });

  it("relinks only what an edit can move, and writes what a full run writes: moved, renamed and added targets", async () => {
    const original = readFileSync(join(copyFixture("calls/class-members"), "src/users.service.ts"), "utf8");
    const dir = await expectIncrementalAsFull("class-members", "src/users.service.ts", [
      // Lines shift: the controller's rows point at the new lines though the controller did not change.
      `// header\n\n${original}`,
      // `find` is renamed: the controller's calls of it no longer land anywhere in the repository.
      original.replace("find(id: string)", "lookup(id: string)"),
      // A new method named `find` elsewhere in the file: the calls land again.
      original.replace("find(id: string)", "lookup(id: string)").replace("static create", "find(id: string): string {\n    return id;\n  }\n\n  static create"),
      // Only a body changes: the service's own rows are relinked, nothing else.
      original.replace("return id;", "return id.trim();"),
    ]);
    expect(await sites(dir, "Caller", "UsersService.find")).toEqual(["src/users.controller.ts:7 UsersController.get", "src/users.controller.ts:12 UsersController.list"]);
  });

  it("relinks a file that reached an edited declaration through a barrel another file resolved first", async () => {
    const second = 'import { formatName } from "./lib/index.js";\n\nexport function shout(name: string): string {\n  return formatName(name).toUpperCase();\n}\n';
    const original = readFileSync(join(copyFixture("calls/imports-and-barrels"), "src/lib/format.ts"), "utf8");
    const dir = await expectIncrementalAsFull("imports-and-barrels", "src/lib/format.ts", [`\n\n${original}`], { "src/shout.ts": second });
    expect(await sites(dir, "Caller", "formatName")).toContain("src/shout.ts:4 shout");
  });

  it("relinks a file whose import through a barrel's `export *` found nothing, when a module behind the barrel starts or stops exporting it", async () => {
    // `tools` is a constant, no callable: only what was looked up through the barrel can tell the reader to relink.
    const barrel = 'export * from "./extra.js";\nexport * from "./format.js";\nexport { default as slug } from "./format.js";\n';
    const reader = 'import { tools } from "./lib/index.js";\n\nexport function loud(name: string): string {\n  return tools.shout(name);\n}\n';
    const types = "export interface Tools {\n  shout(name: string): string;\n}\n\nexport function makeTools(): Tools {\n  return { shout: (name) => name.toUpperCase() };\n}\n";
    const without = 'import { makeTools, type Tools } from "./tools.js";\n\nexport function other(): Tools {\n  return makeTools();\n}\n';
    const withTools = `${without}\nexport const tools: Tools = makeTools();\n`;
    const extra = { "src/lib/index.ts": barrel, "src/lib/tools.ts": types, "src/lib/extra.ts": without, "src/loud.ts": reader };
    const dir = await expectIncrementalAsFull("imports-and-barrels", "src/lib/extra.ts", [withTools], extra);
    expect(await sites(dir, "Caller", "Tools.shout")).toEqual(["src/loud.ts:4 loud"]);
    await expectIncrementalAsFull("imports-and-barrels", "src/lib/extra.ts", [without], { ...extra, "src/lib/extra.ts": withTools });
  });

  it("relinks, when a module behind a barrel is renamed, the barrel and who called what it exports, not the files that read nothing of it", async () => {
    const bystander = 'import { formatName } from "./lib/index.js";\n\nexport function greet(name: string): string {\n  return formatName(name);\n}\n';
    const extra = { "src/lib/index.ts": 'export * from "./format.js";\nexport * from "./case.js";\nexport { default as slug } from "./format.js";\n', "src/lib/case.ts": "export function upper(text: string): string {\n  return text.toUpperCase();\n}\n", "src/greet.ts": bystander, "src/loud.ts": 'import { upper } from "./lib/index.js";\n\nexport const loud = (text: string): string => upper(text);\n' };
    const rename = (dir: string): void => {
      writeFileSync(join(dir, "src/lib/letter-case.ts"), readFileSync(join(dir, "src/lib/case.ts")));
      rmSync(join(dir, "src/lib/case.ts"));
      writeFileSync(join(dir, "src/lib/index.ts"), readFileSync(join(dir, "src/lib/index.ts"), "utf8").replace("./case.js", "./letter-case.js"));
    };
    const { dir, relinked, files } = await expectTreeEditAsFull("imports-and-barrels", extra, rename);
    expect(await sites(dir, "Caller", "upper")).toEqual(["src/loud.ts:3 loud"]);
    // The barrel, the renamed module and the caller of `upper`: not app.ts, format.ts or greet.ts.
    expect([relinked, files]).toEqual([3, 6]);
  });

  it("relinks, when a file is added that a specifier now reaches, or deleted, what the index of the new tree holds", async () => {
    const reader = 'import { shout } from "./lib/shout.js";\n\nexport function loud(name: string): string {\n  return shout(name);\n}\n';
    const added = (dir: string): void => writeFileSync(join(dir, "src/lib/shout.ts"), "export function shout(name: string): string {\n  return name.toUpperCase();\n}\n");
    const { dir } = await expectTreeEditAsFull("imports-and-barrels", { "src/loud.ts": reader }, added);
    expect(await sites(dir, "Caller", "shout")).toEqual(["src/loud.ts:4 loud"]);
    await expectTreeEditAsFull("imports-and-barrels", { "src/loud.ts": reader, "src/lib/shout.ts": "export function shout(name: string): string {\n  return name;\n}\n" }, (tree) => rmSync(join(tree, "src/lib/shout.ts")));
  });

  it("relinks an unknown receiver's call when a declaration of its name appears or goes, in a file it never imports", async () => {
    const other = "export function save(record: any): void {\n  record.persist();\n}\n";
    const original = readFileSync(join(copyFixture("calls/stays-unresolved"), "src/store.ts"), "utf8");
    const added = `${original}\nexport function persist(): void {}\n`;
    const dir = await expectIncrementalAsFull("stays-unresolved", "src/store.ts", [added, original], { "src/other.ts": other });
    expect(tableRows(dir, "call_index.md").filter((row) => row[0] === "src/other.ts:2")).toEqual([]);
  });

  it("keeps call summaries in a few segments, one more per run and merged past eight; a lost or damaged one costs a re-parse", async () => {
    const dir = await indexedCalls("imports-and-barrels");
    const original = readFileSync(join(dir, ".ai/call_index.md"), "utf8");
    const segments = (): string[] => readdirSync(join(dir, ".ai/.cache/summaries"));
    for (let run = 0; run < 10; run += 1) {
      appendFileSync(join(dir, "src/app.ts"), `// edit ${run}\n`);
      expect(JSON.parse((await ctx(dir, "index", "--json")).stdout)).toMatchObject({ parsed: 1 });
      expect(segments().length).toBeLessThanOrEqual(8);
    }
    const damage = [
      // Bytes overwritten in place (same size): found when a summary is read back, mid-run.
      (path: string) => writeFileSync(path, readFileSync(path, "utf8").replaceAll('"', "'")),
      (path: string) => writeFileSync(path, readFileSync(path, "utf8").slice(0, 10)),
      (path: string) => rmSync(path),
    ];
    for (const [i, harm] of damage.entries()) {
      for (const segment of segments()) harm(join(dir, ".ai/.cache/summaries", segment));
      appendFileSync(join(dir, "src/app.ts"), `// after damage ${i}\n`);
      const run = await ctx(dir, "index", "--json");
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ parsed: 3, reused: 0 });
      expect(readFileSync(join(dir, ".ai/call_index.md"), "utf8")).toBe(original);
    }
  });

  it("restores a hand-edited or deleted call index even when no source changed, and --check reports the drift", async () => {
    const dir = await indexedCalls("imports-and-barrels");
    const original = readFileSync(join(dir, ".ai/call_index.md"), "utf8");
    writeFileSync(join(dir, ".ai/call_index.md"), original.replace("| render |", "| somebodyElse |"));
    const check = await ctx(dir, "index", "--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("differs: .ai/call_index.md");
    expect(JSON.parse((await ctx(dir, "index", "--json")).stdout).written).toEqual([".ai/call_index.md"]);
    expect(readFileSync(join(dir, ".ai/call_index.md"), "utf8")).toBe(original);
    rmSync(join(dir, ".ai/call_index.md"));
    await ctx(dir, "index", "-q");
    expect(readFileSync(join(dir, ".ai/call_index.md"), "utf8")).toBe(original);
  });

  it("rewrites nothing on an unchanged tree, and answers the same from a rebuilt lookup cache", async () => {
    const dir = await indexedCalls("class-members");
    const before = await sites(dir, "Caller", "UsersService.find");
    const again = await ctx(dir, "index", "--json");
    expect(JSON.parse(again.stdout).written).toEqual([]);
    rmSync(join(dir, ".ai/.cache"), { recursive: true, force: true });
    expect(await sites(dir, "Caller", "UsersService.find")).toEqual(before);
  });
});

describe("return types the compiler would infer", () => {
  it("links a call on what an undeclared method or arrow returns, inferred from every `return`, and guesses nothing when one cannot be told", async () => {
    const dir = await indexedCalls("inferred-returns");
    expect(await sites(dir, "Caller", "Runner.commit")).toEqual([
      "src/runner.ts:14 Pool.run",
      "src/runner.ts:23 Pool.again",
      "src/runner.ts:30 useArrow",
      "src/runner.ts:44 useEither",
      "src/runner.ts:66 viaTypeof",
    ]);
    // `new Runner()` or `new Other()`: a union, whose member is each part's.
    expect(await sites(dir, "Caller", "Other.commit")).toEqual(["src/runner.ts:44 useEither"]);
    const { json } = await traverse(dir, "Caller", "Runner.commit");
    expect((json as unknown as { candidates: CallHit[] }).candidates.map((hit) => `${hit.path}:${hit.line} ${hit.name}`)).toEqual(["src/runner.ts:54 useUnknowable"]);
  });
});

describe("assertions and narrowing", () => {
  it("goes by the asserted type of a receiver (never the stripped one), and narrows by instanceof in if, && and ?:", async () => {
    const dir = await indexedCalls("assertions-and-narrowing");
    expect(await sites(dir, "Caller", "Select.subQuery")).toEqual(["src/query.ts:10 Builder.build", "src/query.ts:14 Builder.plain", "src/query.ts:15 Builder.plain"]);
    // `(this as any as Select<T>)` was Builder's own subQuery before: a wrong target, not a missed one.
    expect(await sites(dir, "Caller", "Builder.subQuery")).toEqual([]);
    expect(await sites(dir, "Caller", "Branded.brand")).toEqual(["src/query.ts:32 read", "src/query.ts:37 both", "src/query.ts:38 both"]);
    expect(await sites(dir, "Caller", "Token.unwrap")).toEqual(["src/query.ts:33 read"]);
    // `as any` asserts nothing a member can be found on: the call stays a candidate, named.
    const { json } = await traverse(dir, "Caller", "Select.subQuery");
    expect((json as unknown as { candidates: CallHit[] }).candidates.map((hit) => `${hit.path}:${hit.line} ${hit.name}`)).toEqual(["src/query.ts:42 loose"]);
    // `new (x as typeof Session)()` is a Session.
    expect(await sites(dir, "Caller", "Unit.persist")).toEqual(["src/query.ts:57 Session.fork"]);
  });
});

describe("callback parameters typed by the context they are passed in", () => {
  it("types a callback through a property of an interface with overloaded call signatures, rest tuples and function type aliases, an enclosing function's declared return type, and an options object's property", async () => {
    const dir = await indexedCalls("contextual-callbacks");
    // Every handler's `c` is a Context: passed to `app.get` (call signatures of HandlerInterface, H = Handler | MiddlewareHandler),
    // to `use` (a rest of MiddlewareHandler), to an overloaded method, returned where `MiddlewareHandler` or `Handler` is declared,
    // assigned where the variable's type is declared, and assigned to a property of an options object (nested too).
    expect(await sites(dir, "Caller", "Context.header")).toEqual([
      "src/options.ts:18 limited",
      "src/options.ts:20 limited",
      "src/options.ts:22 limited",
      "src/routes.ts:9 (module)",
      "src/routes.ts:12 (module)",
      "src/routes.ts:15 (module)",
      "src/routes.ts:16 (module)",
      "src/routes.ts:20 cors",
      "src/routes.ts:27 plain",
      "src/routes.ts:30 nested",
    ]);
    expect(await sites(dir, "Caller", "Request.query")).toEqual(["src/routes.ts:6 (module)", "src/routes.ts:25 logger"]);
    // `H | OtherHandler`: two function types whose parameters differ prove nothing; the call stays a candidate.
    expect(await sites(dir, "Caller", "Other.header")).toEqual([]);
    const { json } = await traverse(dir, "Caller", "Context.header");
    expect((json as unknown as { candidates: CallHit[] }).candidates.map((hit) => `${hit.path}:${hit.line}`)).toEqual(["src/routes.ts:35"]);
  });

  it("types a callback parameter declared `this` inside a union-typed parameter as the receiver", async () => {
    const dir = await indexedCalls("this-typed-callbacks");
    expect(await sites(dir, "Caller", "Select.subQuery")).toEqual(["src/queries.ts:4 active"]);
    // On an Update, `this` is the Update: its own member is found.
    expect(await sites(dir, "Caller", "Update.set")).toEqual(["src/queries.ts:8 touched"]);
    expect(await sites(dir, "Caller", "Select.getQuery")).toEqual(["src/queries.ts:4 active", "src/queries.ts:8 touched"]);
  });

  it("follows an alias of a static factory, method or arrow-function property, to its declared return type", async () => {
    const dir = await indexedCalls("static-factory-aliases");
    expect(await sites(dir, "Caller", "ZodString.min")).toEqual(["src/index.ts:4 name", "src/index.ts:6 direct"]);
    expect(await sites(dir, "Caller", "ZodNumber.int")).toEqual(["src/index.ts:5 age"]);
  });
});

describe("what a grep for the name would add", () => {
  it("accounts for every line naming the function in indexed files, so the answer can be trusted without the grep", async () => {
    const dir = await indexedCalls("grep-accounted");
    const text = await ctx(dir, "traverse", "Caller", "src/format.ts:format");
    // 12 lines name `format`: the one site, a call of Printer.format, four declarations (the function, the method, a
    // parameter, a property), the import, `o.format`, the parameter's use, the doc comment and a string — and
    // `rows.map(format)`, which passes the function along without calling it: the one line worth a look.
    expect(text.stdout).toContain(
      "rg -w adds 1 call of other declarations, 3 declarations, 1 import, 1 other member, 1 local, 2 comments or strings, 1 other use: src/use.ts:9\n",
    );
    const { json } = await traverse(dir, "Caller", "src/format.ts:format");
    expect((json as unknown as { mentions: unknown }).mentions).toEqual({
      lines: 12,
      sites: 1,
      otherCalls: 1,
      kinds: { declaration: 4, import: 1, member: 1, local: 1, text: 2, use: 1 },
      uses: ["src/use.ts:9"],
      unclassified: 0,
      unclassifiedAt: [],
    });
  });
});

describe("what a grep for the name would add, over many files", () => {
  it("tells comments, strings and imports apart in every file, and names the lines in code past the files parsed for one answer", async () => {
    const dir = tempDir();
    git(dir, "init", "-q");
    mkdirSync(join(dir, "src/notes"), { recursive: true });
    mkdirSync(join(dir, "src/refs"), { recursive: true });
    writeFileSync(join(dir, "src/bump.ts"), "/** One more. */\nexport function bump(n: number): number {\n  return n + 1;\n}\n");
    writeFileSync(join(dir, "src/use.ts"), 'import { bump } from "./bump.js";\n\nexport const two = bump(1);\n');
    const numbered = (i: number): string => String(i).padStart(2, "0");
    for (let i = 0; i < 45; i += 1) writeFileSync(join(dir, `src/notes/note${numbered(i)}.ts`), `// this will bump a line\nexport const label = "bump";\n`);
    for (let i = 0; i < 42; i += 1) writeFileSync(join(dir, `src/refs/ref${numbered(i)}.ts`), 'import { bump } from "../bump.js";\n\nexport const pass = bump;\n');
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    // The scan settles comments, strings, imports and `function bump` unparsed; files with lines only the compiler can
    // tell are parsed in path order, 40 of them: src/refs/ref00–39. Past them, what is left is named.
    const text = await ctx(dir, "traverse", "Caller", "bump");
    const unparsed = ["src/refs/ref40.ts:3", "src/refs/ref41.ts:3"];
    expect(text.stdout).toContain(
      "rg -w adds 43 imports, 90 comments or strings, 40 other uses: src/refs/ref00.ts:3, src/refs/ref01.ts:3, src/refs/ref02.ts:3, src/refs/ref03.ts:3, src/refs/ref04.ts:3, …, " +
        `2 lines in code not classified (past the 40 files parsed for one answer): ${unparsed.join(", ")}\n`,
    );
    const { json } = await traverse(dir, "Caller", "bump");
    expect((json as unknown as { mentions: unknown }).mentions).toMatchObject({ lines: 177, sites: 1, otherCalls: 0, kinds: { declaration: 1, import: 43, text: 90, use: 40 }, unclassified: 2, unclassifiedAt: unparsed });
  });
});

describe("declaration merging", () => {
  it("reads a name declared as a namespace and a class as the class: calls through it reach the overrides", async () => {
    const dir = await indexedCalls("merged-namespaces");
    // `(shape[key] as Column).toCode(key)` and `column.toCode("x")`, written against the abstract member.
    expect(await sites(dir, "Caller", "DecimalColumn.toCode")).toEqual(["src/code.ts:4 columnsToCode", "src/code.ts:8 direct"]);
    const { json } = await traverse(dir, "Caller", "DecimalColumn.toCode");
    expect(json.hits[0]).toMatchObject({ callee: "Column.toCode", through: "via class Column" });
  });
});

describe("utility types", () => {
  it("follows ReturnType of `typeof f` and of `T['method']`, InstanceType of `typeof C`, and indexed access types", async () => {
    const dir = await indexedCalls("utility-types");
    // `ReturnType<ReturnType<D["getPlatform"]>["getSchemaGenerator"]>`, with D constrained to Driver.
    expect(await sites(dir, "Caller", "SchemaGenerator.drop")).toEqual(["src/orm.ts:14 boot"]);
    expect(await sites(dir, "Caller", "Platform.getSchemaGenerator")).toEqual(["src/orm.ts:7 Orm.schema", "src/orm.ts:15 boot"]);
    expect(await sites(dir, "Caller", "Repo.find")).toEqual(["src/orm.ts:16 boot", "src/orm.ts:20 pick"]);
  });
});
