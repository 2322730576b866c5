/**
 * `base/relative` as a repo-relative path: `.` dropped, `..` folded, no trailing slash, "" for the
 * root. A path that climbs out of the repository keeps its leading `..`, and an absolute one stays
 * absolute: no indexed path matches either.
 */
export function joinPath(base: string, relative: string): string {
  if (relative.startsWith("/")) return relative;
  const parts: string[] = [];
  for (const part of `${base}/${relative}`.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && parts.length > 0 && parts[parts.length - 1] !== "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}
