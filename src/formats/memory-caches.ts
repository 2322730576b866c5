import type { CachedError } from "../core/memory/match-memory.js";
import type { MalformedLine } from "./jsonl.js";

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

/**
 * A hot-cache or incident-cache line as a cached error, or what is wrong with it (a line without
 * a signature or a fix cannot be matched; it is reported, and left in the file).
 */
export function toCachedError(value: Record<string, unknown>, source: CachedError["source"], path: string, line: number): CachedError | MalformedLine {
  const signature = text(value.signature);
  const hash = text(value.hash);
  const fix = text(value.fix);
  const missing = [!hash && "hash", !signature && "signature", !fix && "fix"].filter(Boolean);
  if (missing.length > 0) return { file: path, line, text: JSON.stringify(value).slice(0, 120), error: `no ${missing.join(", ")}` };
  const files = Array.isArray(value.files)
    ? value.files.flatMap((f: unknown) => {
        const file = f as { path?: unknown; sha256?: unknown };
        return typeof file?.path === "string" ? [{ path: file.path, sha256: typeof file.sha256 === "string" ? file.sha256 : null }] : [];
      })
    : [];
  return {
    source,
    path,
    line,
    hash: hash!,
    signature: signature!,
    error: text(value.error) ?? signature!,
    fix: fix!,
    cause: text(value.rootCause) ?? text(value.cause),
    files,
    verified: text(value.verified) ?? text(value.date),
    commit: text(value.commit),
    entry: text(value.entry),
    keywords: Array.isArray(value.keywords) ? value.keywords.filter((k): k is string => typeof k === "string") : [],
  };
}
