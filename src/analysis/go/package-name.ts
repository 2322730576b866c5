/**
 * The name a Go import binds when it gives none: the package's name, which by convention is its
 * path's last element, without a `/vN` major-version suffix, a `go-` prefix or a `.go`/`-go` suffix.
 */
export function packageName(path: string): string {
  const parts = path.split("/");
  let last = parts[parts.length - 1]!;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  return last.replace(/^go-/, "").replace(/[.-]go$/, "").replace(/[^\w]/g, "_");
}
