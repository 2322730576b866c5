// Deterministic synthetic TypeScript repositories for the bench: the same seed and size always give
// byte-identical files. Shaped like service code: modules of folders, classes with methods, functions,
// interfaces, types, enums, imports between files, express route files and tests.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** @param {number} seed */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ["get", "create", "update", "delete", "find", "list", "load", "save", "build", "parse", "format", "validate", "sync", "resolve", "apply"];
const NOUNS = ["User", "Order", "Invoice", "Payment", "Session", "Token", "Account", "Product", "Cart", "Report", "Event", "Message", "Profile", "Address", "Shipment", "Refund", "Team", "Project", "Task", "Comment"];
const DOMAINS = ["users", "orders", "billing", "auth", "catalog", "shipping", "notifications", "reports", "search", "admin", "teams", "projects"];

/**
 * Writes `files` source files under `root`/src and returns their paths.
 * @param {string} root
 * @param {number} files
 * @param {number} [seed]
 * @returns {string[]}
 */
export function generateRepository(root, files, seed = 7) {
  const next = random(seed);
  /** @template T @param {readonly T[]} items @returns {T} */
  const pick = (items) => items[Math.floor(next() * items.length)];
  const paths = [];
  for (let i = 0; i < files; i += 1) {
    const domain = DOMAINS[i % DOMAINS.length];
    const folder = `src/${domain}/part${Math.floor(i / (DOMAINS.length * 25))}`;
    const isTest = i % 11 === 10;
    const isRoutes = !isTest && i % 13 === 5;
    paths.push(`${folder}/${isTest ? `file${i}.test` : isRoutes ? `routes${i}` : `file${i}`}.ts`);
  }
  paths.forEach((path, i) => {
    const noun = pick(NOUNS);
    const lines = [];
    const imports = new Set();
    for (let k = 0; k < 1 + Math.floor(next() * 3); k += 1) {
      const j = Math.floor(next() * files);
      if (j !== i && !paths[j].includes(".test")) imports.add(j);
    }
    if (paths[i].includes("/routes")) lines.push('import { Router } from "express";');
    for (const j of [...imports].sort((a, b) => a - b)) {
      const from = relative(dirname(path), paths[j].replace(/\.ts$/, ".js"));
      lines.push(`import { helper${j} } from "${from}";`);
    }
    lines.push("");
    lines.push(`export interface ${noun}${i} {`, "  id: string;", `  name: string;`, `  createdAt: Date;`, "}", "");
    lines.push(`export type ${noun}${i}Id = ${noun}${i}["id"];`, "");
    if (next() < 0.3) lines.push(`export enum ${noun}${i}Status {`, "  Active,", "  Archived,", "}", "");
    lines.push(`export const LIMIT_${i} = ${Math.floor(next() * 100)};`, "");
    lines.push(`export class ${noun}Service${i} {`, `  private readonly items = new Map<string, ${noun}${i}>();`, "");
    const methods = 3 + Math.floor(next() * 4);
    for (let m = 0; m < methods; m += 1) {
      const verb = pick(VERBS);
      lines.push(
        `  /** ${verb} a ${noun.toLowerCase()}. */`,
        `  async ${verb}${noun}(id: string, options: { force?: boolean } = {}): Promise<${noun}${i} | undefined> {`,
        `    const found = this.items.get(id);`,
        `    if (!found && options.force) {`,
        `      return { id, name: "${verb}", createdAt: new Date(${m}) };`,
        "    }",
        "    return found;",
        "  }",
        "",
      );
    }
    lines.push("}", "");
    const functions = 2 + Math.floor(next() * 4);
    for (let f = 0; f < functions; f += 1) {
      const verb = pick(VERBS);
      const other = pick(NOUNS);
      lines.push(
        `export function ${verb}${other}${i}_${f}(input: string): string {`,
        `  const value = input.trim();`,
        `  return value.length > LIMIT_${i} ? value.slice(0, LIMIT_${i}) : value;`,
        "}",
        "",
      );
    }
    lines.push(`export const helper${i} = (value: number): number => value * ${i % 7};`, "");
    if (path.includes("/routes")) {
      lines.push("export const router = Router();", "");
      for (const verb of ["get", "post", "put"]) {
        lines.push(`router.${verb}("/${DOMAINS[i % DOMAINS.length]}/${noun.toLowerCase()}s/:id", (req, res) => res.json(helper${i}(1)));`);
      }
      lines.push("");
    }
    if (path.includes(".test")) {
      lines.push(`export function test${noun}${i}() {`, `  return new ${noun}Service${i}();`, "}", "");
    }
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, lines.join("\n"));
  });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: `synthetic-${files}`, private: true }, null, 2) + "\n");
  return paths;
}

/** @param {string} fromDir @param {string} to */
function relative(fromDir, to) {
  const a = fromDir.split("/");
  const b = to.split("/");
  let common = 0;
  while (common < a.length && a[common] === b[common]) common += 1;
  const up = a.length - common;
  const rest = b.slice(common).join("/");
  return up === 0 ? `./${rest}` : `${"../".repeat(up)}${rest}`;
}
