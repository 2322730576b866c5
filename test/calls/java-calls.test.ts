import { describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ctx, incrementalSteps, indexedFixture, tableRows } from "../helpers/fixture.js";

/** site, caller, via, callee, target of every call_index.md row. */
async function callRows(fixture: string): Promise<string[][]> {
  const dir = await indexedFixture(`calls/${fixture}`);
  return tableRows(dir, "call_index.md")
    .filter((row) => row.length === 7)
    .map(([site, caller, , via, callee, , target]) => [site!.replace(/^.*\/java\//, ""), caller!, via!, callee!, target!.replace(/^.*\/java\//, "")]);
}

describe("call_index.md for Java", () => {
  it("types receivers by fields, parameters, locals, `var`, `this`, `super`, static calls and declared returns, generics erased", async () => {
    expect(await callRows("java-typed-receivers")).toEqual([
      // A field's initialiser is the field's caller.
      ["shop/orders/BaseService.java:4", "BaseService.audit", "new", "Audit", "shop/orders/Audit.java:3"],
      ["shop/orders/BaseService.java:5", "BaseService.BaseService", "call", "Audit.log", "shop/orders/Audit.java:4"],
      // Of two overloads, the one taking as many arguments.
      ["shop/orders/BaseService.java:6", "BaseService.check", "call", "Audit.log", "shop/orders/Audit.java:5"],
      // `super("orders")` and `this(…)`: the constructors they run.
      ["shop/orders/OrderService.java:12", "OrderService.OrderService", "call", "BaseService.BaseService", "shop/orders/BaseService.java:5"],
      ["shop/orders/OrderService.java:17", "OrderService.OrderService", "call", "OrderService.OrderService", "shop/orders/OrderService.java:11"],
      ["shop/orders/OrderService.java:17", "OrderService.OrderService", "new", "Repo", "shop/store/Repo.java:3"],
      // An inherited method, unqualified and through `super`.
      ["shop/orders/OrderService.java:21", "OrderService.place", "call", "BaseService.check", "shop/orders/BaseService.java:6"],
      ["shop/orders/OrderService.java:22", "OrderService.place", "call", "BaseService.check", "shop/orders/BaseService.java:6"],
      // `Repo<Order>` is a Repo; save returns `Repo<T>`, a Repo again.
      ["shop/orders/OrderService.java:23", "OrderService.place", "call", "Repo.save", "shop/store/Repo.java:5"],
      ["shop/orders/OrderService.java:23", "OrderService.place", "call", "Repo.close", "shop/store/Repo.java:7"],
      // find returns T, erased to its bound Entity; a record's component is called through its accessor.
      ["shop/orders/OrderService.java:24", "OrderService.place", "call", "Repo.find", "shop/store/Repo.java:4"],
      ["shop/orders/OrderService.java:24", "OrderService.place", "call", "Order.id", "shop/orders/Order.java:5"],
      ["shop/orders/OrderService.java:24", "OrderService.place", "call", "Entity.key", "shop/store/Entity.java:4"],
      // `recent.add` (a java.util.List) and `String.format` (java.lang) are outside: no rows. `audit` is inherited.
      ["shop/orders/OrderService.java:26", "OrderService.place", "call", "Audit.log", "shop/orders/Audit.java:4"],
      ["shop/orders/OrderService.java:26", "OrderService.place", "call", "Order.id", "shop/orders/Order.java:5"],
      // `var again = Repo.open()`: what open declares it returns.
      ["shop/orders/OrderService.java:27", "OrderService.place", "call", "Repo.open", "shop/store/Repo.java:6"],
      ["shop/orders/OrderService.java:28", "OrderService.place", "call", "Repo.close", "shop/store/Repo.java:7"],
      // A nested enum, through a local and through its constant.
      ["shop/orders/OrderService.java:30", "OrderService.place", "call", "Order.Status.label", "shop/orders/Order.java:10"],
      ["shop/orders/OrderService.java:31", "OrderService.place", "call", "Order.Status.label", "shop/orders/Order.java:10"],
      // `order.line()` is a record's accessor; what `count()` is called on is the nested record, whose component is an int.
      ["shop/orders/OrderService.java:32", "OrderService.place", "call", "Order.line", "shop/orders/Order.java:5"],
      // Method references.
      ["shop/orders/OrderService.java:33", "OrderService.place", "ref", "OrderService.remember", "shop/orders/OrderService.java:42"],
      ["shop/orders/OrderService.java:34", "OrderService.place", "ref", "Order.key", "shop/orders/Order.java:6"],
      // A loop's variable; a default method of an interface the record implements.
      ["shop/orders/OrderService.java:35", "OrderService.place", "call", "Entity.touch", "shop/store/Entity.java:5"],
      // In an anonymous class, an unqualified call may be its base's: a candidate.
      ["shop/orders/OrderService.java:37", "OrderService.place", "call", "helper", "-"],
      // A local class's method is not indexed: a candidate, never the same-named Order.key.
      ["shop/orders/OrderService.java:44", "OrderService.remember", "call", "key", "-"],
      // A pattern variable.
      ["shop/orders/OrderService.java:46", "OrderService.remember", "call", "Order.key", "shop/orders/Order.java:6"],
      // `unknownValue()` returns an Object: its `key()` cannot be Order's (no row).
      ["shop/orders/OrderService.java:47", "OrderService.remember", "call", "OrderService.unknownValue", "shop/orders/OrderService.java:50"],
      ["shop/store/Repo.java:6", "Repo.open", "new", "Repo", "shop/store/Repo.java:3"],
    ]);
  });

  it("sees a package's classes without an import, in main and test folders alike, and on-demand, static and qualified imports", async () => {
    expect(await callRows("java-package-scope")).toEqual([
      // `import com.acme.billing.*;`
      ["com/acme/app/Main.java:7", "Main.main", "new", "Billing", "com/acme/billing/Billing.java:6"],
      ["com/acme/app/Main.java:8", "Main.main", "call", "Billing.issue", "com/acme/billing/Billing.java:9"],
      ["com/acme/app/Main.java:8", "Main.main", "call", "Invoice.total", "com/acme/billing/Invoice.java:4"],
      // A fully qualified name. `System.out.println` and `String.valueOf(1).trim()` are java.lang's: no rows, though Strings calls trim.
      ["com/acme/app/Main.java:9", "Main.main", "call", "Strings.upper", "com/acme/util/Strings.java:5"],
      // Invoice is Billing's package's, imported by nobody.
      ["com/acme/billing/Billing.java:10", "Billing.issue", "call", "Invoice.empty", "com/acme/billing/Invoice.java:5"],
      ["com/acme/billing/Billing.java:11", "Billing.issue", "call", "Invoice.total", "com/acme/billing/Invoice.java:4"],
      // `Optional.of(invoice).get()` is java.util's (through `import java.util.*`): what it hands back may be an Invoice, so a candidate.
      ["com/acme/billing/Billing.java:13", "Billing.issue", "call", "total", "-"],
      // `import static com.acme.util.Strings.pad;`
      ["com/acme/billing/Billing.java:14", "Billing.issue", "call", "Strings.pad", "com/acme/util/Strings.java:4"],
      ["com/acme/billing/Invoice.java:5", "Invoice.empty", "new", "Invoice", "com/acme/billing/Invoice.java:3"],
      // src/test/java/com/acme/billing is the same package as src/main/java/com/acme/billing.
      ["com/acme/billing/BillingTest.java:8", "BillingTest.issues", "new", "Billing", "com/acme/billing/Billing.java:6"],
      ["com/acme/billing/BillingTest.java:9", "BillingTest.issues", "call", "Billing.issue", "com/acme/billing/Billing.java:9"],
      // `assertEquals` comes from JUnit's static import on demand (outside, no row); `upper` from the repository's.
      ["com/acme/billing/BillingTest.java:10", "BillingTest.issues", "call", "Invoice.total", "com/acme/billing/Invoice.java:4"],
      ["com/acme/billing/BillingTest.java:11", "BillingTest.issues", "call", "Strings.upper", "com/acme/util/Strings.java:5"],
    ]);
  });

  it("answers traverse Caller for a method called from other packages and from tests", async () => {
    const dir = await indexedFixture("calls/java-package-scope");
    const run = await ctx(dir, "traverse", "Caller", "Invoice.total");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      "TRAVERSE_HIT Caller Invoice.total (3 sites in 3 files)",
      "→ method Invoice.total core/src/main/java/com/acme/billing/Invoice.java:4",
      "  app/src/main/java/com/acme/app/Main.java: Main.main 8",
      "  core/src/main/java/com/acme/billing/Billing.java: Billing.issue 11",
      "tests: 1 site in 1 file (--tests lists them)",
      "1 unresolved call named total (receiver type unknown: each may call it):",
      "  core/src/main/java/com/acme/billing/Billing.java: Billing.issue 13",
      "",
    ]);
  });

  it("links a package's files again when a file of the package is added, dropped or declares other types: the incremental index equals a full one", async () => {
    const dir = await indexedFixture("calls/java-package-scope");
    const ledger = join(dir, "core/src/test/java/com/acme/app/Ledger.java");
    const step = incrementalSteps(dir);
    // Main calls `Ledger.record(billing)`, which no file declares: a class of Main's package added in another folder.
    await step(
      () => {
        mkdirSync(join(dir, "core/src/test/java/com/acme/app"), { recursive: true });
        writeFileSync(ledger, "package com.acme.app;\n\nclass Ledger {\n  static void record(Object value) {}\n}\n");
      },
      (index) => expect(index).toContain("| app/src/main/java/com/acme/app/Main.java:11 | Main.main | method | call | Ledger.record | method | core/src/test/java/com/acme/app/Ledger.java:4 |"),
    );
    // The same file moved to another package: Main no longer sees it.
    await step(
      () => writeFileSync(ledger, readFileSync(ledger, "utf8").replace("package com.acme.app;", "package com.acme.other;")),
      (index) => expect(index).not.toContain("Ledger.record"),
    );
    // Back, then dropped.
    await step(
      () => writeFileSync(ledger, readFileSync(ledger, "utf8").replace("package com.acme.other;", "package com.acme.app;")),
      (index) => expect(index).toContain("| Main.main | method | call | Ledger.record |"),
    );
    await step(
      () => rmSync(ledger),
      (index) => expect(index).not.toContain("Ledger.record"),
    );
    // A class added to a package another file imports on demand (`import com.acme.billing.*;` in Main).
    await step(
      () => writeFileSync(join(dir, "core/src/main/java/com/acme/billing/Ledger.java"), "package com.acme.billing;\n\npublic class Ledger {\n  public static void record(Object value) {}\n}\n"),
      (index) => expect(index).toContain("| app/src/main/java/com/acme/app/Main.java:11 | Main.main | method | call | Ledger.record | method | core/src/main/java/com/acme/billing/Ledger.java:4 |"),
    );
  });
});
