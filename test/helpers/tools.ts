import { spawnSync } from "node:child_process";

/**
 * External tools some tests run for real (go, cargo, pytest, rg). On a machine without one, its
 * tests are skipped, and say why in their name; CI (`.ci/run` sets CTX_REQUIRE_TOOLS=1, after
 * installing them) fails instead, so that nothing is skipped there unnoticed.
 */
export function toolMissing(label: string, command: string, args: readonly string[] = ["--version"]): { skip: boolean; because: string } {
  const present = spawnSync(command, args, { stdio: "ignore" }).status === 0;
  if (!present && process.env.CTX_REQUIRE_TOOLS === "1") throw new Error(`${label} is required here (CTX_REQUIRE_TOOLS=1) but \`${command} ${args.join(" ")}\` failed: install it`);
  // Said where the run's output is read, not only in the verbose reporter's test names.
  if (!present) console.warn(`${label} is not installed: its tests are skipped (\`${command} ${args.join(" ")}\` failed)`);
  return { skip: !present, because: present ? "" : ` (skipped: ${label} is not installed)` };
}
