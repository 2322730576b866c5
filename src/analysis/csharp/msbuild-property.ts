/** XML comments, which may hold a commented-out property. */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };

/**
 * The value an MSBuild file (a .csproj, Directory.Build.props) gives property `name`: the last
 * `<Name>value</Name>` without a Condition, else the last with one (MSBuild keeps the last
 * assignment, and a condition is not evaluated here); undefined when absent or empty. Read by hand
 * from the few elements needed: a malformed file gives fewer properties, never an error.
 */
export function msbuildProperty(text: string, name: string): string | undefined {
  const element = new RegExp(`<${name}(\\s[^<>]*)?>([^<]*)</${name}\\s*>`, "g");
  let plain: string | undefined;
  let conditional: string | undefined;
  for (const match of text.replace(COMMENT, "").matchAll(element)) {
    const value = (match[2] ?? "").replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity).trim();
    if (/\bCondition\s*=/.test(match[1] ?? "")) conditional = value;
    else plain = value;
  }
  const value = plain ?? conditional;
  return value ? value : undefined;
}
