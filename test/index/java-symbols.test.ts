import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, indexedFixture, readAi, tableRows } from "../helpers/fixture.js";

/** name, kind, container, exported, location, test, signature of every row of symbol_index.md. */
function symbolRows(dir: string): string[][] {
  return tableRows(dir, "symbol_index.md").map(([name, kind, container, exported, location, test, signature]) => [name!, kind!, container!, exported!, location!, test!, signature!]);
}

const REPOSITORY = "src/main/java/com/acme/shop/OrderRepository.java";
const AUDITED = "src/main/java/com/acme/shop/model/Audited.java";
const ORDER = "src/main/java/com/acme/shop/model/Order.java";
const TEST = "src/test/java/com/acme/shop/OrderRepositoryTest.java";

describe("symbol_index.md for Java", () => {
  it("lists types nested in types and their members, exported by Java's visibility, spans from the first annotation", async () => {
    const dir = await indexedFixture("symbols/java-declarations");
    expect(symbolRows(dir)).toEqual([
      // An interface's members are public unless private; its fields are constants.
      ["OrderRepository", "interface", "", "yes", `${REPOSITORY}:6-28`, "no", "`public interface OrderRepository`"],
      ["PAGE_SIZE", "constant", "OrderRepository", "yes", `${REPOSITORY}:7-7`, "no", "`int PAGE_SIZE = 20`"],
      ["find", "method", "OrderRepository", "yes", `${REPOSITORY}:9-9`, "no", "`Optional<Order> find(long id)`"],
      ["save", "method", "OrderRepository", "yes", `${REPOSITORY}:11-11`, "no", "`void save(Order order)`"],
      ["require", "method", "OrderRepository", "yes", `${REPOSITORY}:13-15`, "no", "`default Order require(long id)`"],
      ["inMemory", "method", "OrderRepository", "yes", `${REPOSITORY}:17-19`, "no", "`static OrderRepository inMemory()`"],
      ["missing", "method", "OrderRepository", "no", `${REPOSITORY}:21-23`, "no", "`private static IllegalStateException missing(long id)`"],
      ["Listener", "interface", "OrderRepository", "yes", `${REPOSITORY}:25-27`, "no", "`interface Listener`"],
      ["saved", "method", "OrderRepository.Listener", "yes", `${REPOSITORY}:26-26`, "no", "`void saved(Order order)`"],
      // A second, package-private top-level class in the same file.
      ["MemoryRepository", "class", "", "no", `${REPOSITORY}:30-40`, "no", "`final class MemoryRepository implements OrderRepository`"],
      ["orders", "property", "MemoryRepository", "no", `${REPOSITORY}:31-31`, "no", "`private final java.util.Map<Long, Order> orders = new java.util.HashMap<>()`"],
      ["find", "method", "MemoryRepository", "yes", `${REPOSITORY}:33-36`, "no", "`public Optional<Order> find(long id)`"],
      ["save", "method", "MemoryRepository", "yes", `${REPOSITORY}:38-39`, "no", "`public void save(Order order)`"],
      // An annotation type is an interface; its elements are methods.
      ["Audited", "interface", "", "yes", `${AUDITED}:8-16`, "no", "`public @interface Audited`"],
      ["DEFAULT_ACTOR", "constant", "Audited", "yes", `${AUDITED}:11-11`, "no", '`String DEFAULT_ACTOR = "system"`'],
      ["actor", "method", "Audited", "yes", `${AUDITED}:13-13`, "no", "`String actor() default DEFAULT_ACTOR`"],
      ["level", "method", "Audited", "yes", `${AUDITED}:15-15`, "no", "`int level()`"],
      // The javadoc is not in the span; the annotations are, and they stay out of the signature.
      ["Order", "class", "", "yes", `${ORDER}:9-88`, "no", "`public class Order implements Comparable<Order>`"],
      ["MAX_LINES", "constant", "Order", "yes", `${ORDER}:12-12`, "no", "`public static final int MAX_LINES = 50`"],
      // A literal that looks like a credential never reaches the committed index.
      ["API_KEY", "constant", "Order", "no", `${ORDER}:13-13`, "no", '`static final String API_KEY = "…"`'],
      // One row per declarator; protected is visible outside the package.
      ["id", "property", "Order", "yes", `${ORDER}:14-14`, "no", "`protected long id, version`"],
      ["version", "property", "Order", "yes", `${ORDER}:14-14`, "no", "`protected long id, version`"],
      ["lines", "property", "Order", "no", `${ORDER}:15-15`, "no", "`private final List<Line> lines = new ArrayList<>()`"],
      ["status", "property", "Order", "no", `${ORDER}:16-16`, "no", "`private Status status = Status.OPEN`"],
      // The anonymous class in the initialiser declares nothing of Order's.
      ["onSubmit", "property", "Order", "no", `${ORDER}:17-21`, "no", "`private final Runnable onSubmit = new Runnable() { int calls; public void run() {} }`"],
      ["Order", "constructor", "Order", "yes", `${ORDER}:23-25`, "no", "`public Order(long id)`"],
      ["Order", "constructor", "Order", "no", `${ORDER}:27-29`, "no", "`Order()`"],
      // Its local class Check is not listed.
      ["add", "method", "Order", "yes", `${ORDER}:32-40`, "no", "`public synchronized <T extends Line> Order add(T line) throws IllegalStateException`"],
      ["compareTo", "method", "Order", "yes", `${ORDER}:42-45`, "no", "`public int compareTo(Order other)`"],
      ["recount", "method", "Order", "no", `${ORDER}:47-47`, "no", "`private void recount()`"],
      ["Status", "enum", "Order", "yes", `${ORDER}:49-69`, "no", "`public enum Status`"],
      ["OPEN", "constant", "Order.Status", "yes", `${ORDER}:50-50`, "no", '`OPEN("open")`'],
      // An enum constant's body is an anonymous class: its isFinal is not Status's.
      ["HELD", "constant", "Order.Status", "yes", `${ORDER}:51-57`, "no", '`HELD("held")`'],
      ["CLOSED", "constant", "Order.Status", "yes", `${ORDER}:58-58`, "no", '`CLOSED("closed")`'],
      ["label", "property", "Order.Status", "no", `${ORDER}:60-60`, "no", "`private final String label`"],
      ["Status", "constructor", "Order.Status", "no", `${ORDER}:62-64`, "no", "`Status(String label)`"],
      ["isFinal", "method", "Order.Status", "yes", `${ORDER}:66-68`, "no", "`public boolean isFinal()`"],
      // A record's components are its properties; a compact constructor is a constructor.
      ["Line", "record", "Order", "yes", `${ORDER}:71-79`, "no", "`public record Line(String sku, int quantity, String... notes)`"],
      // Rows of one line are listed by name.
      ["notes", "property", "Order.Line", "yes", `${ORDER}:71-71`, "no", "`String... notes`"],
      ["quantity", "property", "Order.Line", "yes", `${ORDER}:71-71`, "no", "`int quantity`"],
      ["sku", "property", "Order.Line", "yes", `${ORDER}:71-71`, "no", "`String sku`"],
      ["Line", "constructor", "Order.Line", "yes", `${ORDER}:72-74`, "no", "`public Line`"],
      ["of", "method", "Order.Line", "no", `${ORDER}:76-78`, "no", "`static Line of(String sku)`"],
      ["Totals", "class", "Order", "no", `${ORDER}:81-87`, "no", "`static class Totals`"],
      // static without final is still a property.
      ["computed", "property", "Order.Totals", "no", `${ORDER}:82-82`, "no", "`private static int computed`"],
      ["Rounding", "interface", "Order.Totals", "no", `${ORDER}:84-86`, "no", "`interface Rounding`"],
      ["round", "method", "Order.Totals.Rounding", "yes", `${ORDER}:85-85`, "no", "`long round(double amount)`"],
      // Maven's test tree is test code.
      ["OrderRepositoryTest", "class", "", "no", `${TEST}:8-15`, "yes", "`class OrderRepositoryTest`"],
      ["findsWhatItSaved", "method", "OrderRepositoryTest", "no", `${TEST}:9-14`, "yes", "`void findsWhatItSaved()`"],
    ]);
  });

  it("answers traverse from the index and rejects a Java file changed since indexing", async () => {
    const dir = await indexedFixture("symbols/java-declarations");
    const hit = await ctx(dir, "traverse", "Symbol", "Order.Line.of");
    expect(hit.code).toBe(0);
    expect(hit.stdout).toBe(`TRAVERSE_HIT Symbol Order.Line.of (1)\n${ORDER}:76-78 method Order.Line.of (internal) · static Line of(String sku)\n`);
    appendFileSync(join(dir, ORDER), "\nclass Extra {}\n");
    const stale = await ctx(dir, "traverse", "Symbol", "Order.Line.of");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/^TRAVERSE_MISS Symbol Order\.Line\.of: stale/);
    // Outline of the changed file parses it now, with the Java grammar: Order.java's 30 declarations and Extra.
    const outline = await ctx(dir, "outline", ORDER);
    expect(outline.stdout.split("\n")[0]).toBe(`OUTLINE ${ORDER} (31 declarations) (changed since indexing: parsed now)`);
    expect(outline.stdout).toContain("90 class Extra {}");
  });

  it("indexes what parses around a syntax error", async () => {
    const dir = await indexedFixture("symbols/java-declarations");
    writeFileSync(join(dir, "src/main/java/com/acme/shop/Broken.java"), "package com.acme.shop;\n\npublic class Broken {\n  void good() {}\n\n  void broken( {\n}\n\nclass After {}\n");
    const run = await ctx(dir, "index");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Broken.java");
    const names = symbolRows(dir).filter((row) => row[4]!.startsWith("src/main/java/com/acme/shop/Broken.java")).map((row) => row[0]);
    expect(names).toContain("Broken");
    expect(names).toContain("good");
  });

  it("indexes a file of types nested thousands deep without overflowing the stack", async () => {
    const dir = await indexedFixture("symbols/java-declarations");
    const depth = 5000;
    let source = "class A0 {";
    for (let i = 1; i < depth; i++) source += ` class A${i} {`;
    writeFileSync(join(dir, "src/main/java/Deep.java"), source + "}".repeat(depth) + "\n");
    const run = await ctx(dir, "index", "-q");
    expect(run.code, run.stderr).toBe(0);
    const rows = symbolRows(dir).filter((row) => row[4]!.startsWith("src/main/java/Deep.java"));
    expect(rows[0]!.slice(0, 3)).toEqual(["A0", "class", ""]);
    expect(rows[1]!.slice(0, 3)).toEqual(["A1", "class", "A0"]);
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.length).toBeLessThan(depth);
  });
});

/** The modules of domain-manifest.yaml as name, paths, entries and depends_on. */
function modules(dir: string): string {
  const manifest = readAi(dir, "domain-manifest.yaml");
  return manifest
    .slice(manifest.indexOf("modules:\n"))
    .split("\n")
    .filter((line) => !/^ {4}(files|description|keywords|owners):/.test(line))
    .join("\n");
}

describe("Java modules in domain-manifest.yaml", () => {
  it("makes each Maven module a module named by its artifactId, depending on the modules its imports resolve into", async () => {
    const dir = await indexedFixture("index/java-maven-modules");
    expect(modules(dir)).toBe(
      [
        "modules:",
        "  - name: shop-core",
        "    paths:",
        "      - shop-core",
        // Both are imported from shop-web: Order by name, Orders by a static import of its constant.
        "    entries:",
        "      - shop-core/src/main/java/com/acme/shop/core/Order.java",
        "      - shop-core/src/main/java/com/acme/shop/core/Orders.java",
        "    depends_on: []",
        "  - name: shop-web",
        "    paths:",
        "      - shop-web",
        "    entries: []",
        "    depends_on:",
        "      - shop-core",
        "",
      ].join("\n"),
    );
    // A pom's change is a change of modules: the next run reads it.
    const pom = join(dir, "shop-web/pom.xml");
    writeFileSync(pom, readFileSync(pom, "utf8").replace("<artifactId>shop-web</artifactId>", "<artifactId>storefront</artifactId>"));
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(modules(dir)).toContain("  - name: storefront\n    paths:\n      - shop-web\n");
  });

  it("makes each project settings.gradle includes a module named by its project, a package's `*` import leading into it", async () => {
    const dir = await indexedFixture("index/java-gradle-projects");
    expect(modules(dir)).toBe(
      [
        "modules:",
        "  - name: app",
        "    paths:",
        "      - app",
        "    entries: []",
        "    depends_on:",
        "      - core",
        // `libs:core` is the project `core` in libs/core.
        "  - name: core",
        "    paths:",
        "      - libs/core",
        "    entries:",
        "      - libs/core/src/main/java/org/acme/core/Greeter.java",
        "    depends_on: []",
        "",
      ].join("\n"),
    );
  });
});
