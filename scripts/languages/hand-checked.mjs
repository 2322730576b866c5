// Symbols checked by hand, for a language no packaged parser can serve as oracle (C#): files sampled
// with a fixed seed from a repository's sources, each read whole, every declaration in scope written
// into a TSV (repo, path, line, container, name, kind, reason) — `file` rows (line 0) name the files
// read, `error` rows files that are no valid source (left out of both sides), `-` rows ctx rows that
// are no declaration. scripts/oracles/csharp-sample.mjs lists the files to read and scores them.
import { existsSync, readFileSync } from "node:fs";
import { sample } from "../eval-calls.mjs";
import { random } from "../random.mjs";

/** The files of a repository's sources (sorted) the sample reads. */
export function sampledFiles(sources, count) {
  return sample([...sources].sort(), count, random(2026)).sort();
}

/** The hand-written rows of a TSV, by repository. */
export function handWritten(tsv) {
  const byRepo = new Map();
  if (!existsSync(tsv)) return byRepo;
  for (const line of readFileSync(tsv, "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [repo, path, at, container, name, kind, reason = ""] = line.split("\t");
    if (!byRepo.has(repo)) byRepo.set(repo, { files: new Set(), unparsable: new Set(), declared: [], notDeclared: [] });
    const entry = byRepo.get(repo);
    const row = { path, line: Number(at), container, name, kind, reason };
    if (kind === "file") entry.files.add(path);
    else if (kind === "error") entry.unparsable.add(path);
    else if (kind === "-") entry.notDeclared.push(row);
    else entry.declared.push(row);
  }
  return byRepo;
}

/**
 * What an oracle gives eval-languages, from the hand-written rows: the sampled files read by hand
 * (`only`: the comparison is over these), their declarations, and those that are no valid source.
 */
export function handCheckedDeclarations({ tsv, files: count }, repo, sources) {
  const hand = handWritten(tsv).get(repo.name) ?? { files: new Set(), unparsable: new Set(), declared: [] };
  const files = sampledFiles(sources, count);
  const only = files.filter((path) => hand.files.has(path) && !hand.unparsable.has(path));
  const kept = new Set(only);
  return { only, unparsable: files.filter((path) => hand.unparsable.has(path)), declarations: hand.declared.filter((row) => kept.has(row.path)) };
}
