/** A Gradle project a settings file includes: its path (`:b:c`) and, when the file moves it, its folder. */
export interface GradleInclude {
  path: string;
  /** `project(':a').projectDir = file('x')`: the folder, relative to the settings file's. */
  dir?: string;
}

const INCLUDE = /\binclude\b/g;
const PROJECT_DIR = /\bproject\s*\(\s*(["'])([^"'\n]+)\1\s*\)\s*\.projectDir\s*=\s*(?:file|new\s+File|java\.io\.File)\s*\(\s*(?:(?:settingsDir|rootDir|rootProject\.projectDir)\s*,\s*)?(["'])([^"'\n]+)\3/g;

/**
 * The projects a settings.gradle or settings.gradle.kts includes, Groovy or Kotlin: `include ':a', ':b:c'`,
 * `include("a")`, over several lines; a computed name (`"$prefix-core"`) or a loop is not followed.
 */
export function gradleIncludes(text: string): GradleInclude[] {
  const source = text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "").replace(/(^|[^:"'])\/\/.*$/gm, "$1");
  const moved = new Map<string, string>();
  for (const match of source.matchAll(PROJECT_DIR)) moved.set(normalize(match[2]!), match[4]!);
  const includes: GradleInclude[] = [];
  const seen = new Set<string>();
  INCLUDE.lastIndex = 0;
  for (let match = INCLUDE.exec(source); match; match = INCLUDE.exec(source)) {
    const { values, end } = stringList(source, INCLUDE.lastIndex);
    // Scanned once: a name inside the list is not another include.
    INCLUDE.lastIndex = Math.max(INCLUDE.lastIndex, end);
    for (const value of values) {
      if (value.includes("$")) continue;
      const path = normalize(value);
      if (path === ":" || seen.has(path)) continue;
      seen.add(path);
      const dir = moved.get(path);
      includes.push(dir === undefined ? { path } : { path, dir });
    }
  }
  return includes;
}

/**
 * The string literals of `'a', 'b'` or `("a",\n "b")` from `at`, and where they end. Scanned by
 * hand: a regular expression's nested repetitions make a long run of blanks cost its square.
 */
function stringList(source: string, at: number): { values: string[]; end: number } {
  const values: string[] = [];
  let i = skipBlanks(source, at);
  if (source[i] === "(") i = skipBlanks(source, i + 1);
  for (;;) {
    const quote = source[i];
    if (quote !== '"' && quote !== "'") break;
    let close = i + 1;
    while (close < source.length && source[close] !== quote && source[close] !== "\n") close += 1;
    if (source[close] !== quote) break;
    values.push(source.slice(i + 1, close));
    i = skipBlanks(source, close + 1);
    if (source[i] !== ",") break;
    i = skipBlanks(source, i + 1);
  }
  return { values, end: i };
}

function skipBlanks(source: string, at: number): number {
  let i = at;
  while (i < source.length && /\s/.test(source[i]!)) i += 1;
  return i;
}

/** `a:b` and `:a:b` are the same project. */
function normalize(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith(":") ? trimmed : `:${trimmed}`;
}
