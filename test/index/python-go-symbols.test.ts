import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, , signature]) => [name!, kind!, container!, exported!, location!, signature!]);
}

describe("symbol_index.md for Python", () => {
  it("lists module- and class-level declarations, public by __all__, with one-line signatures and no locals", async () => {
    const dir = await indexedFixture("symbols/python-declarations");
    expect(symbolRows(dir)).toEqual([
      ["__all__", "variable", "", "no", "shop/models.py:6-6", '`__all__ = ["Order", "MAX_LINES"]`'],
      ["MAX_LINES", "constant", "", "yes", "shop/models.py:8-8", "`MAX_LINES = 50`"],
      // A literal that looks like a credential never reaches the committed index.
      ["API_KEY", "constant", "", "no", "shop/models.py:9-9", '`API_KEY = "…"`'],
      ["_registry", "variable", "", "no", "shop/models.py:10-10", '`_registry: dict[str, "Order"] = {}`'],
      ["first", "variable", "", "no", "shop/models.py:11-11", "`first, (second, third) = 1, (2, 3)`"],
      ["second", "variable", "", "no", "shop/models.py:11-11", "`first, (second, third) = 1, (2, 3)`"],
      ["third", "variable", "", "no", "shop/models.py:11-11", "`first, (second, third) = 1, (2, 3)`"],
      // Inside `if TYPE_CHECKING: … else:` and `try: … except:` at module level: still the module's.
      ["Invoice", "variable", "", "no", "shop/models.py:16-16", "`Invoice = None`"],
      ["fallback", "variable", "", "no", "shop/models.py:21-21", "`fallback = True`"],
      // Decorators (and a comment after one) are part of the span, not of the signature.
      ["Order", "class", "", "yes", "shop/models.py:24-51", "`class Order(Base)`"],
      ["status", "property", "Order", "yes", "shop/models.py:28-28", '`status: str = "open"`'],
      ["lines", "property", "Order", "yes", "shop/models.py:29-29", "`lines: list`"],
      ["total", "getter", "Order", "yes", "shop/models.py:31-33", "`def total(self) -> int`"],
      ["total", "setter", "Order", "yes", "shop/models.py:35-37", "`def total(self, value: int) -> None`"],
      ["submit", "method", "Order", "yes", "shop/models.py:39-42", '`async def submit(self, *, force: bool = False) -> "Order"`'],
      ["__repr__", "method", "Order", "yes", "shop/models.py:44-45", "`def __repr__(self) -> str`"],
      ["_check", "method", "Order", "no", "shop/models.py:47-48", "`def _check(self)`"],
      ["Meta", "class", "Order", "yes", "shop/models.py:50-51", "`class Meta`"],
      ["ordering", "property", "Order.Meta", "yes", "shop/models.py:51-51", '`ordering = ["id"]`'],
      ["make_order", "function", "", "no", "shop/models.py:54-56", "`def make_order(lines: list) -> Order`"],
      ["OrderId", "type", "", "no", "shop/models.py:59-59", "`type OrderId = int`"],
    ]);
  });

  it("answers traverse from the index and rejects a Python file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/python-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe('TRAVERSE_HIT Symbol Order.submit (1)\nshop/models.py:39-42 method Order.submit · async def submit(self, *, force: bool = False) -> "Order"\n');
    appendFileSync(join(dir, "shop/models.py"), "\nextra = 1\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.submit: stale/);
    // Outline of the changed file parses it now, with the Python grammar.
    const outline = await ctx(dir, "outline", "shop/models.py");
    expect(outline.stdout.split("\n")[0]).toBe("OUTLINE shop/models.py (22 declarations) (changed since indexing: parsed now)");
    expect(outline.stdout).toContain("61 extra = 1");
  });
});

describe("symbol_index.md for Go", () => {
  it("lists package-level declarations, methods by receiver type, struct fields and interface methods, exported by case", async () => {
    const dir = await indexedFixture("symbols/go-declarations");
    expect(symbolRows(dir)).toEqual([
      ["main", "function", "", "no", "main.go:5-7", "`func main()`"],
      ["ErrMissing", "variable", "", "yes", "store/store.go:10-10", '`var ErrMissing = errors.New("missing")`'],
      // A grouped declaration: each spec is its own row, its keyword put in front.
      ["StatusOpen", "constant", "", "yes", "store/store.go:13-13", "`const StatusOpen Status = iota`"],
      ["statusClosed", "constant", "", "no", "store/store.go:14-14", "`const statusClosed`"],
      ["apiKey", "constant", "", "no", "store/store.go:17-17", '`const apiKey = "…"`'],
      // `var _ Store = …` declares nothing.
      ["Status", "type", "", "yes", "store/store.go:21-21", "`type Status int`"],
      ["Store", "interface", "", "yes", "store/store.go:24-28", "`type Store interface`"],
      ["Find", "method", "Store", "yes", "store/store.go:25-25", "`Find(ctx context.Context, id string) (*Order, error)`"],
      ["Save", "method", "Store", "yes", "store/store.go:26-26", "`Save(ctx context.Context, order *Order) error`"],
      ["Order", "struct", "", "yes", "store/store.go:30-36", "`type Order struct`"],
      ["ID", "property", "Order", "yes", "store/store.go:31-31", "`ID string`"],
      ["Lines", "property", "Order", "yes", "store/store.go:32-32", "`Lines []Line`"],
      // An embedded field is named by its type.
      ["Base", "property", "Order", "yes", "store/store.go:33-33", "`*Base`"],
      ["count", "property", "Order", "no", "store/store.go:34-34", "`total, count int`"],
      ["total", "property", "Order", "no", "store/store.go:34-34", "`total, count int`"],
      ["meta", "property", "Order", "no", "store/store.go:35-35", "`meta struct{ Note string }`"],
      ["Line", "type", "", "yes", "store/store.go:39-39", "`type Line = string`"],
      ["Named", "interface", "", "yes", "store/store.go:40-40", "`type Named interface`"],
      ["Name", "method", "Named", "yes", "store/store.go:40-40", "`Name() string`"],
      ["memory", "struct", "", "no", "store/store.go:43-43", "`type memory struct`"],
      ["orders", "property", "memory", "no", "store/store.go:43-43", "`orders map[string]*Order`"],
      ["New", "function", "", "yes", "store/store.go:45-49", "`func New[T any](seed T) Store`"],
      // Methods on a pointer and on a value receiver both belong to the type; locals never appear.
      ["Find", "method", "memory", "yes", "store/store.go:51-57", "`func (m *memory) Find(ctx context.Context, id string) (*Order, error)`"],
      ["Save", "method", "memory", "yes", "store/store.go:59-59", "`func (m memory) Save(ctx context.Context, order *Order) error`"],
    ]);
  });

  it("makes a module depend on the packages it imports through go.mod's module path", async () => {
    const dir = await indexedFixture("symbols/go-declarations");
    const manifest = readAi(dir, "domain-manifest.yaml");
    expect(manifest).toMatch(/- name: root\n {4}paths:\n {6}- ''\n(?:.*\n)*? {4}depends_on:\n {6}- store\n/);
    const hit = await ctx(dir, "traverse", "Symbol", "memory.Find");
    expect(hit.stdout).toBe("TRAVERSE_HIT Symbol memory.Find (1)\nstore/store.go:51-57 method memory.Find · func (m *memory) Find(ctx context.Context, id string) (*Order, error)\n");
  });

  it("indexes what parses around a syntax error and reports the file as partial", async () => {
    const dir = await indexedFixture("symbols/go-declarations");
    writeFileSync(join(dir, "store/broken.go"), "package store\n\nfunc Good() {}\n\nfunc Broken( {\n\nfunc After() {}\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("store/broken.go");
    expect(symbolRows(dir).filter((row) => row[4]!.startsWith("store/broken.go")).map((row) => row[0])).toContain("Good");
  });
});
