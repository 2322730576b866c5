import { readdirSync, statSync, symlinkSync, writeFileSync, appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { encode } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../src/core/brief/estimate-tokens.js";
import { copyFixture, ctx, git, indexedFixture } from "../helpers/fixture.js";

const indexedShop = (): Promise<string> => indexedFixture("brief/shop");

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON is what the test inspects, field by field
type Json = Record<string, any>;

async function briefJson(dir: string, ...args: string[]): Promise<Json> {
  const run = await ctx(dir, "brief", ...args, "--json");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Json;
}

/** Every file under dir with its size and mtime: what "writes nothing" is checked against. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.name === ".git") continue;
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        out.push(`${path}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

describe("ctx brief", () => {
  it("routes a change naming a method to the file that defines it: Small lane, the line to edit and the narrowed test command", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "fix UsersService.findOne returning undefined for a registered user");
    expect(brief.lane).toBe("Small");
    expect(brief.kind).toBe("symbol");
    expect(brief.files[0]).toMatchObject({ path: "src/users/users.service.ts", reasons: expect.arrayContaining(["defines UsersService.findOne"]) });
    expect(brief.symbols).toEqual([expect.objectContaining({ name: "UsersService.findOne", path: "src/users/users.service.ts", line: 9 })]);
    expect(brief.next).toBe("edit src/users/users.service.ts:9 `UsersService.findOne`; verify with npm test -- users.service");
  });

  it("says in a few words to read the top two files when none leads clearly; the JSON names both places", async () => {
    const dir = await indexedShop();
    const text = await ctx(dir, "brief", "users cannot log in");
    const json = JSON.parse((await ctx(dir, "brief", "users cannot log in", "--json")).stdout) as { next: string; files: { path: string }[] };
    expect(json.next).toMatch(new RegExp(`^read first: ${json.files[0]!.path}:\\d+ \`[^\`]+\`, ${json.files[1]!.path}:\\d+ \`[^\`]+\`; then plan in \\.ai/HANDOFF\\.md`));
    expect(text.stdout).toContain("\nnext: read the top two files first; then plan in .ai/HANDOFF.md");
    expect(text.stdout.split(/^files[^\n]*:\n/m)[1]!.split("\n").slice(0, 2).map((line) => line.trim().split(":")[0])).toEqual(json.files.slice(0, 2).map((file) => file.path));
    // The untouched handoff template `ctx init` writes says nothing worth a line.
    expect((await ctx(dir, "init")).code).toBe(0);
    const after = await ctx(dir, "brief", "users cannot log in");
    expect(after.stdout).not.toMatch(/^handoff:/m);
    expect(after.stdout).toContain("\nnext: read the top two files first; then plan in .ai/HANDOFF.md\n");
  });

  it("answers a question in the Answer lane and leaves every file of the repository as it was", async () => {
    const dir = await indexedShop();
    const before = snapshot(dir);
    const status = git(dir, "status", "--porcelain");
    const run = await ctx(dir, "brief", "how is the order total computed?");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^BRIEF Answer · /);
    // The agent gave the task: it is not said back.
    expect(run.stdout).not.toContain("how is the order total computed?");
    expect(run.stdout).toContain("next: read src/orders/orders.service.ts:9-11 `orderTotal`\n");
    expect(snapshot(dir)).toEqual(before);
    expect(git(dir, "status", "--porcelain")).toBe(status);
  });

  it("forces the Full lane when the task names a risky area, and says which", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "add a refund endpoint for failed charges");
    expect(brief.lane).toBe("Full");
    expect(brief.risk).toEqual(["payment"]);
    expect(brief.files[0].path).toBe("src/billing/payment.service.ts");
    // No handoff yet: said once, where the next step needs it.
    expect(brief.next).toMatch(/^plan in \.ai\/HANDOFF\.md \(`.+ init` creates it\), starting from src\/billing\/payment\.service\.ts:\d+-\d+ `PaymentService\.refund`$/);
  });

  it("matches a route in the task to its handler: endpoint kind, the route as the reason", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "GET /users/:id returns 500 for unknown ids");
    expect(brief.kind).toBe("endpoint");
    expect(brief.endpoints).toEqual([{ method: "GET", route: "/users/:id", handler: "UsersController.findOne", path: "src/users/users.controller.ts", line: 8 }]);
    expect(brief.files[0]).toMatchObject({ path: "src/users/users.controller.ts", reasons: expect.arrayContaining(["route GET /users/:id"]) });
  });

  it("routes a task that gives a full URL to the handler of the route mounted across files", async () => {
    const dir = await indexedFixture("endpoints/express-mounted-routers");
    const brief = await briefJson(dir, "GET https://shop.example.com/api/v2/articles/how-to-train?draft=1 returns 500");
    expect(brief.kind).toBe("endpoint");
    // The route whose feed path only the running program knows may match too; it comes after.
    expect(brief.endpoints[0]).toEqual({ method: "GET", route: "/api/v2/articles/:slug", handler: "getArticle", path: "src/routes/articles.ts", line: 8 });
    expect(brief.files[0]).toMatchObject({ path: "src/routes/articles.ts", reasons: expect.arrayContaining(["route GET /api/v2/articles/:slug"]), at: { name: "getArticle", line: 8 } });
  });

  it("ranks the files that call a declaration the task names, with the call as the reason", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "make PaymentService.charge take a currency");
    expect(brief.files[0]).toMatchObject({ path: "src/billing/payment.service.ts", reasons: expect.arrayContaining(["defines PaymentService.charge"]) });
    expect(brief.files[1]).toMatchObject({ path: "src/orders/orders.service.ts", reasons: expect.arrayContaining(["calls PaymentService.charge"]) });
  });

  it("finds an identifier the index does not declare (a parameter) in the files that hold it", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "rename `unitPriceCents` to `priceCents`");
    expect(brief.symbols).toEqual([]);
    expect(brief.files.slice(0, 2).map((f: { path: string }) => f.path)).toEqual(["src/orders/discount.ts", "src/orders/orders.service.ts"]);
    expect(brief.files[0].reasons).toContain("mentions unitPriceCents");
  });

  it("reads an error with a stack frame as an error signature anchored to the frame's file", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "TypeError: Cannot read properties of undefined (reading 'amountCents')\n    at OrdersService.placeOrder (src/orders/orders.service.ts:17:5)");
    expect(brief.kind).toBe("error");
    expect(brief.lane).toBe("Small");
    expect(brief.files[0]).toMatchObject({ path: "src/orders/orders.service.ts", reasons: expect.arrayContaining(["named in the task", "defines OrdersService.placeOrder"]) });
  });

  it("ranks by words when the task names nothing exactly: sub-words of symbol names, the module's name, and calls into the matched file", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "discount percentages are rounded the wrong way in orders");
    expect(brief.kind).toBe("module");
    expect(brief.modules.map((m: { name: string }) => m.name)).toEqual(["orders"]);
    expect(brief.files[0]).toMatchObject({ path: "src/orders/discount.ts" });
    expect(brief.files[0]).toMatchObject({ at: { name: "applyDiscount" }, reasons: [expect.stringMatching(/^uses discount, percentages/), expect.anything()] });
  });

  it("counts the files of recent commits as changed recently, and not the first commit's, which adds every file", async () => {
    const dir = await indexedShop();
    appendFileSync(join(dir, "src/billing/payment.service.ts"), "\n// refunds reviewed\n");
    git(dir, "add", "src/billing/payment.service.ts");
    git(dir, "commit", "-q", "-m", "review refunds");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    const brief = await briefJson(dir, "refund a charge");
    expect(brief.files.map((f: { path: string }) => f.path)).toEqual(["src/billing/payment.service.ts", "src/orders/orders.service.ts"]);
    const recent = brief.files.filter((f: { reasons: string[] }) => f.reasons.includes("changed recently")).map((f: { path: string }) => f.path);
    expect(recent).toEqual(["src/billing/payment.service.ts"]);
  });

  it("rejects what changed since indexing: a modified file's symbols are not given, and its place in the ranking says so", async () => {
    const dir = await indexedShop();
    appendFileSync(join(dir, "src/users/users.service.ts"), "\nexport const touched = 1;\n");
    const brief = await briefJson(dir, "fix UsersService.findOne");
    expect(brief.symbols).toEqual([]);
    expect(brief.rejected).toEqual([{ path: "src/users/users.service.ts", reason: "modified" }]);
    expect(brief.index.changedSince).toBe(1);
    const file = brief.files.find((f: { path: string }) => f.path === "src/users/users.service.ts");
    expect(file.reasons).toContain("changed since indexed: lines may have moved");
    expect(brief.git.unstaged).toEqual(["src/users/users.service.ts"]);
  });

  it("keeps the text within the token budget, cutting the lowest-ranked lines first with a +N more marker", async () => {
    const dir = await indexedShop();
    for (let i = 0; i < 40; i += 1) writeFileSync(join(dir, `src/orders/line-item-${i}.ts`), `export function orderLine${i}Total(quantity: number): number {\n  return quantity * ${i};\n}\n`);
    await ctx(dir, "index", "-q");
    const full = await ctx(dir, "brief", "order line totals are wrong");
    expect(encode(full.stdout).length).toBeLessThanOrEqual(700);
    const small = await ctx(dir, "brief", "order line totals are wrong", "--budget", "250");
    expect(encode(small.stdout).length).toBeLessThanOrEqual(250);
    expect(small.stdout).toMatch(/\+\d+ more ranked files/);
    expect(small.stdout).toMatch(/\+\d+ more dirty files/);
    // The head is never cut; the best-ranked file stays.
    expect(small.stdout).toContain("next: ");
    expect(small.stdout.split(/^files[^\n]*:\n/m)[1]?.split("\n")[0]).toBe(full.stdout.split(/^files[^\n]*:\n/m)[1]?.split("\n")[0]);
    // The dirty list is bounded whatever the budget, and leaves ctx's own .ai/ out: 40 new files are listed.
    expect(full.stdout.split("\n").filter((line) => line.endsWith("(untracked)"))).toHaveLength(3);
    expect(full.stdout).toContain("+37 more dirty files (git status)");
    expect(full.stdout).not.toContain(".ai/ (untracked)");
    // An answer gets a smaller default budget.
    const answer = await ctx(dir, "brief", "which files compute order line totals?");
    expect(answer.stdout).toMatch(/^BRIEF Answer/);
    expect(encode(answer.stdout).length).toBeLessThanOrEqual(350);
    for (const text of [full.stdout, small.stdout, answer.stdout]) expect(estimateTokens(text)).toBeGreaterThanOrEqual(encode(text).length);
  });

  it("leaves out sections with nothing to report", async () => {
    const dir = await indexedShop();
    const run = await ctx(dir, "brief", "how is the order total computed?");
    for (const heading of ["symbols:", "endpoints:", "modules:", "rejected", "incidents", "hot", "brain", "risk:"]) expect(run.stdout).not.toContain(heading);
  });

  it("takes the task from the handoff when none is given, and shows its objective and next step", async () => {
    const dir = await indexedShop();
    mkdirSync(join(dir, ".ai"), { recursive: true });
    writeFileSync(join(dir, ".ai/HANDOFF.md"), "# Handoff\n\n## Objective / status\nMake UsersService.register reject duplicate emails\n\n## Next action\n1. Add the check in register\n");
    const brief = await briefJson(dir);
    expect(brief.taskFrom).toBe("handoff");
    // Six of the gate's sections are missing: the builder is sent to the gate, not into the code.
    expect(brief.handoff).toEqual({ present: true, objective: "Make UsersService.register reject duplicate emails", next: "Add the check in register", problems: 6 });
    expect(brief.files[0].path).toBe("src/users/users.service.ts");
    // ctx is a dev dependency of this project: the next step names the command that runs it here.
    mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
    symlinkSync(join(import.meta.dirname, "..", "..", "bin", "ctx.js"), join(dir, "node_modules", ".bin", "ctx"));
    expect((await briefJson(dir, "--role", "builder")).next).toBe("make the handoff pass first: node_modules/.bin/ctx validate-handoff (6 problems)");
    expect((await ctx(dir, "brief")).stdout).toContain("handoff: objective: Make UsersService.register reject duplicate emails · next: Add the check in register · 6 problems (node_modules/.bin/ctx validate-handoff)\n");
    const complete = [
      "## Objective / status", "Make UsersService.register reject duplicate emails",
      "## Exact paths and symbols", "- src/users/users.service.ts `UsersService.register`",
      "## Ordered edit steps", "1. Add the check in register",
      "## Invariants", "- The users API keeps its routes.",
      "## Changed files", "- src/users/users.service.ts",
      "## Verification commands", "- `npm test`",
      "## Blockers", "None.",
      "## Next action", "Add the check in register",
    ];
    writeFileSync(join(dir, ".ai/HANDOFF.md"), `${complete.join("\n")}\n`);
    expect((await briefJson(dir, "--role", "builder")).next).toBe("follow the handoff: Add the check in register");
  });

  it("says so outside git and without an index, and still routes by nothing it does not have", async () => {
    const dir = copyFixture("brief/shop", { git: false });
    const run = await ctx(dir, "brief", "fix UsersService.findOne");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("git: not a git repository");
    expect(run.stdout).toContain("index: none under .ai/");
    expect(run.stdout).not.toContain("files:");
  });

  it("prints the documented JSON shape, files in rank order", async () => {
    const dir = await indexedShop();
    const brief = await briefJson(dir, "fix UsersService.findOne");
    expect(Object.keys(brief)).toEqual(["task", "taskFrom", "role", "git", "index", "handoff", "lane", "laneReason", "risk", "kind", "modules", "symbols", "endpoints", "files", "rejected", "incidents", "hot", "brain", "next", "invocation"]);
    const scores = brief.files.map((f: { score: number }) => f.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Object.keys(brief.files[0])).toEqual(["path", "score", "reasons", "at"]);
  });

  it("gives the same answer twice", async () => {
    const dir = await indexedShop();
    const first = await ctx(dir, "brief", "discount rounding in orders", "--json");
    const second = await ctx(dir, "brief", "discount rounding in orders", "--json");
    expect(second.stdout).toBe(first.stdout);
  });
});

describe("routing table", () => {
  it("is the same whether ctx index wrote it or a lookup rebuilt it from the committed Markdown", async () => {
    const dir = await indexedShop();
    const { readFileSync, rmSync } = await import("node:fs");
    const files = ["routing.tsv", "routing-symbols.txt", "routing.idx"].map((name) => join(dir, ".ai/.cache/lookup", name));
    const written = files.map((file) => readFileSync(file, "latin1"));
    expect(written[0]).toContain("src/orders/orders.service.ts\torders\t-\t");
    expect(written[1]).toContain("OrdersService.placeOrder@16-18@method@e");
    rmSync(join(dir, ".ai/.cache"), { recursive: true });
    expect((await ctx(dir, "traverse", "Symbol", "UsersService")).code).toBe(0);
    expect(files.map((file) => readFileSync(file, "latin1"))).toEqual(written);
  });
});
