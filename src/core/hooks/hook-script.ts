/** The git hooks ctx installs: pre-commit for ordinary commits, pre-merge-commit for merges git commits by itself. */
export const HOOK_NAMES = ["pre-commit", "pre-merge-commit"] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** The line that marks a hook as ctx's, so `status` and `uninstall` never touch a hook they did not write. */
export const HOOK_MARKER = "# ctx-hook: installed by `ctx hook install`";

/** The bin the hook runs: the package's own name, which no other package's `ctx` bin answers to. */
export const CTX_BIN = "ctx-nav";

/** Where a hook that was already there is kept, and run first, while ctx's is installed. */
export function chainedName(hook: HookName): string {
  return `${hook}.ctx-chained`;
}

/** The command a hook manager's configuration should run: it finds ctx the way the installed hook does. */

/**
 * The hook: runs the hook it replaced first (its failure stops the commit, as before), then
 * `ctx hook run` from the repository's node_modules/.bin or PATH — never `npx`, which may download.
 * It looks for the package's own bin name, `ctx-nav`: a `ctx` found there may be another package's.
 * When ctx cannot be found it says so and lets the commit through.
 */
export function hookScript(hook: HookName): string {
  return `#!/bin/sh
${HOOK_MARKER}; \`ctx hook uninstall\` restores what was here.
# Refreshes the committed .ai/ indexes when source files are staged, and stages them.
chained="$(dirname "$0")/${chainedName(hook)}"
if [ -x "$chained" ]; then
  "$chained" "$@" || exit $?
fi
root="$(git rev-parse --show-toplevel)" || exit 0
if [ -x "$root/node_modules/.bin/${CTX_BIN}" ]; then
  ctx="$root/node_modules/.bin/${CTX_BIN}"
elif command -v ${CTX_BIN} >/dev/null 2>&1; then
  ctx=${CTX_BIN}
else
  echo "ctx hook: ctx not found (neither node_modules/.bin/${CTX_BIN} nor ${CTX_BIN} on PATH: npm i -D ctx-nav); committing without refreshing .ai/" >&2
  exit 0
fi
"$ctx" hook run${hook === "pre-merge-commit" ? " --merge" : ""}
status=$?
# 1: stop on purpose (a merge whose index was regenerated is committed by the user, with it).
[ "$status" -eq 1 ] && exit 1
# Anything else is reported, not a reason to stop the commit: \`ctx index --check\` in CI catches what is left.
[ "$status" -ne 0 ] && echo "ctx hook: .ai/ not refreshed (see above); committing anyway — run ctx index" >&2
exit 0
`;
}

export type HookManager = "husky" | "lefthook";

/** What to add to a hook manager's configuration instead of installing over the hooks it writes; `command` runs ctx there (hookRunCommand). */
export function managerInstructions(manager: HookManager, command: string): string[] {
  if (manager === "husky") {
    return [`husky manages this repository's hooks: add this line to .husky/pre-commit (create it if needed):`, `  ${command}`];
  }
  return ["lefthook manages this repository's hooks: add this to lefthook.yml, then run `lefthook install`:", "  pre-commit:", "    commands:", "      ctx-index:", `        run: ${command}`];
}
