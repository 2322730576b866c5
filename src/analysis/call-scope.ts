import type { CallableDeclaration } from "../model.js";
import { TypeTable } from "./type-table.js";

/**
 * What a name means inside a function or block. `local` shadows the file scope: a call to it lands
 * on something declared in a body, which the index does not hold. `qualified`: a namespace member
 * seen from inside its namespace, which the file scope knows by its dotted name.
 */
export type Binding =
  | {
      kind: "local";
      type: string | undefined;
      typeParameter?: boolean;
      /** A local function: what the callbacks it takes receive (as CallableDeclaration.params). */
      params?: CallableDeclaration["params"];
    }
  | { kind: "qualified"; name: string }
  /** `const lib = require("./lib")` in a body: the module (`*`) or one of its exports, as an import would bind it. */
  | { kind: "required"; specifier: string; imported: string };

export class Scope {
  readonly names = new Map<string, Binding>();
  /** The file's table of large type strings, shared by all its scopes. */
  readonly table: TypeTable;

  constructor(
    readonly parent: Scope | undefined,
    table?: TypeTable,
  ) {
    this.table = table ?? parent?.table ?? new TypeTable();
  }

  lookup(name: string): Binding | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
}

export interface Context {
  scope: Scope;
  caller: number;
  /**
   * The type of `this`: the qualified name of the indexed class whose instance it is, the class's
   * value (`val:…`) in a static member; null where `this` is not such a class.
   */
  owner: string | null;
  /** The enclosing function's declared return type: what types the parameters of a function it returns. */
  returns?: string;
  /** Where no return type is declared, the types the function's `return`s were seen to evaluate to (see visitReturned). */
  returned?: { types: Set<string>; unknown: boolean };
}
