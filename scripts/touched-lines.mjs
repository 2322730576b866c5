import { execFileSync } from "node:child_process";

/** Old-side line ranges each hunk of `path` touches between two commits (an insertion touches the line it follows). */
export function touchedLines(git, parent, commit, path) {
  const diff = execFileSync("git", ["--git-dir", git, "diff", "-U0", parent, commit, "--", path], { encoding: "utf8", maxBuffer: 1 << 28 });
  const ranges = [];
  for (const match of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/gm)) {
    const start = Number(match[1]);
    const count = match[2] === undefined ? 1 : Number(match[2]);
    ranges.push(count === 0 ? [start, start] : [start, start + count - 1]);
  }
  return ranges;
}

/** The innermost declaration (symbol index rows of one file) around each touched range, as `Container.name@line`. */
export function touchedDeclarations(rows, ranges) {
  const found = new Set();
  for (const [start, end] of ranges) {
    const around = rows.filter((row) => row.line <= end && row.endLine >= start).sort((a, b) => a.endLine - a.line - (b.endLine - b.line))[0];
    if (around) found.add(`${around.container ? `${around.container}.` : ""}${around.name}@${around.line}`);
  }
  return [...found];
}
