// An eslint formatter for tests: prints the stylish report the user would see and writes the same
// run's results as JSON to $ESLINT_ORACLE, so the oracle and the compressed output share one run.
import { writeFileSync } from "node:fs";
import process from "node:process";
import { ESLint } from "eslint";

export default async function format(results, context) {
  writeFileSync(process.env.ESLINT_ORACLE, JSON.stringify(results));
  const stylish = await new ESLint({ cwd: context.cwd }).loadFormatter("stylish");
  return stylish.format(results, context);
}
