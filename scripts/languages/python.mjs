// Python in scripts/eval-languages.mjs: repositories and the symbol oracle, Python's own `ast`.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { mirrored } from "../corpora.mjs";
import { ROOT } from "./root.mjs";

export default {
  language: "python",
  // Call sites are extracted and linked: sampled and checked by hand (scripts/call-samples/).
  calls: true,
  extensions: [".py"],
  repos: [
    { ...mirrored("pallets/flask", "tuning"), commit: "2ac89889f4cc330eabd50f295dcef02828522c69" },
    { ...mirrored("psf/requests", "tuning"), commit: "1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e" },
    { ...mirrored("netbox-community/netbox", "tuning"), commit: "43fe81f9e833228c9869f7ddadb67e6c5f145060" },
    // Held out: measured, never read to change extraction.
    { ...mirrored("encode/httpx", "held-out"), commit: "ae1b9f66238f75ced3ced5e4485408435de10768" },
    { ...mirrored("pallets/click", "held-out"), commit: "2c8cd3ac958a7eb316d67f2d316c27086c4c0369" },
  ],
  oracle: (dir) => ["python3", [join(ROOT, "scripts", "oracles", "python_symbols.py"), dir]],
  oracleName: () => `Python ${execFileSync("python3", ["--version"], { encoding: "utf8" }).trim().replace(/^Python /, "")} \`ast\` (scripts/oracles/python_symbols.py)`,
  scope:
    "classes, functions, methods and assignments (`=`, annotated) and `type` aliases at module and class level, including inside `if`/`try`/`with`/loop blocks there, never inside a function",
};
