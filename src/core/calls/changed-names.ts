import { createHash } from "node:crypto";
import type { CallSummary } from "../../model.js";
import { membersOf, STARS } from "./link-calls.js";

/**
 * The names under which another file can read something different of a file whose summary went
 * from `before` to `after` (TouchedFile.names): declarations by full name, imports by local name,
 * exports by name, `Repo.*` when `Repo` gained or lost a member, `*` when its `export *` list
 * changed. A file that read none of them links the same way, but for what a changed `export *`
 * list or `export =` brings under any name (planRelink tells which).
 */
export function changedNames(before: CallSummary, after: CallSummary): Set<string> {
  const then = readableNames(before);
  const now = readableNames(after);
  const changed = new Set<string>();
  for (const [name, text] of then) if (now.get(name) !== text) changed.add(name);
  for (const name of now.keys()) if (!then.has(name)) changed.add(name);
  return changed;
}

/** What each name another file can look up in this one stands for, as comparable text. */
function readableNames(calls: CallSummary): Map<string, string> {
  // A type string refers to the file's table by number (`#3`), and an added entry renumbers the
  // ones after it: each reference is compared by what its entry says, through a digest, so that
  // a long chain of entries is not spelled out again at every level.
  const digests: string[] = [];
  const resolved = (text: string): string => (text.includes("#") ? text.replace(/#(\d+)/g, (match, n: string) => digests[Number(n)] ?? match) : text);
  for (const entry of calls.types) digests.push(`#${createHash("sha1").update(resolved(entry)).digest("base64url")}`);
  const names = new Map<string, string>();
  const add = (name: string, text: string): void => {
    names.set(name, `${names.get(name) ?? ""}${text}\n`);
  };
  for (const decl of calls.declarations) {
    add(decl.name, resolved(JSON.stringify(decl)));
    const dot = decl.name.lastIndexOf(".");
    if (dot > 0) add(membersOf(decl.name.slice(0, dot)), decl.name);
  }
  for (const binding of calls.imports) add(binding.local, `import ${JSON.stringify(binding)}`);
  for (const binding of calls.exports) add(binding.name === STARS ? STARS : binding.name, `export ${JSON.stringify(binding)}`);
  return names;
}
