import type { TaskQuery } from "./parse-task.js";
import type { RankedFile } from "./rank-files.js";

export type Lane = "Answer" | "Small" | "Full";
export type QueryKind = "error" | "symbol" | "endpoint" | "module" | "text";

export interface Classification {
  lane: Lane;
  /** One sentence: the rule that decided the lane. */
  laneReason: string;
  /** Risky areas the task or its top files touch, by name. */
  risk: string[];
  kind: QueryKind;
}

/** Words that put a task in a risky area, by area. Each area forces the Full lane. */
export const RISK_AREAS: Readonly<Record<string, readonly string[]>> = {
  auth: ["auth", "authentication", "authorization", "authorize", "login", "logout", "password", "oauth", "jwt", "session", "permission", "permissions", "rbac", "credential", "credentials", "sso"],
  payment: ["payment", "payments", "billing", "invoice", "invoices", "charge", "refund", "refunds", "stripe", "checkout", "subscription", "pricing"],
  "schema/migration": ["schema", "migration", "migrations", "migrate", "database", "sql", "prisma", "typeorm", "column", "columns"],
  security: ["security", "vulnerability", "vulnerable", "xss", "csrf", "injection", "sanitize", "sanitise", "secret", "secrets", "encrypt", "decrypt", "cve", "exploit"],
  concurrency: ["concurrency", "concurrent", "race", "deadlock", "mutex", "lock", "locks", "locking", "atomic", "parallel", "thread", "threads", "worker"],
  "public API": ["breaking", "deprecate", "deprecated", "deprecation", "semver", "public"],
};

const CHANGE_VERBS = new Set(
  "add adds adding build change changes create delete drop extract fix fixes fixed fixing implement improve introduce make migrate move refactor remove rename replace rewrite support update upgrade write allow handle prevent avoid bump enable disable convert port".split(" "),
);
const QUESTION_WORDS = new Set("what where which who why how does do is are can explain show list find describe".split(" "));

/** The top-ranked file's path naming a risky area (src/auth/…, migrations/…) makes the task risky too. */
function riskOfPath(path: string): string[] {
  const parts = path.toLowerCase().split(/[/._-]+/);
  return Object.entries(RISK_AREAS)
    .filter(([area, words]) => area !== "public API" && area !== "concurrency" && words.some((word) => parts.includes(word)))
    .map(([area]) => area);
}

/**
 * Deterministic rules, each one sentence:
 * - kind: an error line → error; else a route → endpoint; else an identifier or path the index defines → symbol;
 *   else a module's name → module; else text.
 * - lane: a question with no change verb → Answer; a risky area in the task or in the top file's path → Full;
 *   a change anchored by exact names (identifiers, paths, routes, an error) to at most 2 source files → Small;
 *   anything else → Full.
 */
export function classifyTask(query: TaskQuery, ranked: readonly RankedFile[], matched: { symbols: number; endpoints: number; modules: number }): Classification {
  const kind: QueryKind = query.error
    ? "error"
    : matched.endpoints > 0 || query.routes.length > 0
      ? "endpoint"
      : matched.symbols > 0 || query.paths.length > 0
        ? "symbol"
        : matched.modules > 0
          ? "module"
          : "text";

  const risk = new Set<string>();
  for (const [area, words] of Object.entries(RISK_AREAS)) if (words.some((word) => query.words.has(word))) risk.add(area);
  if (query.words.has("public") && !query.words.has("api")) risk.delete("public API");
  for (const file of ranked.slice(0, 1)) for (const area of riskOfPath(file.path)) risk.add(area);

  const firstWord = query.text.trim().toLowerCase().match(/^[a-z]+/)?.[0] ?? "";
  const hasChangeVerb = [...query.words].some((word) => CHANGE_VERBS.has(word));
  const isQuestion = query.text.trim().endsWith("?") || QUESTION_WORDS.has(firstWord);
  if (isQuestion && !hasChangeVerb) {
    return { lane: "Answer", laneReason: "a question with no change verb: read, do not edit", risk: [...risk].sort(), kind };
  }
  if (risk.size > 0) {
    return { lane: "Full", laneReason: `touches a risky area (${[...risk].sort().join(", ")}): plan, build, review`, risk: [...risk].sort(), kind };
  }
  const anchored = ranked.filter((file) => !file.isTest && file.reasons.some((r) => r === "named in the task" || r.startsWith("defines ") || r.startsWith("route ")));
  const anchoredFiles = new Set(anchored.map((file) => file.path));
  if (anchoredFiles.size > 0 && anchoredFiles.size <= 2) {
    return { lane: "Small", laneReason: `a change anchored by exact names to ${anchoredFiles.size} source file${anchoredFiles.size === 1 ? "" : "s"}, no risky area`, risk: [], kind };
  }
  return {
    lane: "Full",
    laneReason: anchoredFiles.size > 2 ? `exact names land in ${anchoredFiles.size} source files: plan, build, review` : "no exact name anchors the change: plan, build, review",
    risk: [],
    kind,
  };
}

/** Tokens of text output when `--budget` is not given: an answer or a small change needs a place to read, not a plan. */
export function defaultBudget(lane: Lane | null): number {
  return lane === "Full" || lane === null ? 700 : 350;
}
