/** The families `--kind` names, for output read from standard input that does not say what made it. Kept apart so the CLI can list them without loading a parser. */
export const KINDS = ["vitest", "jest", "mocha", "node-test", "pytest", "go", "cargo", "tsc", "eslint", "git", "npm", "generic"] as const;
export type Kind = (typeof KINDS)[number];
