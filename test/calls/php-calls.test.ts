import { describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callRows, ctx, incrementalSteps, indexedFixture } from "../helpers/fixture.js";

describe("call_index.md for PHP", () => {
  it("types receivers by typed, promoted and `@var` properties, parameters, `new`, `$this`, `self`/`static`/`parent`, traits and declared returns", async () => {
    expect(await callRows("php-typed-receivers")).toEqual([
      ["src/Orders/BaseService.php:11", "BaseService.check", "call", "Order.valid", "src/Orders/Order.php:14"],
      // `parent::__construct`, and `Repo::open()` as the right side of `??`.
      ["src/Orders/OrderService.php:17", "OrderService.__construct", "call", "BaseService.__construct", "src/Orders/BaseService.php:7"],
      ["src/Orders/OrderService.php:18", "OrderService.__construct", "call", "Repo.open", "src/Store/Repo.php:17"],
      // An inherited method; a trait's method is the class's.
      ["src/Orders/OrderService.php:23", "OrderService.place", "call", "BaseService.check", "src/Orders/BaseService.php:9"],
      ["src/Orders/OrderService.php:24", "OrderService.place", "call", "Audits.audit", "src/Support/Audits.php:7"],
      // A typed property; `save` returns `static`, the receiver.
      ["src/Orders/OrderService.php:25", "OrderService.place", "call", "Repo.save", "src/Store/Repo.php:12"],
      ["src/Orders/OrderService.php:25", "OrderService.place", "call", "Repo.close", "src/Store/Repo.php:22"],
      // `find` returns `?Entity`: a nullsafe call on it lands on the interface's method.
      ["src/Orders/OrderService.php:26", "OrderService.place", "call", "Repo.find", "src/Store/Repo.php:7"],
      ["src/Orders/OrderService.php:27", "OrderService.place", "call", "Entity.key", "src/Store/Entity.php:7"],
      ["src/Orders/OrderService.php:28", "OrderService.place", "new", "Repo", "src/Store/Repo.php:5"],
      ["src/Orders/OrderService.php:29", "OrderService.place", "call", "Repo.close", "src/Store/Repo.php:22"],
      ["src/Orders/OrderService.php:30", "OrderService.place", "call", "OrderService.helper", "src/Orders/OrderService.php:52"],
      ["src/Orders/OrderService.php:31", "OrderService.place", "call", "OrderService.helper", "src/Orders/OrderService.php:52"],
      // `$this->logger->info` (a package's LoggerInterface) and `strlen` (PHP's) are outside: no rows. An untyped parameter: a candidate.
      ["src/Orders/OrderService.php:34", "OrderService.place", "call", "valid", "-"],
      // A first-class callable and the `[$this, 'm']`, `[X::class, 'm']` callables are references.
      ["src/Orders/OrderService.php:35", "OrderService.place", "ref", "BaseService.check", "src/Orders/BaseService.php:9"],
      ["src/Orders/OrderService.php:36", "OrderService.place", "ref", "OrderService.remember", "src/Orders/OrderService.php:44"],
      ["src/Orders/OrderService.php:37", "OrderService.place", "ref", "Repo.open", "src/Store/Repo.php:17"],
      // An arrow function's typed parameter; a closure's `use ($order)` keeps its type.
      ["src/Orders/OrderService.php:38", "OrderService.place", "call", "Order.key", "src/Orders/Order.php:9"],
      ["src/Orders/OrderService.php:40", "OrderService.place", "call", "Order.valid", "src/Orders/Order.php:14"],
      ["src/Orders/OrderService.php:46", "OrderService.remember", "new", "Order", "src/Orders/Order.php:7"],
      ["src/Orders/OrderService.php:47", "OrderService.remember", "call", "OrderService.other", "src/Orders/OrderService.php:54"],
      // `$value` is assigned an Order and what `other()` returns (mixed): not known, a candidate.
      ["src/Orders/OrderService.php:48", "OrderService.remember", "call", "valid", "-"],
      // A fully qualified name.
      ["src/Orders/OrderService.php:49", "OrderService.remember", "call", "Repo.open", "src/Store/Repo.php:17"],
      // An untyped property's `@var Repo|null` docblock; `@var Repo[]` names no class: a candidate.
      ["src/Orders/OrderService.php:67", "OrderService.useSpare", "call", "Repo.close", "src/Store/Repo.php:22"],
      ["src/Orders/OrderService.php:68", "OrderService.useSpare", "call", "close", "-"],
      ["src/Store/Repo.php:19", "Repo.open", "new", "Repo", "src/Store/Repo.php:5"],
    ]);
  });

  it("resolves names as PHP does: `use` imports and aliases, the namespace's classes in any folder, functions then the global ones", async () => {
    expect(await callRows("php-namespace-scope")).toEqual([
      // Invoice is Billing's namespace's, imported by nobody.
      ["src/Billing/Billing.php:12", "Billing.issue", "call", "Invoice.empty", "src/Billing/Invoice.php:7"],
      ["src/Billing/Billing.php:13", "Billing.issue", "call", "Invoice.total", "src/Billing/Invoice.php:12"],
      // `use function Acme\Util\pad;`; `format_money` is the global function the namespace lacks (lib/, no autoload rule).
      ["src/Billing/Billing.php:14", "Billing.issue", "call", "pad", "src/Util/functions.php:5"],
      ["src/Billing/Billing.php:15", "Billing.issue", "call", "format_money", "lib/helpers.php:3"],
      // `U\Strings` through the namespace alias `use Acme\Util as U;`.
      ["src/Billing/Billing.php:16", "Billing.issue", "call", "Strings.upper", "src/Util/Strings.php:7"],
      // The namespace's function before a global one; `count` and `\DateTime` are PHP's: no rows.
      ["src/Billing/Billing.php:17", "Billing.issue", "call", "tax", "src/Billing/Billing.php:25"],
      ["src/Billing/Invoice.php:9", "Invoice.empty", "new", "Invoice", "src/Billing/Invoice.php:5"],
      // tests/ has no autoload rule: the namespace is the same wherever its files sit.
      ["tests/BillingTest.php:9", "BillingTest.testIssues", "new", "Billing", "src/Billing/Billing.php:8"],
      ["tests/BillingTest.php:10", "BillingTest.testIssues", "call", "Billing.issue", "src/Billing/Billing.php:10"],
      ["tests/BillingTest.php:10", "BillingTest.testIssues", "call", "Invoice.total", "src/Billing/Invoice.php:12"],
      ["tests/BillingTest.php:11", "BillingTest.testIssues", "call", "Ledger.record", "tests/Ledger.php:7"],
    ]);
  });

  it("looks a method up in the class's traits (`insteadof` first), and takes an enum's `from()` as PHP's", async () => {
    expect(await callRows("php-traits-and-enums")).toEqual([
      ["src/Greeter.php:18", "Greeter.greet", "call", "Casual.bye", "src/Casual.php:12"],
      // A function declared in a method has no `$this`: a candidate. `Status::from` is PHP's: no row.
      ["src/Greeter.php:22", "Greeter.greet", "call", "name", "-"],
      // `Polite::hello insteadof Casual`; an enum-typed parameter.
      ["src/Greeter.php:24", "Greeter.greet", "call", "Polite.hello", "src/Polite.php:7"],
      ["src/Greeter.php:24", "Greeter.greet", "call", "Status.label", "src/Status.php:9"],
      // In a trait, a method it does not declare is the using class's: a candidate.
      ["src/Polite.php:9", "Polite.hello", "call", "name", "-"],
    ]);
  });

  it("finds functions, methods and classes whatever the case a call writes them in, as PHP does", async () => {
    expect(await callRows("php-names-any-case")).toEqual([
      // `Order::MAKE()` is `make`; `$order->Total()` and the `total()` of what `make` returns are `total`; `helper_fn()` is `Helper_Fn`.
      ["src/Checkout.php:8", "Checkout.run", "call", "Order.make", "src/Order.php:11"],
      ["src/Checkout.php:9", "Checkout.run", "call", "Order.total", "src/Order.php:6"],
      ["src/Checkout.php:9", "Checkout.run", "call", "Helper_Fn", "src/Checkout.php:13"],
      ["src/Order.php:13", "Order.make", "new", "Order", "src/Order.php:4"],
    ]);
  });

  it("answers traverse Caller for a method, with candidates where the receiver is unknown", async () => {
    const dir = await indexedFixture("calls/php-typed-receivers");
    const run = await ctx(dir, "traverse", "Caller", "Order.valid");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "TRAVERSE_HIT Caller Order.valid (2 sites in 2 files)",
      "→ method Order.valid src/Orders/Order.php:14",
      "  src/Orders/BaseService.php: BaseService.check 11",
      "  src/Orders/OrderService.php: OrderService.place 40",
      "2 unresolved calls named valid (receiver type unknown: each may call it):",
      "  src/Orders/OrderService.php: OrderService.{place 34; remember 48}",
      "",
    ]);
  });

  it("links a namespace's files again when a file of it is added, dropped or moved to another namespace: the incremental index equals a full one", async () => {
    const dir = await indexedFixture("calls/php-namespace-scope");
    const step = incrementalSteps(dir);
    const ledger = join(dir, "tests/Ledger.php");
    // Moved to another namespace: BillingTest no longer sees it.
    await step(
      () => writeFileSync(ledger, readFileSync(ledger, "utf8").replace("namespace Acme\\Billing;", "namespace Acme\\Other;")),
      (index) => expect(index).not.toContain("Ledger.record"),
    );
    // Back, in another folder.
    await step(
      () => {
        const text = readFileSync(ledger, "utf8").replace("namespace Acme\\Other;", "namespace Acme\\Billing;");
        rmSync(ledger);
        mkdirSync(join(dir, "support"), { recursive: true });
        writeFileSync(join(dir, "support/Ledger.php"), text);
      },
      (index) => expect(index).toContain("| tests/BillingTest.php:11 | BillingTest.testIssues | method | call | Ledger.record | method | support/Ledger.php:7 |"),
    );
    // A global function dropped: `format_money()` is PHP's then (no row); a namespace's function added shadows the global one.
    await step(
      () => writeFileSync(join(dir, "lib/helpers.php"), "<?php\n\nfunction count_all(array $items): int\n{\n    return count($items);\n}\n"),
      (index) => expect(index).not.toContain("format_money"),
    );
    await step(
      () => writeFileSync(join(dir, "src/Billing/money.php"), "<?php\n\nnamespace Acme\\Billing;\n\nfunction format_money(int $cents): string\n{\n    return '';\n}\n"),
      (index) => expect(index).toContain("| src/Billing/Billing.php:15 | Billing.issue | method | call | format_money | function | src/Billing/money.php:5 |"),
    );
  });
});
