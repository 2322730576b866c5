import type { CalleeRef } from "../model.js";

/**
 * The large type strings of one file, each stored once (`CallSummary.types`) and written `#n`
 * where another type string or a call site embeds it.
 *
 * NOTE: without it a chain of calls is exponential. Each link's receiver type embeds the previous
 * link's as a JSON string (`ret:["type","ret:[\"type\",…`), so escaping doubles the backslashes
 * at every level, and every site of the chain repeats its whole receiver: 24 links of a
 * `this`-returning builder made a 385 MB summary. Past EMBED_LIMIT characters a type string is
 * embedded by reference, which keeps every summary linear in its source. Small ones stay inline,
 * so that most files have no table at all and read as before.
 */
const EMBED_LIMIT = 48;


export class TypeTable {
  readonly entries: string[] = [];
  private readonly numbers = new Map<string, number>();
  /**
   * What each call returns (`ret:<callee>`), as last typed, with the scope and owner it was typed
   * in: each link of a chain types the whole chain below it, which would be quadratic without it.
   */
  readonly callTypes = new Map<object, { scope: object; owner: string | null; type: string | undefined }>();
  /** The specifier by which the file reaches itself (`./name.js`): what CommonJS `exports.x` and `module.exports.x` read. */
  self = "";
  /**
   * Modules named by `import("./x").Name` types, each bound to a name no source can write, as
   * `import * as` would bind it (CallSummary.imports): `$import0.Name` then resolves as `ns.Name` does.
   */
  readonly typeImports: { local: string; specifier: string; imported: "*" }[] = [];

  /** The name a module named in an `import("…")` type is bound to in this file. */
  importType(specifier: string): string {
    const known = this.typeImports.find((binding) => binding.specifier === specifier);
    if (known) return known.local;
    const local = `$import${this.typeImports.length}`;
    this.typeImports.push({ local, specifier, imported: "*" });
    return local;
  }

  /** What a call returns (`ret:<callee>`), embedded; undefined for a callee not known. */
  returned(ref: CalleeRef | undefined): string | undefined {
    return ref && ref.head !== "unknown" ? this.embed(`ret:${JSON.stringify([ref.head, ref.owner, ref.names])}`) : undefined;
  }

  /** What a name or member read holds (`val:<ref>`), embedded; a bare type (`head` type, no names) is that type. */
  value(ref: CalleeRef | undefined): string | undefined {
    if (!ref) return undefined;
    if (ref.head === "type" && ref.names.length === 0) return ref.owner;
    return this.embed(`val:${JSON.stringify([ref.head, ref.owner, ref.names])}`);
  }

  /** `text` as another type string or a call site embeds it: itself when short, else `#n`. */
  embed(text: string): string {
    if (text.length <= EMBED_LIMIT) return text;
    let number = this.numbers.get(text);
    if (number === undefined) {
      number = this.entries.length;
      this.entries.push(text);
      this.numbers.set(text, number);
    }
    return `#${number}`;
  }
}

/** A receiver of a known type, as a callee reference names one (`head` type, no names); undefined when the type is not known. */
export function typeRef(type: string | undefined): CalleeRef | undefined {
  return type ? { head: "type", owner: type, names: [] } : undefined;
}
