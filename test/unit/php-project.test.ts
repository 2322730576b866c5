import { beforeAll, describe, expect, it } from "vitest";
import { extractPhpImports } from "../../src/analysis/php/extract-imports.js";
import { PHP_PROJECT } from "../../src/analysis/php/php-project.js";
import { grammarLoading, parseTree } from "../../src/analysis/tree-sitter.js";

const ROOT_COMPOSER = {
  path: "composer.json",
  text: JSON.stringify({
    name: "acme/app",
    autoload: { "psr-4": { "App\\": "app/", "App\\Http\\": ["src/http/", "lib/http"] }, "psr-0": { Legacy_: "legacy/" }, classmap: ["database/"], files: ["app/helpers.php"] },
    "autoload-dev": { "psr-4": { "Tests\\": "tests/" } },
  }),
};
const BILLING_COMPOSER = {
  path: "packages/billing/composer.json",
  text: '{ "name": "acme/billing", "autoload": { "psr-4": { "Acme\\\\Billing\\\\": "src" } } }',
};

const PATHS = [
  "app/Models/User.php",
  "app/helpers.php",
  "src/http/Kernel.php",
  "lib/http/Middleware/Auth.php",
  "legacy/Legacy/Mail/Sender.php",
  "database/seeds/UserSeeder.php",
  "tests/Feature/UserTest.php",
  "packages/billing/src/Invoice.php",
  "bin/console.php",
  "config/app.php",
];

describe("PHP imports", () => {
  beforeAll(async () => {
    await grammarLoading("php");
  });

  const importsOf = (text: string): string[] => {
    const tree = parseTree("php", text);
    try {
      return extractPhpImports(tree.rootNode);
    } finally {
      tree.delete();
    }
  };

  it("lists use declarations and literal includes as written, in source order, once each", () => {
    const text = [
      "<?php",
      "namespace App\\Http;",
      "use App\\Models\\User;",
      "use \\Psr\\Log\\LoggerInterface as Logger;",
      "use App\\Http\\{Kernel, Middleware\\Auth as Guard};",
      "use function App\\money, App\\Models\\User;",
      "use const App\\VERSION;",
      "require_once __DIR__ . '/../config/app.php';",
      "require dirname(__DIR__) . \"/vendor/autoload.php\";",
      "include 'partials/header.php';",
      "include $path . '/dynamic.php';",
      "require __DIR__ . \"/$name.php\";",
      "class Controller { use Concerns\\Loggable; public function run() { $f = function () use ($x) { require_once __DIR__ . '/lazy.php'; }; } }",
    ].join("\n");
    expect(importsOf(text)).toEqual([
      "App\\Models\\User",
      "Psr\\Log\\LoggerInterface",
      "App\\Http\\Kernel",
      "App\\Http\\Middleware\\Auth",
      "App\\money",
      "App\\VERSION",
      "./../config/app.php",
      "../vendor/autoload.php",
      "partials/header.php",
      "./lazy.php",
    ]);
  });

  it("reads nothing from a template without `<?php` and survives a broken file", () => {
    expect(importsOf("<div>{{ $user->name }}</div>\n@include('header')\n")).toEqual([]);
    expect(importsOf("<?php\nuse App\\Broken;\nclass {\n  function f( {\n")).toEqual(["App\\Broken"]);
  });
});

describe("PHP_PROJECT", () => {
  it("reads composer.json files", () => {
    expect(PHP_PROJECT.buildFile.test("composer.json")).toBe(true);
    expect(PHP_PROJECT.buildFile.test("packages/billing/composer.json")).toBe(true);
    expect(PHP_PROJECT.buildFile.test("composer.lock")).toBe(false);
    expect(PHP_PROJECT.buildFile.test("my-composer.json")).toBe(false);
  });

  it("resolves names through PSR-4 (longest prefix first, folder arrays), PSR-0, classmap and autoload-dev", () => {
    const resolve = PHP_PROJECT.resolver(PATHS, [ROOT_COMPOSER, BILLING_COMPOSER]);
    const from = "app/Models/User.php";
    expect(resolve(from, "App\\Models\\User")).toBe("app/Models/User.php");
    // `App\Http\` is longer than `App\`: its folders are tried first, in order.
    expect(resolve(from, "App\\Http\\Kernel")).toBe("src/http/Kernel.php");
    expect(resolve(from, "App\\Http\\Middleware\\Auth")).toBe("lib/http/Middleware/Auth.php");
    expect(resolve(from, "\\App\\Models\\User")).toBe("app/Models/User.php");
    expect(resolve(from, "Legacy_Mail_Sender")).toBe("legacy/Legacy/Mail/Sender.php");
    expect(resolve(from, "UserSeeder")).toBe("database/seeds/UserSeeder.php");
    expect(resolve(from, "Tests\\Feature\\UserTest")).toBe("tests/Feature/UserTest.php");
    // A package's composer.json maps from its own folder.
    expect(resolve(from, "Acme\\Billing\\Invoice")).toBe("packages/billing/src/Invoice.php");
    // `App\` does not hold `Application\…`; vendor names lead outside the repository.
    expect(resolve(from, "Application\\Models\\User")).toBeNull();
    expect(resolve(from, "Psr\\Log\\LoggerInterface")).toBeNull();
    expect(resolve(from, "App\\Models\\Missing")).toBeNull();
  });

  it("resolves a function or constant to the autoload.files file of its namespace", () => {
    const resolve = PHP_PROJECT.resolver(PATHS, [ROOT_COMPOSER]);
    expect(resolve("app/Models/User.php", "App\\money")).toBe("app/helpers.php");
    expect(resolve("app/Models/User.php", "App\\VERSION")).toBe("app/helpers.php");
    expect(resolve("app/Models/User.php", "App\\Models\\money")).toBeNull();
  });

  it("resolves literal includes from the including file's folder", () => {
    const resolve = PHP_PROJECT.resolver(PATHS, [ROOT_COMPOSER]);
    expect(resolve("bin/console.php", "./../config/app.php")).toBe("config/app.php");
    expect(resolve("bin/console.php", "../config/app.php")).toBe("config/app.php");
    expect(resolve("app/Models/User.php", "../helpers.php")).toBe("app/helpers.php");
    expect(resolve("bin/console.php", "../vendor/autoload.php")).toBeNull();
    expect(resolve("bin/console.php", "/etc/php/config/app.php")).toBeNull();
    expect(resolve("config/app.php", "../../outside.php")).toBeNull();
  });

  it("makes a module of each named composer.json below the root with PHP sources, none of the root package", () => {
    const fixture = { path: "tests/fixtures/plugin/composer.json", text: '{ "name": "acme/fixture" }' };
    const unnamed = { path: "tools/composer.json", text: '{ "require": { "phpstan/phpstan": "^1" } }' };
    expect(PHP_PROJECT.packages([ROOT_COMPOSER, BILLING_COMPOSER, fixture, unnamed], [...PATHS, "tools/run.php"])).toEqual([
      { name: "acme/billing", dir: "packages/billing", entryHints: [] },
    ]);
    expect(PHP_PROJECT.packages([ROOT_COMPOSER], PATHS)).toEqual([]);
  });

  it("treats malformed composer.json as no package and no rule, never an error", () => {
    const broken = [
      { path: "packages/a/composer.json", text: '{ "name": "acme/a", ' },
      { path: "packages/b/composer.json", text: "[1, 2]" },
      { path: "packages/c/composer.json", text: '{ "name": 42, "autoload": { "psr-4": ["src/"] } }' },
      { path: "packages/d/composer.json", text: '{ "name": "acme/d", "autoload": { "psr-4": { "D\\\\": 7 }, "files": {"x": 1} } }' },
      { path: "composer.json", text: "null" },
    ];
    const paths = ["packages/a/x.php", "packages/b/x.php", "packages/c/src/X.php", "packages/d/src/X.php"];
    expect(PHP_PROJECT.packages(broken, paths)).toEqual([{ name: "acme/d", dir: "packages/d", entryHints: [] }]);
    const resolve = PHP_PROJECT.resolver(paths, broken);
    expect(resolve("packages/a/x.php", "D\\X")).toBeNull();
    expect(resolve("packages/a/x.php", "X")).toBeNull();
  });
});
