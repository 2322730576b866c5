import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, test, signature]) => [name!, kind!, container!, exported!, location!, test!, signature!]);
}

describe("symbol_index.md for PHP", () => {
  it("lists class-likes and their members, file-level functions and constants, private members unexported, nothing from function bodies", async () => {
    const dir = await indexedFixture("symbols/php-declarations");
    expect(symbolRows(dir)).toEqual([
      ["HasEvents", "trait", "", "yes", "src/Concerns/HasEvents.php:5-14", "no", "`trait HasEvents`"],
      // protected is reachable (by subclasses): exported.
      ["events", "property", "HasEvents", "yes", "src/Concerns/HasEvents.php:7-7", "no", "`protected array $events = []`"],
      ["name", "method", "HasEvents", "yes", "src/Concerns/HasEvents.php:9-9", "no", "`abstract protected function name(): string`"],
      ["bootHasEvents", "method", "HasEvents", "yes", "src/Concerns/HasEvents.php:11-13", "no", "`public static function bootHasEvents(): void`"],
      ["Repository", "interface", "", "yes", "src/Contracts/Repository.php:7-14", "no", "`interface Repository`"],
      ["PAGE_SIZE", "constant", "Repository", "yes", "src/Contracts/Repository.php:9-9", "no", "`const PAGE_SIZE = 50`"],
      ["find", "method", "Repository", "yes", "src/Contracts/Repository.php:11-11", "no", "`public function find(int $id): ?Order`"],
      ["save", "method", "Repository", "yes", "src/Contracts/Repository.php:13-13", "no", "`public function save(Order $order): void`"],
      // The span starts at the first attribute, after the docblock; the signature leaves the attributes out. The namespace is no container.
      ["Order", "class", "", "yes", "src/Order.php:14-54", "no", "`final class Order extends Model implements JsonSerializable`"],
      // One row per constant and per property of a list, each with the whole declaration.
      ["CLOSED", "constant", "Order", "yes", "src/Order.php:20-20", "no", "`public const OPEN = 'open', CLOSED = 'closed'`"],
      ["OPEN", "constant", "Order", "yes", "src/Order.php:20-20", "no", "`public const OPEN = 'open', CLOSED = 'closed'`"],
      // A literal that looks like a credential never reaches the committed index.
      ["API_KEY", "constant", "Order", "no", "src/Order.php:21-21", "no", '`private const API_KEY = "…"`'],
      ["count", "property", "Order", "yes", "src/Order.php:23-23", "no", "`protected static int $count = 0`"],
      ["note", "property", "Order", "no", "src/Order.php:24-24", "no", "`private ?string $note = null, $tag`"],
      ["tag", "property", "Order", "no", "src/Order.php:24-24", "no", "`private ?string $note = null, $tag`"],
      ["legacy", "property", "Order", "yes", "src/Order.php:25-25", "no", "`var $legacy`"],
      ["__construct", "constructor", "Order", "yes", "src/Order.php:27-32", "no", "`public function __construct( private readonly int $id, public string $status = self::OPEN, $plain = null, )`"],
      // Promoted parameters are properties; a plain parameter ($plain) is not.
      ["id", "property", "Order", "no", "src/Order.php:28-28", "no", "`private readonly int $id`"],
      ["status", "property", "Order", "yes", "src/Order.php:29-29", "no", "`public string $status = self::OPEN`"],
      // The arrow function, the anonymous class and its method inside are the body's, never rows.
      ["submit", "method", "Order", "yes", "src/Order.php:35-43", "no", "`public function submit(bool $force = false): static`"],
      ["check", "method", "Order", "no", "src/Order.php:45-48", "no", "`private function check(Repository $orders): void`"],
      // No modifier: public, as PHP has it.
      ["jsonSerialize", "method", "Order", "yes", "src/Order.php:50-53", "no", "`function jsonSerialize(): mixed`"],
      ["Status", "enum", "", "yes", "src/Status.php:5-21", "no", "`enum Status: string implements \\JsonSerializable`"],
      ["Open", "constant", "Status", "yes", "src/Status.php:7-7", "no", "`case Open = 'open'`"],
      ["Closed", "constant", "Status", "yes", "src/Status.php:8-8", "no", "`case Closed = 'closed'`"],
      ["DEFAULT", "constant", "Status", "yes", "src/Status.php:10-10", "no", "`const DEFAULT = self::Open`"],
      ["label", "method", "Status", "yes", "src/Status.php:12-15", "no", "`public function label(): string`"],
      ["jsonSerialize", "method", "Status", "yes", "src/Status.php:17-20", "no", "`public function jsonSerialize(): string`"],
      // In a braced namespace and under `if (!function_exists(…))`: still the file's; the closure and `$registry` are not declarations.
      ["CURRENCY", "constant", "", "yes", "src/helpers.php:4-4", "no", "`const VERSION = '1.0', CURRENCY = 'EUR'`"],
      ["VERSION", "constant", "", "yes", "src/helpers.php:4-4", "no", "`const VERSION = '1.0', CURRENCY = 'EUR'`"],
      ["money", "function", "", "yes", "src/helpers.php:7-13", "no", "`function money(int $cents): string`"],
      // A template is HTML around PHP: only what its `<?php` blocks declare.
      ["template_helper", "function", "", "yes", "templates/order.blade.php:6-6", "no", "`function template_helper()`"],
      ["OrderTest", "class", "", "yes", "tests/OrderTest.php:8-15", "yes", "`class OrderTest extends TestCase`"],
      ["testSubmitReturnsTheOrder", "method", "OrderTest", "yes", "tests/OrderTest.php:10-14", "yes", "`public function testSubmitReturnsTheOrder(): void`"],
    ]);
  });

  it("answers traverse from the index and rejects a PHP file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/php-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe("TRAVERSE_HIT Symbol Order.submit (1)\nsrc/Order.php:35-43 method Order.submit · public function submit(bool $force = false): static\n");
    appendFileSync(join(dir, "src/Order.php"), "\nfunction extra(): void {}\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.submit");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.submit: stale/);
    // Outline of the changed file parses it now, with the PHP grammar.
    const outline = await ctx(dir, "outline", "src/Order.php");
    expect(outline.stdout.split("\n")[0]).toBe("OUTLINE src/Order.php (15 declarations) (changed since indexing: parsed now)");
    expect(outline.stdout).toContain("56 + function extra(): void {}");
  });

  it("indexes what parses around a syntax error", async () => {
    const dir = await indexedFixture("symbols/php-declarations");
    writeFileSync(join(dir, "src/Broken.php"), "<?php\nclass Broken\n{\n    public function good() {}\n    public function bad( {}\n}\n\nfunction after() {}\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    const names = symbolRows(dir)
      .filter((row) => row[4]!.startsWith("src/Broken.php"))
      .map((row) => `${row[2]}.${row[0]}`);
    expect(names).toEqual(expect.arrayContaining(["Broken.good", ".after"]));
  });

  it("makes a module of each composer package and links them by PSR-4, PSR-0 and literal requires", async () => {
    const dir = await indexedFixture("index/php-composer-packages");
    const manifest = readAi(dir, "domain-manifest.yaml");
    const module = (name: string): string => {
      const start = manifest.indexOf(`  - name: ${name}\n`);
      expect(start, name).toBeGreaterThanOrEqual(0);
      const end = manifest.indexOf("\n  - name: ", start + 1);
      return manifest.slice(start, end < 0 ? undefined : end + 1);
    };
    // Billing imports Parcel, which shipping's composer.json loads by PSR-0 from its own folder.
    expect(module("acme/billing")).toBe(
      "  - name: acme/billing\n    paths:\n      - packages/billing\n    entries:\n      - packages/billing/src/Invoice.php\n    depends_on:\n      - acme/shipping\n    files: 2\n    description: ''\n    keywords: []\n    owners: []\n",
    );
    expect(module("acme/shipping")).toContain("    paths:\n      - packages/shipping\n    entries:\n      - packages/shipping/src/Acme/Shipping/Parcel.php\n    depends_on: []\n    files: 1\n");
    // The application's `use Acme\Billing\Invoice` and its `require_once __DIR__ . '/../bootstrap.php'`.
    expect(module("app")).toContain("    depends_on:\n      - acme/billing\n      - root\n    files: 1\n");
    expect(module("root")).toContain("    entries:\n      - bootstrap.php\n");
    // A malformed composer.json is no package: its folder is an ordinary module.
    expect(manifest).not.toContain("acme/legacy");
    expect(manifest).not.toContain("acme/monorepo");
  });
});
