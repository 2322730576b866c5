/** The parts of a tsconfig that decide how module specifiers resolve. Paths are as written in the file. */
export interface TsconfigResolution {
  extends: string[];
  baseUrl?: string;
  paths?: [pattern: string, targets: string[]][];
}

/**
 * Reads a tsconfig, which is JSON with comments and trailing commas. Returns null when it cannot
 * be read even so: the compiler would reject it too, and the index goes on with relative imports.
 */
export function parseTsconfig(text: string): TsconfigResolution | null {
  let document: unknown;
  try {
    document = JSON.parse(stripJsonComments(text));
  } catch {
    return null;
  }
  if (!document || typeof document !== "object" || Array.isArray(document)) return null;
  const raw = document as { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } };
  const extendsList = typeof raw.extends === "string" ? [raw.extends] : Array.isArray(raw.extends) ? raw.extends.filter((e): e is string => typeof e === "string") : [];
  const result: TsconfigResolution = { extends: extendsList };
  const options = raw.compilerOptions;
  if (options && typeof options === "object") {
    if (typeof options.baseUrl === "string") result.baseUrl = options.baseUrl;
    if (options.paths && typeof options.paths === "object" && !Array.isArray(options.paths)) {
      result.paths = Object.entries(options.paths as Record<string, unknown>).map(([pattern, targets]) => [
        pattern,
        Array.isArray(targets) ? targets.filter((t): t is string => typeof t === "string") : [],
      ]);
    }
  }
  return result;
}

/** Removes `//` and `/* *\/` comments and trailing commas outside strings. */
function stripJsonComments(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const start = i;
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      out += text.slice(start, i + 1);
      i += 1;
    } else if (char === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i += 1;
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (char === ",") {
      // A comma is trailing when only whitespace and comments stand between it and the closing bracket.
      let j = i + 1;
      for (;;) {
        while (j < text.length && /\s/.test(text[j]!)) j += 1;
        if (text.startsWith("//", j)) j = text.includes("\n", j) ? text.indexOf("\n", j) : text.length;
        else if (text.startsWith("/*", j)) j = text.includes("*/", j + 2) ? text.indexOf("*/", j + 2) + 2 : text.length;
        else break;
      }
      if (text[j] !== "}" && text[j] !== "]") out += char;
      i += 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}
