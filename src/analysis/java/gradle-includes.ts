/** A Gradle project a settings file includes: its path (`:b:c`) and, when the file moves it, its folder. */
export interface GradleInclude {
  path: string;
  /** `project(':a').projectDir = file('x')`: the folder, relative to the settings file's. */
  dir?: string;
}

const STRING = /(["'])([^"'\n]*)\1/g;
const INCLUDE = /\binclude\b\s*\(?((?:\s*(["'])[^"'\n]*\2\s*,?)+)/g;
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
  for (const match of source.matchAll(INCLUDE)) {
    for (const literal of match[1]!.matchAll(STRING)) {
      const value = literal[2]!;
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

/** `a:b` and `:a:b` are the same project. */
function normalize(path: string): string {
  const trimmed = path.trim();
  return trimmed.startsWith(":") ? trimmed : `:${trimmed}`;
}
