// Deterministic synthetic TypeScript repositories for the bench: the same seed and size always give
// byte-identical files. Shaped like service code: folders per domain, classes with methods,
// functions, interfaces, types, enums, express route files and tests, and files that import and
// call each other, so a name is defined once and used in several places, as in real code.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { random } from "./random.mjs";

const VERBS = ["get", "create", "update", "delete", "find", "list", "load", "save", "build", "parse", "format", "validate", "sync", "resolve", "apply"];
const NOUNS = ["User", "Order", "Invoice", "Payment", "Session", "Token", "Account", "Product", "Cart", "Report", "Event", "Message", "Profile", "Address", "Shipment", "Refund", "Team", "Project", "Task", "Comment"];
const DOMAINS = ["users", "orders", "billing", "auth", "catalog", "shipping", "notifications", "reports", "search", "admin", "teams", "projects"];

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

  // First what every file declares, so that importers can call it by name.
  const plans = Array.from({ length: files }, (_, i) => {
    const domain = DOMAINS[i % DOMAINS.length];
    const folder = `src/${domain}/part${Math.floor(i / (DOMAINS.length * 25))}`;
    const isTest = i % 11 === 10;
    const isRoutes = !isTest && i % 13 === 5;
    const noun = pick(NOUNS);
    const methods = [...new Set(Array.from({ length: 3 + Math.floor(next() * 4) }, () => `${pick(VERBS)}${noun}`))];
    const functions = Array.from({ length: 2 + Math.floor(next() * 4) }, (_, f) => `${pick(VERBS)}${pick(NOUNS)}${i}_${f}`);
    const path = `${folder}/${isTest ? `file${i}.test` : isRoutes ? `routes${i}` : `file${i}`}.ts`;
    return { i, path, noun, methods, functions, isTest, isRoutes, service: `${noun}Service${i}` };
  });

  for (const plan of plans) {
    const { i, path, noun } = plan;
    const imported = new Map();
    for (let k = 0; k < 1 + Math.floor(next() * 3); k += 1) {
      const other = plans[Math.floor(next() * files)];
      if (other.i !== i && !other.isTest) imported.set(other.i, other);
    }
    const dependencies = [...imported.values()].sort((a, b) => a.i - b.i);
    const lines = [];
    if (plan.isRoutes) lines.push('import { Router } from "express";');
    for (const other of dependencies) {
      const from = relative(dirname(path), other.path.replace(/\.ts$/, ".js"));
      lines.push(`import { ${other.service}, ${other.functions[0]}, helper${other.i} } from "${from}";`);
    }
    lines.push("");
    lines.push(`export interface ${noun}${i} {`, "  id: string;", "  name: string;", "  createdAt: Date;", "}", "");
    lines.push(`export type ${noun}${i}Id = ${noun}${i}["id"];`, "");
    if (next() < 0.3) lines.push(`export enum ${noun}${i}Status {`, "  Active,", "  Archived,", "}", "");
    lines.push(`export const LIMIT_${i} = ${Math.floor(next() * 100)};`, "");
    lines.push(`export class ${plan.service} {`, `  private readonly items = new Map<string, ${noun}${i}>();`, "");
    plan.methods.forEach((method, m) => {
      const other = dependencies[m % Math.max(1, dependencies.length)];
      lines.push(
        `  /** ${method} one ${noun.toLowerCase()}. */`,
        `  async ${method}(id: string, options: { force?: boolean } = {}): Promise<${noun}${i} | undefined> {`,
        `    const found = this.items.get(id);`,
        ...(other ? [`    await new ${other.service}().${other.methods[0]}(id);`] : []),
        `    if (!found && options.force) {`,
        `      return { id, name: "${method}", createdAt: new Date(${m}) };`,
        "    }",
        "    return found;",
        "  }",
        "",
      );
    });
    lines.push("}", "");
    plan.functions.forEach((fn, f) => {
      const other = dependencies[f % Math.max(1, dependencies.length)];
      lines.push(
        `export function ${fn}(input: string): string {`,
        `  const value = input.trim();`,
        ...(other ? [`  const prefix = ${other.functions[0]}(String(helper${other.i}(value.length)));`] : ["  const prefix = \"\";"]),
        `  return value.length > LIMIT_${i} ? prefix + value.slice(0, LIMIT_${i}) : prefix + value;`,
        "}",
        "",
      );
    });
    lines.push(`export const helper${i} = (value: number): number => value * ${i % 7};`, "");
    if (plan.isRoutes) {
      lines.push("export const router = Router();", "");
      for (const verb of ["get", "post", "put"]) {
        lines.push(`router.${verb}("/${DOMAINS[i % DOMAINS.length]}/${noun.toLowerCase()}s/:id", (req, res) => res.json(helper${i}(1)));`);
      }
      lines.push("");
    }
    if (plan.isTest) {
      lines.push(`export function test${noun}${i}() {`, `  return new ${plan.service}().${plan.methods[0]}("1");`, "}", "");
    }
    const absolute = join(root, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, lines.join("\n"));
  }
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: `synthetic-${files}`, private: true }, null, 2) + "\n");
  return plans.map((p) => p.path);
}
