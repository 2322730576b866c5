// PHP in scripts/eval-languages.mjs: repositories and the symbol oracle, PHP's own parser as Debian packages it (nikic/PHP-Parser).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { mirrored } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

/** The packaged PHP-Parser's version, from its Debian changelog when present. */
function parserVersion() {
  try {
    const status = execFileSync("dpkg-query", ["-W", "-f=${Version}", "php-parser"], { encoding: "utf8" }).trim();
    return status ? ` ${status}` : "";
  } catch {
    try {
      return ` ${JSON.parse(readFileSync("/usr/share/php/PhpParser/composer.json", "utf8")).version ?? ""}`.trimEnd();
    } catch {
      return "";
    }
  }
}

export default {
  language: "php",
  extensions: [".php"],
  calls: true,
  repos: [
    { ...mirrored("firefly-iii/firefly-iii", "tuning"), commit: "a95b82b14cb01b6e40491f2a94c53b47b71766e7" },
    { ...mirrored("symfony/demo", "tuning"), commit: "920d86dc809f837543cb519d3df5b364a2c36577" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("composer/composer", "held-out"), commit: "eba7baa59eb1b59246cf9800b0120fe78915b6ac" },
  ],
  oracle: (dir) => ["php", [join(ROOT, "scripts", "oracles", "php_symbols.php"), dir]],
  oracleName: () =>
    `PHP ${execFileSync("php", ["-r", "echo PHP_VERSION;"], { encoding: "utf8" }).trim()}, nikic/PHP-Parser${parserVersion()} (scripts/oracles/php_symbols.php)`,
  scope:
    "file-level functions, constants, classes, interfaces, traits and enums (also in a braced namespace, an `if`/`elseif`/`else` branch such as `if (!function_exists(…))`, a `declare` block), and in a named class-like its methods (`__construct` a constructor), properties (one per name, constructor-promoted parameters too), class constants and enum cases (constants); never inside a function body, never an anonymous class; the container is the class-like, never the namespace; a line starts at the first attribute, a list's names share their statement's line",
};
