import { describe, expect, it } from "vitest";
import { isTestPath } from "../../src/core/index/is-test-path.js";
import { languageImportResolver } from "../../src/core/index/resolve-language-import.js";
import { parseGoModulePath } from "../../src/formats/go-mod.js";

describe("Python imports to files", () => {
  const resolve = languageImportResolver(
    [
      "src/shop/__init__.py",
      "src/shop/models.py",
      "src/shop/api/__init__.py",
      "src/shop/api/views.py",
      "tools/shop/models.py",
      "tools/shop/__init__.py",
      "scripts/run.py",
    ],
    [],
  );

  it("resolves relative imports from the importer's package, one folder up per extra dot", () => {
    expect(resolve("src/shop/api/views.py", ".")).toBe("src/shop/api/__init__.py");
    expect(resolve("src/shop/api/views.py", "..models")).toBe("src/shop/models.py");
    expect(resolve("src/shop/api/views.py", "..api.views")).toBe("src/shop/api/views.py");
    expect(resolve("src/shop/models.py", "....x")).toBeNull();
  });

  it("names a file from the nearest folder above it that is no package, and prefers the candidate nearest the importer", () => {
    expect(resolve("src/shop/api/views.py", "shop.models")).toBe("src/shop/models.py");
    expect(resolve("tools/shop/__init__.py", "shop.models")).toBe("tools/shop/models.py");
    expect(resolve("scripts/run.py", "shop")).toBe("src/shop/__init__.py");
    // The standard library and installed packages are outside the repository.
    expect(resolve("scripts/run.py", "os.path")).toBeNull();
  });
});

describe("Go imports to package folders", () => {
  const resolve = languageImportResolver(
    ["go.mod", "cmd/app/main.go", "internal/store/store_test.go", "internal/store/store.go", "internal/store/memory.go", "tools/gen/go.mod", "tools/gen/main.go"].filter((p) => p.endsWith(".go")),
    [
      { dir: "", path: "example.com/app" },
      { dir: "tools/gen", path: "example.com/app/tools/gen" },
    ],
  );

  it("resolves a path inside a go.mod's module to the package's first non-test file, the deepest module first", () => {
    expect(resolve("cmd/app/main.go", "example.com/app/internal/store")).toBe("internal/store/memory.go");
    expect(resolve("cmd/app/main.go", "example.com/app/tools/gen")).toBe("tools/gen/main.go");
    expect(resolve("cmd/app/main.go", "net/http")).toBeNull();
    expect(resolve("cmd/app/main.go", "example.com/application")).toBeNull();
  });

  it("reads the module path go.mod declares", () => {
    expect(parseGoModulePath("// comment\nmodule github.com/acme/app // main\n\ngo 1.22\n")).toBe("github.com/acme/app");
    expect(parseGoModulePath('module "example.com/quoted"\n')).toBe("example.com/quoted");
    expect(parseGoModulePath("go 1.22\n")).toBeUndefined();
  });
});

describe("test files of Python and Go", () => {
  it("follows pytest's and go test's naming", () => {
    expect(["tests/test_api.py", "app/test_models.py", "app/models_test.py", "conftest.py", "pkg/store_test.go", "pkg/testdata/x.go"].every(isTestPath)).toBe(true);
    expect(["app/testing.py", "app/contest.py", "pkg/store.go", "pkg/latest.go"].some(isTestPath)).toBe(false);
  });
});

describe("test files of Java, C#, Rust, PHP and Ruby", () => {
  it("follows each ecosystem's test runner: Surefire, .NET test projects, cargo, PHPUnit, RSpec and minitest", () => {
    const tests = [
      "shop/src/test/java/com/acme/OrderServiceTest.java",
      "core/src/main/java/com/acme/OrderIT.java",
      "core/src/testFixtures/java/com/acme/Orders.java",
      "core/src/it/java/com/acme/Checkout.java",
      "Acme.Shop.Tests/OrderTests.cs",
      "src/Acme.Shop.UnitTests/Fakes.cs",
      "crates/shop/tests/orders.rs",
      "crates/shop/benches/totals.rs",
      "src/Shop/OrderTest.php",
      "spec/models/order_spec.rb",
      "lib/shop/order_test.rb",
    ];
    expect(tests.filter((path) => !isTestPath(path))).toEqual([]);
    const sources = ["src/main/java/com/acme/Contest.java", "src/main/java/com/acme/it/Items.java", "src/main/java/com/acme/TestingClock.java", "Acme.Shop/Manifest.cs", "src/latest.rs", "src/Shop/Attest.php", "app/models/inspector.rb"];
    expect(sources.filter(isTestPath)).toEqual([]);
  });
});

describe("build files the commit hook re-indexes for", () => {
  it("knows each language's: Maven, Gradle, .csproj, Cargo, composer and gem files", async () => {
    const { isBuildFile } = await import("../../src/analysis/build-file-patterns.js");
    const built = ["pom.xml", "shop/build.gradle.kts", "settings.gradle", "src/Shop/Shop.csproj", "Directory.Build.props", "Shop.sln", "crates/core/Cargo.toml", "composer.json", "Gemfile", "engines/billing/billing.gemspec"];
    expect(built.filter((path) => !isBuildFile(path))).toEqual([]);
    expect(["src/pom.xml.bak", "Cargo.lock", "composer.lock", "Gemfile.lock", "docs/build.gradle.md", "package.json"].filter(isBuildFile)).toEqual([]);
  });
});
