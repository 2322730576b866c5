import { describe, expect, it } from "vitest";
import { extractJavaImports } from "../../src/analysis/java/extract-imports.js";
import { JAVA_PROJECT } from "../../src/analysis/java/java-project.js";
import { grammarLoading, parseTree } from "../../src/analysis/tree-sitter.js";

describe("Java imports as written", () => {
  it("lists classes, packages' `*` and static imports' classes, in source order, once each", async () => {
    await grammarLoading("java");
    const source = `package com.acme.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static com.acme.shop.Orders.*;
import com.acme.shop.Order;
import com.acme.shop.model.*;
import java.util.Map.Entry;
import com . acme /* spaced */ . shop . Order;
import static com.acme.shop.Orders.PAGE_SIZE;
import module java.base;

class OrderTest {
  void t() { java.util.List<String> unused = null; }
}
`;
    const tree = parseTree("java", source);
    try {
      expect(extractJavaImports(tree.rootNode)).toEqual(["org.junit.jupiter.api.Assertions", "com.acme.shop.Orders", "com.acme.shop.Order", "com.acme.shop.model.*", "java.util.Map.Entry"]);
    } finally {
      tree.delete();
    }
  });
});

describe("Java imports to files", () => {
  const resolve = JAVA_PROJECT.resolver(
    [
      "shop-core/src/main/java/com/acme/shop/Order.java",
      "shop-core/src/main/java/com/acme/shop/Money.java",
      "shop-core/src/test/java/com/acme/shop/OrderTest.java",
      "shop-core/src/test/java/com/acme/shop/testing/Fakes.java",
      "shop-web/src/main/java/com/acme/web/OrderController.java",
      // The same class in two modules: a copy, or a shaded one.
      "shop-web/src/main/java/com/acme/shop/Money.java",
      "legacy/src/com/acme/legacy/Util.java",
      "Main.java",
      "shop-core/src/main/resources/com/acme/shop/Order.properties",
    ],
    [],
  );
  const web = "shop-web/src/main/java/com/acme/web/OrderController.java";

  it("finds a class by its package path under any source root", () => {
    expect(resolve(web, "com.acme.shop.Order")).toBe("shop-core/src/main/java/com/acme/shop/Order.java");
    expect(resolve(web, "com.acme.legacy.Util")).toBe("legacy/src/com/acme/legacy/Util.java");
    // A file at the repository's root is the default package's.
    expect(resolve(web, "Main")).toBe("Main.java");
  });

  it("takes a nested class (or a static import's class) to the file of its outermost class", () => {
    expect(resolve(web, "com.acme.shop.Order.Line")).toBe("shop-core/src/main/java/com/acme/shop/Order.java");
    expect(resolve(web, "com.acme.shop.Order.Line.Kind")).toBe("shop-core/src/main/java/com/acme/shop/Order.java");
  });

  it("takes a package's `*` to its first non-test file (nearest the importer), and a class's `*` to the class", () => {
    expect(resolve("legacy/src/com/acme/legacy/Util.java", "com.acme.shop.*")).toBe("shop-core/src/main/java/com/acme/shop/Money.java");
    expect(resolve(web, "com.acme.shop.*")).toBe("shop-web/src/main/java/com/acme/shop/Money.java");
    expect(resolve("shop-core/src/test/java/com/acme/shop/OrderTest.java", "com.acme.shop.testing.*")).toBe("shop-core/src/test/java/com/acme/shop/testing/Fakes.java");
    expect(resolve(web, "com.acme.shop.Order.*")).toBe("shop-core/src/main/java/com/acme/shop/Order.java");
  });

  it("prefers the match sharing the longest folder prefix with the importer", () => {
    expect(resolve(web, "com.acme.shop.Money")).toBe("shop-web/src/main/java/com/acme/shop/Money.java");
    expect(resolve("shop-core/src/main/java/com/acme/shop/Order.java", "com.acme.shop.Money")).toBe("shop-core/src/main/java/com/acme/shop/Money.java");
    expect(resolve("shop-core/src/test/java/com/acme/shop/OrderTest.java", "com.acme.shop.Money")).toBe("shop-core/src/main/java/com/acme/shop/Money.java");
  });

  it("leaves the JDK, dependencies and partial path matches outside the repository", () => {
    expect(resolve(web, "java.util.List")).toBeNull();
    expect(resolve(web, "java.util.*")).toBeNull();
    expect(resolve(web, "org.springframework.web.bind.annotation.RestController")).toBeNull();
    // `Order.java` ends `/shop/Order.java`, but this package is another one.
    expect(resolve(web, "org.other.shop.Order")).toBeNull();
    // A folder that merely ends in the same letters is not the package's.
    expect(resolve(web, "cme.shop.Order")).toBeNull();
    expect(resolve(web, "")).toBeNull();
    expect(resolve(web, ".*")).toBeNull();
  });
});

describe("Java build files to modules", () => {
  const packages = (files: Record<string, string>) =>
    JAVA_PROJECT.packages(
      Object.entries(files).map(([path, text]) => ({ path, text })),
      [],
    ).map((pkg) => [pkg.name, pkg.dir]);

  it("reads Maven's modules from the root pom, each named by its own artifactId", () => {
    const root = `<?xml version="1.0"?>
<project>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId></parent>
  <artifactId>shop</artifactId>
  <!-- <modules><module>old</module></modules> -->
  <modules>
    <module>shop-core</module>
    <module>./shop-web/</module>
    <module>tools/cli/pom.xml</module>
  </modules>
  <profiles><profile><modules><module>shop-extras</module></modules></profile></profiles>
  <dependencies><dependency><artifactId>lombok</artifactId></dependency></dependencies>
</project>`;
    const child = (name: string) => `<project><parent><artifactId>shop</artifactId></parent><artifactId>${name}</artifactId><build><plugins><plugin><artifactId>maven-jar-plugin</artifactId></plugin></plugins></build></project>`;
    expect(
      packages({
        "pom.xml": root,
        "shop-core/pom.xml": child("shop-core"),
        "shop-web/pom.xml": child("shop-web-app"),
        "tools/cli/pom.xml": child("shop-cli"),
        "shop-extras/pom.xml": "<project><artifactId>${project.parent.artifactId}-extras</artifactId></project>",
        // No build aggregates it: a test's sample project.
        "shop-core/src/test/resources/sample/pom.xml": child("sample"),
      }),
    ).toEqual([
      ["shop-core", "shop-core"],
      ["shop-web-app", "shop-web"],
      ["shop-cli", "tools/cli"],
      // A computed artifactId is named by its folder.
      ["shop-extras", "shop-extras"],
    ]);
  });

  it("follows modules of modules, and none for a single-module repository", () => {
    expect(
      packages({
        "pom.xml": "<project><artifactId>a</artifactId><modules><module>b</module></modules></project>",
        "b/pom.xml": "<project><artifactId>b</artifactId><modules><module>c</module><module>../../outside</module></modules></project>",
        "b/c/pom.xml": "<project><artifactId>c</artifactId></project>",
      }),
    ).toEqual([
      ["b", "b"],
      ["c", "b/c"],
    ]);
    expect(packages({ "pom.xml": "<project><artifactId>solo</artifactId></project>", "build.gradle": "plugins { id 'java' }" })).toEqual([]);
  });

  it("reads Gradle's settings, Groovy and Kotlin, named by project, told apart by folder when two share a name", () => {
    const groovy = `rootProject.name = 'halo'
// include 'commented'
include 'api', 'application',
        'platform:application', ':platform:plugin'
include("$dynamic-core")
includeBuild 'build-logic'
project(':moved').projectDir = file('libs/moved')
include ':moved'`;
    expect(packages({ "settings.gradle": groovy })).toEqual([
      ["api", "api"],
      ["application", "application"],
      ["platform/application", "platform/application"],
      ["plugin", "platform/plugin"],
      ["moved", "libs/moved"],
    ]);
    expect(packages({ "server/settings.gradle.kts": 'rootProject.name = "shop"\ninclude(":core", ":web")\ninclude(\n  "tools:cli",\n)\n' })).toEqual([
      ["core", "server/core"],
      ["web", "server/web"],
      ["cli", "server/tools/cli"],
    ]);
  });

  it("survives malformed build files, keeping what they still say", () => {
    expect(() => packages({ "pom.xml": "<project><modules><module>a</module" })).not.toThrow();
    expect(packages({ "pom.xml": "<project><modules><module>a</module></modules>", "a/pom.xml": "<project><artifactId>a-lib</artifactId></bad></project" })).toEqual([["a-lib", "a"]]);
    expect(packages({ "pom.xml": "<<<>>>&&&<!--", "a/pom.xml": "\u0000\uFFFF" })).toEqual([]);
    expect(packages({ "settings.gradle": "include('a', 'b'" })).toEqual([
      ["a", "a"],
      ["b", "b"],
    ]);
    expect(packages({ "settings.gradle": "include(((('a'" })).toEqual([]);
    expect(packages({ "settings.gradle": "include '../../escape', '/abs'" })).toEqual([]);
  });

  it("reads a megabyte of unclosed tags or blanks in one pass, not one per tag", () => {
    // Quadratic, either would take minutes and outlast the test's timeout.
    expect(packages({ "pom.xml": '<a "'.repeat(250_000), "a/pom.xml": "<a".repeat(500_000) })).toEqual([]);
    expect(packages({ "settings.gradle": `include${" ".repeat(1_000_000)}` })).toEqual([]);
  });
});

describe("Java build files", () => {
  it("are Maven's poms and Gradle's build and settings scripts", () => {
    for (const path of ["pom.xml", "core/pom.xml", "build.gradle", "app/build.gradle.kts", "settings.gradle", "settings.gradle.kts"]) expect(JAVA_PROJECT.buildFile.test(path), path).toBe(true);
    for (const path of ["src/main/resources/pom.xml.template", "gradle.properties", "mypom.xml", "build.gradle.bak"]) expect(JAVA_PROJECT.buildFile.test(path), path).toBe(false);
  });
});
