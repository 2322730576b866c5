/** What ctx reads of a pom.xml: the project's own artifactId and the modules it aggregates. */
export interface PomFields {
  artifactId?: string;
  /** `<module>` paths as written, relative to the pom's folder (those of profiles too). */
  modules: string[];
}

// Nothing in a tag spans a `<` (XML allows none in an attribute's value either): a file of unclosed
// tags costs one pass, not one pass per tag.
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^<>"']|"[^"<]*"|'[^'<]*')*?)(\/?)>/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The few elements of a pom.xml ctx needs, read by hand rather than by an XML parser: the
 * `<artifactId>` directly under `<project>` (not a parent's, a dependency's or a plugin's) and
 * every `<module>` under a `<modules>`. A malformed file yields what its well-formed part says.
 */
export function pomFields(text: string): PomFields {
  const source = text.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(/<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g, (_, data: string) => data.replace(/</g, "&lt;"));
  const fields: PomFields = { modules: [] };
  const open: string[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(source); match; match = TAG.exec(source)) {
    const [, closing, qualified, , selfClosing] = match;
    const name = qualified!.slice(qualified!.indexOf(":") + 1);
    if (closing) {
      // A stray closing tag closes up to its opening one, or nothing when it has none.
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (selfClosing) continue;
    const parent = open[open.length - 1];
    if ((name === "artifactId" && open.length === 1 && parent === "project" && fields.artifactId === undefined) || (name === "module" && parent === "modules")) {
      const end = source.indexOf("<", TAG.lastIndex);
      const value = decode(source.slice(TAG.lastIndex, end < 0 ? source.length : end)).trim();
      if (value) {
        if (name === "artifactId") fields.artifactId = value;
        else fields.modules.push(value);
      }
    }
    open.push(name);
  }
  return fields;
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => ENTITIES[entity]!);
}
