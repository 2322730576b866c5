import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, RepoPath, SymbolRecord } from "../../model.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable } from "../caller-table.js";
import { columnsOf, depthGuarded, parseTree, startLine, type SyntaxNode } from "../tree-sitter.js";
import { TypeTable } from "../type-table.js";

/*
 * What one Rust file contributes to the call graph (model.ts CallSummary): calls of functions
 * (`f()`, `a::b::f()`), associated functions (`Type::new()`, `Self::f()`), methods (`x.m()`,
 * `self.m()`) and functions passed by path (`.map(Self::convert)`, a `ref`), each under the fn
 * around it. Macros are not calls. A receiver is typed only from what declares it: `self` in an
 * `impl X` block, a field of X with a declared type, a parameter, `let x: T`, `let x = T::new()` or
 * `T { .. }`; `&T`, `Box<T>`, `Arc<T>`, `Rc<T>` are T; a type parameter or `dyn`/`impl` bound by one
 * trait is that trait. Else the receiver is `unknown` and the name stays a candidate.
 * Names resolve through `use` (bound as imports whose specifier is the module path: the Rust
 * resolver walks it to the module file), then the file's own items. Only items whose container is a
 * type or trait this file declares are declarations here: an `impl` of another file's type is not
 * linked (a call of it stays a candidate).
 */

/** Wrappers a method call sees through (auto-deref). */
const TRANSPARENT = new Set(["Box", "Arc", "Rc", "RefCell", "Mutex", "RwLock", "Cow"]);
const UNWRAP = new Set(["unwrap", "expect"]);
const RUST_STANDARD_CRATES = new Set(["std", "core", "alloc"]);
const SCOPES = new Set(["block", "closure_expression", "for_expression", "if_expression", "match_arm", "while_expression"]);

interface Context {
  /** The type an `impl`/trait block is for (as this file names it), or undefined. */
  self?: string;
  /** Whether `self`'s type is declared in this file (its members are declarations here). */
  selfHere: boolean;
  /** Type parameters in scope: each to its single trait bound, or undefined. */
  typeParams: Map<string, string | undefined>;
}

export function extractRustCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[], _path?: RepoPath): CallSummary {
  void _path;
  const column = columnsOf(text);
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const table = new TypeTable();
  const TYPE_KINDS = new Set(["struct", "enum", "trait", "type"]);
  const typeNames = new Set(symbols.filter((s) => TYPE_KINDS.has(s.kind) && !s.container).map((s) => s.name));
  const imports: ImportBinding[] = [];
  const importedNames = new Set<string>();
  /** Modules this file declares at its top (`mod inner { … }`, `mod item;`): a path may start with one (`inner::f`). */
  const localModules = new Set(symbols.filter((s) => s.kind === "module" && !s.container).map((s) => s.name));
  const uses = fileUses(root);
  /** What a `use` binds at file level, by its local name: the full path it stands for. */
  const usePaths = new Map<string, string[]>();
  for (const use of uses) if (!use.glob && use.path.length >= 2 && !usePaths.has(use.local)) usePaths.set(use.local, use.path);
  /**
   * A path as the resolver can walk it: one starting with a module of this file is `self::`'s; one
   * starting with a name a `use` binds continues that use's path (`use crate::util; util::f()`).
   */
  const expand = (path: string[]): string[] => {
    let expanded = path;
    for (let steps = 0; steps < 8; steps++) {
      const first = expanded[0]!;
      if (first === "crate" || first === "self" || first === "super") return expanded;
      if (localModules.has(first)) return ["self", ...expanded];
      const used = usePaths.get(first);
      if (!used) return expanded;
      expanded = [...used, ...expanded.slice(1)];
    }
    return expanded;
  };
  for (const use of uses) {
    const path = expand(use.path);
    if (use.glob) {
      // Kept so that linking knows a name it cannot place may come through it (never looked up by name).
      if (path.length > 0) imports.push({ local: `*glob${imports.length}`, specifier: path.join("::"), imported: "*" });
    } else if (path.length >= 2 && !importedNames.has(use.local)) {
      importedNames.add(use.local);
      // The module is the path before the name, as a written path's (`use crate::yaml::serialize;` of a fn `pub use`d there).
      imports.push({ local: use.local, specifier: path.slice(0, -1).join("::"), imported: path[path.length - 1]! });
    }
  }
  /** Whether a name is std's: neither declared here nor imported from elsewhere than std (`use std::sync::Arc`). */
  const isStd = (name: string): boolean => {
    if (typeNames.has(name)) return false;
    const used = usePaths.get(name);
    return !used || RUST_STANDARD_CRATES.has(expand(used)[0]!);
  };
  /** A written path (`crate::a::f`) bound as an import of its last name. */
  const qualified = new Map<string, string>();
  const importPath = (written: string[]): string => {
    const path = expand(written);
    const specifier = path.join("::");
    let local = qualified.get(specifier);
    if (local === undefined) {
      local = `$path${qualified.size}`;
      qualified.set(specifier, local);
      // The module is the path before the name: a fn may share its name with a module file (`yaml::serialize` of `yaml/serialize.rs`).
      imports.push({ local, specifier: path.slice(0, -1).join("::"), imported: path[path.length - 1]! });
    }
    return local;
  };
  /** `pub use` re-exports: a name another file reaches through this one (`pub use item::Item;`, `pub use serialize::*;`). */
  const reexports: ExportBinding[] = [];
  for (const use of uses) {
    if (!use.pub) continue;
    const path = expand(use.path);
    if (use.glob && path.length >= 1) reexports.push({ name: "*", specifier: path.join("::") });
    else if (!use.glob && path.length >= 2) reexports.push({ name: use.local, specifier: path.slice(0, -1).join("::"), imported: path[path.length - 1]! });
  }

  const moduleNames = new Set(symbols.filter((s) => s.kind === "module").map((s) => (s.container ? `${s.container}.${s.name}` : s.name)));
  const kinds = new Map<string, SymbolRecord>();
  for (const symbol of symbols) {
    // A module is no callable (`yaml::serialize()` is the fn `pub use serialize::*` re-exports, not `mod serialize`).
    if (symbol.kind === "module") continue;
    // An impl of a type neither declared nor imported here (`impl From<X> for String`) is std's type's: not a declaration a path reaches.
    if (symbol.container && !typeNames.has(symbol.container) && !importedNames.has(symbol.container) && !moduleNames.has(symbol.container) && !moduleNames.has(symbol.container.slice(0, symbol.container.lastIndexOf(".")))) continue;
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const known = kinds.get(name);
    // A method before a field of the same name; the first declaration of a name otherwise.
    if (!known || (known.kind === "property" && (symbol.kind === "method" || symbol.kind === "function"))) kinds.set(name, symbol);
  }
  const { callers, callerOf } = callerTable(kinds);
  /** A second fn of one name on one type (another trait's impl): linking leaves a call of that name a candidate. */
  const overloaded: CallableDeclaration[] = [];
  for (const symbol of symbols) {
    const name = symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
    const first = kinds.get(name);
    if (first && first !== symbol && (symbol.kind === "method" || symbol.kind === "function") && (first.kind === "method" || first.kind === "function")) overloaded.push({ name, kind: symbol.kind, line: symbol.line });
  }
  const declarations = new Map<string, CallableDeclaration>();
  // A trait's fn may be called on a type outside the repository that implements it (`impl Tidy for PathBuf`): as C#'s extension methods are.
  const traits = new Set(symbols.filter((s) => s.kind === "trait").map((s) => (s.container ? `${s.container}.${s.name}` : s.name)));
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind, line: symbol.line, ...(symbol.container && traits.has(symbol.container) && (symbol.kind === "method" || symbol.kind === "function") ? { extension: true as const } : {}) });

  /**
   * Inside an inline module (`mod tests { … }`): which file-level names it sees. With `use super::*`
   * those the module neither declares nor imports itself; without, none: its names are candidates.
   */
  let inModule: { glob: boolean; hidden: Set<string> } | undefined;
  const seesFileName = (name: string): boolean => !inModule || (inModule.glob && !inModule.hidden.has(name));
  /** A written type as a type string: a named type (through references and smart pointers); undefined otherwise. */
  const typeOf = (node: SyntaxNode | null | undefined, context: Context): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "type_identifier": {
        const name = node.text;
        if (name === "Self") return context.self;
        if (!seesFileName(name)) return undefined;
        if (context.typeParams.has(name)) return context.typeParams.get(name);
        return typeNames.has(name) || importedNames.has(name) ? name : undefined;
      }
      case "reference_type":
        return typeOf(node.childForFieldName("type"), context);
      case "generic_type": {
        const base = node.childForFieldName("type");
        const args = node.childForFieldName("type_arguments")?.namedChildren.filter((c) => c !== null && c.type !== "lifetime") ?? [];
        if (base?.type === "type_identifier" && TRANSPARENT.has(base.text) && isStd(base.text)) return args.length === 1 ? typeOf(args[0], context) : undefined;
        // Another file's or a crate's generic may deref to what it wraps (actix's `Data<Context>`): its calls may be the argument's.
        if (base?.type === "type_identifier" && !typeNames.has(base.text) && args.some((arg) => typeOf(arg, context) !== undefined)) return undefined;
        return typeOf(base, context);
      }
      case "dynamic_type":
      case "abstract_type": {
        const trait = node.childForFieldName("trait");
        return trait ? typeOf(trait, context) : undefined;
      }
      default:
        return undefined;
    }
  };

  /** What `-> T` declares for a chain: `Result<T, E>` and `Option<T>` as T (after `?` or not: a method of T is what a reader means). */
  const returnOf = (node: SyntaxNode | null | undefined, context: Context): string | undefined => {
    if (node?.type === "generic_type") {
      const base = node.childForFieldName("type")?.text;
      if ((base === "Result" || base === "Option") && isStd(base)) {
        const first = node.childForFieldName("type_arguments")?.namedChildren.find((c) => c !== null && c.type !== "lifetime");
        return typeOf(first, context);
      }
    }
    return typeOf(node, context);
  };

  const typeParamsOf = (item: SyntaxNode, outer: Map<string, string | undefined>, context: Context): Map<string, string | undefined> => {
    const params = new Map(outer);
    for (const parameter of item.childForFieldName("type_parameters")?.namedChildren ?? []) {
      if (parameter?.type !== "type_parameter") continue;
      const name = parameter.childForFieldName("name")?.text;
      if (!name) continue;
      const bounds = parameter.childForFieldName("bounds")?.namedChildren.filter((c) => c !== null && c.type !== "lifetime") ?? [];
      params.set(name, bounds.length === 1 ? typeOf(bounds[0], { ...context, typeParams: params }) : undefined);
    }
    return params;
  };

  // Declared field types and return types of this file's own items.
  const fieldTypes = new Map<string, string>();
  const declareItems = depthGuarded((list: SyntaxNode, context: Context): void => {
    for (const item of list.namedChildren) {
      if (!item) continue;
      if (item.type === "struct_item") {
        const name = item.childForFieldName("name")?.text;
        const body = item.childForFieldName("body");
        if (!name || body?.type !== "field_declaration_list" || !typeNames.has(name)) continue;
        const own: Context = { self: name, selfHere: true, typeParams: typeParamsOf(item, new Map(), context) };
        for (const field of body.namedChildren) {
          if (field?.type !== "field_declaration") continue;
          const type = typeOf(field.childForFieldName("type"), own);
          const fieldName = field.childForFieldName("name")?.text;
          if (fieldName && type) {
            fieldTypes.set(`${name}.${fieldName}`, type);
            const declared = declarations.get(`${name}.${fieldName}`);
            if (declared) declared.type ??= type;
          }
        }
      } else if (item.type === "impl_item" || item.type === "trait_item") {
        const implemented = item.type === "impl_item" ? implementedName(item.childForFieldName("type")) : item.childForFieldName("name")?.text;
        const body = item.childForFieldName("body");
        if (!implemented || !body || !typeNames.has(implemented)) continue;
        const own: Context = { self: implemented, selfHere: true, typeParams: typeParamsOf(item, new Map(), context) };
        // `impl Trait for X`: the trait's provided methods are X's where X does not declare them.
        const trait = item.type === "impl_item" ? typeOf(item.childForFieldName("trait"), own) : undefined;
        const declaredType = declarations.get(implemented);
        if (trait && declaredType && trait !== implemented) declaredType.bases = [...(declaredType.bases ?? []), trait];
        for (const member of body.namedChildren) {
          if (member?.type !== "function_item" && member?.type !== "function_signature_item") continue;
          const name = member.childForFieldName("name")?.text;
          const declared = name ? declarations.get(`${implemented}.${name}`) : undefined;
          if (!declared || declared.line !== startLineOf(member, symbols, implemented, name!)) continue;
          const inner: Context = { ...own, typeParams: typeParamsOf(member, own.typeParams, own) };
          const returns = returnOf(member.childForFieldName("return_type"), inner);
          if (returns) declared.returns = returns;
        }
      } else if (item.type === "function_item") {
        const name = item.childForFieldName("name")?.text;
        const declared = name ? declarations.get(name) : undefined;
        if (!declared) continue;
        const inner: Context = { ...context, typeParams: typeParamsOf(item, context.typeParams, context) };
        const returns = returnOf(item.childForFieldName("return_type"), inner);
        if (returns) declared.returns = returns;
      }
    }
  });
  const top: Context = { selfHere: false, typeParams: new Map() };
  declareItems(root, top);

  const sites: CallSite[] = [];
  /** Where the tree being walked starts in the file: 0, or a macro's arguments parsed on their own (visitMacro). */
  let shift: { index: number; lineStarts: number[] } | undefined;
  const addSite = (caller: string, at: SyntaxNode, callee: CalleeRef, via: CallSite["via"]): void => {
    const position = shift ? positionIn(shift.lineStarts, at.startIndex + shift.index) : { line: at.startPosition.row + 1, column: column(at) };
    sites.push({ caller: callerOf(caller), ...position, via, callee });
  };

  type Scope = Map<string, string | undefined>;

  /** A path expression's callee: `f`, `Self::f`, `Type::f`, `module::f`, `crate::a::f`. */
  const pathRef = (node: SyntaxNode, context: Context, scope: Scope): CalleeRef | undefined => {
    if (node.type === "identifier") {
      // A local (a closure) is no site; an item of the enclosing block is not the file's; a `use` there is bound as a written path.
      const local = scope.get(node.text);
      if (local?.startsWith(BLOCK_USE)) return { head: "scope", owner: "", names: [importPath(local.slice(BLOCK_USE.length).split("::"))] };
      if (scope.has(node.text)) return local === BLOCK_ITEM ? { head: "unknown", owner: "", names: [node.text] } : undefined;
      return seesFileName(node.text) ? { head: "scope", owner: "", names: [node.text] } : { head: "unknown", owner: "", names: [node.text] };
    }
    if (node.type !== "scoped_identifier") return undefined;
    let segments = pathSegments(node);
    if (!segments) return { head: "unknown", owner: "", names: [node.childForFieldName("name")?.text ?? ""] };
    const local = scope.get(segments[0]!);
    if (local?.startsWith(BLOCK_USE)) segments = [...local.slice(BLOCK_USE.length).split("::"), ...segments.slice(1)];
    else if (scope.has(segments[0]!)) return { head: "unknown", owner: "", names: [segments[segments.length - 1]!] };
    const name = segments[segments.length - 1]!;
    const prefix = segments.slice(0, -1);
    if (inModule && (prefix[0] === "self" || prefix[0] === "super" || !seesFileName(prefix[0]!))) return { head: "unknown", owner: "", names: [name] };
    if (prefix.length === 1 && prefix[0] === "Self") return context.self && context.selfHere ? { head: "this", owner: context.self, names: [name] } : { head: "unknown", owner: "", names: [name] };
    const last = prefix[prefix.length - 1]!;
    if (/^[A-Z]/.test(last)) {
      // `Type::f`, `a::Type::f`: a type then its associated item.
      if (prefix.length === 1) {
        if (context.typeParams.has(last)) {
          const bound = context.typeParams.get(last);
          return bound ? { head: "type", owner: bound, names: [name] } : { head: "unknown", owner: "", names: [name] };
        }
        return { head: "scope", owner: "", names: [last, name] };
      }
      if (/^[A-Z]/.test(prefix[prefix.length - 2]!)) return { head: "unknown", owner: "", names: [name] };
      return { head: "scope", owner: "", names: [importPath(prefix), name] };
    }
    // `module::f`: a path from the crate, a module of this file, an imported module, a workspace crate.
    return { head: "scope", owner: "", names: [importPath(segments)] };
  };

  /** What an expression holds, as a type string. */
  const valueType = (node: SyntaxNode | null | undefined, context: Context, scope: Scope): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "self":
        return context.selfHere ? context.self : undefined;
      case "identifier": {
        const type = scope.get(node.text);
        return type === BLOCK_ITEM || type?.startsWith(BLOCK_USE) ? undefined : type;
      }
      case "parenthesized_expression":
      case "reference_expression":
      case "try_expression":
      case "await_expression":
        return valueType(node.namedChildren.find((c) => c?.type !== "mutable_specifier"), context, scope);
      case "struct_expression": {
        const name = node.childForFieldName("name");
        if (name?.type === "type_identifier") return typeOf(name, context);
        return undefined;
      }
      case "field_expression": {
        const owner = valueType(node.childForFieldName("value"), context, scope);
        const field = node.childForFieldName("field")?.text;
        if (!owner || !field) return undefined;
        if (typeNames.has(owner)) return fieldTypes.get(`${owner}.${field}`);
        return table.value({ head: "type", owner, names: [field] });
      }
      case "call_expression": {
        // `.unwrap()`/`.expect(…)` of a repository call: declared returns already read `Result<T, E>` and `Option<T>` as T.
        const fn = node.childForFieldName("function");
        const inner = fn?.type === "field_expression" ? fn.childForFieldName("value") : undefined;
        if (inner && UNWRAP.has(fn!.childForFieldName("field")?.text ?? "") && (inner.type === "call_expression" || inner.type === "try_expression")) return valueType(inner, context, scope);
        const ref = calleeOf(node, context, scope);
        return table.returned(ref);
      }
      default:
        return undefined;
    }
  };

  const calleeOf = (node: SyntaxNode, context: Context, scope: Scope): CalleeRef | undefined => {
    let fn = node.childForFieldName("function");
    if (fn?.type === "generic_function") fn = fn.childForFieldName("function");
    if (!fn) return undefined;
    if (fn.type === "field_expression") {
      const name = fn.childForFieldName("field")?.text;
      if (!name || fn.childForFieldName("field")?.type !== "field_identifier") return undefined;
      const receiver = fn.childForFieldName("value");
      if (receiver?.type === "self") return context.self && context.selfHere ? { head: "this", owner: context.self, names: [name] } : { head: "unknown", owner: "", names: [name] };
      const type = valueType(receiver, context, scope);
      return type ? { head: "type", owner: type, names: [name] } : { head: "unknown", owner: "", names: [name] };
    }
    return pathRef(fn, context, scope);
  };

  const declarePattern = (pattern: SyntaxNode | null | undefined, type: string | undefined, scope: Scope): void => {
    if (!pattern) return;
    if (pattern.type === "identifier") scope.set(pattern.text, type);
    else if (pattern.type === "mut_pattern" || pattern.type === "ref_pattern") declarePattern(pattern.namedChildren.find((c) => c?.type !== "mutable_specifier"), type, scope);
    else for (const identifier of pattern.descendantsOfType("identifier")) if (identifier) scope.set(identifier.text, undefined);
  };

  const visit = depthGuarded((node: SyntaxNode, caller: string, context: Context, outer: Scope): void => {
    const scope = SCOPES.has(node.type) ? new Map(outer) : outer;
    switch (node.type) {
      case "macro_invocation":
        visitMacro(node, caller, context, scope);
        return;
      case "block":
        // Items and `use`s of a block are seen in all of it, before their line too.
        for (const item of node.namedChildren) {
          if (item?.type === "use_declaration") {
            const argument = item.childForFieldName("argument");
            // Inside an inline module a path is the module's, not the file's: not followed.
            if (argument) useBindings(argument, [], (local, path) => scope.set(local, inModule || path.length < 2 ? BLOCK_ITEM : `${BLOCK_USE}${path.join("::")}`), 0);
          } else if (item && BLOCK_ITEMS.has(item.type)) {
            const name = item.childForFieldName("name")?.text;
            if (name) scope.set(name, BLOCK_ITEM);
          }
        }
        break;
      case "function_item":
        // A fn declared in a body has no symbol: its calls are the enclosing fn's, as a closure's are.
        visitFn(node, caller, { selfHere: false, typeParams: new Map() }, itemsOf(scope));
        return;
      case "impl_item":
      case "trait_item":
        for (const member of node.childForFieldName("body")?.namedChildren ?? []) {
          if (member?.type === "function_item") visitFn(member, caller, { selfHere: false, typeParams: new Map() }, itemsOf(scope));
        }
        return;
      case "mod_item":
      case "struct_item":
      case "enum_item":
        return;
      case "let_declaration": {
        const value = node.childForFieldName("value");
        if (value) visit(value, caller, context, scope);
        const alternative = node.childForFieldName("alternative");
        if (alternative) visit(alternative, caller, context, scope);
        const written = node.childForFieldName("type");
        const type = written ? typeOf(written, context) : valueOfLet(value, context, scope);
        declarePattern(node.childForFieldName("pattern"), type, scope);
        return;
      }
      case "closure_expression": {
        for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) {
          if (parameter?.type === "parameter") declarePattern(parameter.childForFieldName("pattern"), typeOf(parameter.childForFieldName("type"), context), scope);
          else if (parameter) declarePattern(parameter, undefined, scope);
        }
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, context, scope);
        return;
      }
      case "for_expression":
      case "match_arm":
      case "if_let_expression":
        for (const pattern of node.descendantsOfType("identifier")) void pattern;
        break;
      case "call_expression": {
        const callee = calleeOf(node, context, scope);
        let fn = node.childForFieldName("function");
        if (fn?.type === "generic_function") fn = fn.childForFieldName("function");
        const at = fn?.type === "field_expression" ? fn.childForFieldName("field") : fn?.type === "scoped_identifier" ? fn.childForFieldName("name") : fn;
        // A tuple struct or an enum variant built (`Id(1)`, `Kind::A(x)`) is no call.
        if (callee && at && !/^[A-Z]/.test(at.text)) addSite(caller, at, callee, "call");
        if (fn?.type === "field_expression") {
          const value = fn.childForFieldName("value");
          if (value) visit(value, caller, context, scope);
        } else if (fn && fn.type !== "identifier" && fn.type !== "scoped_identifier") visit(fn, caller, context, scope);
        for (const argument of node.childForFieldName("arguments")?.namedChildren ?? []) {
          if (!argument) continue;
          // A function passed by path: `.map(Self::convert)`, `.map(Repo::load)`.
          if (argument.type === "scoped_identifier") {
            const ref = pathRef(argument, context, scope);
            const name = argument.childForFieldName("name");
            if (ref && name && ref.names.length > 0 && !/^[A-Z]/.test(name.text)) addSite(caller, name, ref, "ref");
          } else visit(argument, caller, context, scope);
        }
        return;
      }
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, context, scope);
  });

  const valueOfLet = (value: SyntaxNode | null | undefined, context: Context, scope: Scope): string | undefined => {
    if (!value) return undefined;
    if (value.type === "struct_expression") return valueType(value, context, scope);
    // `T::new()`, `T::open()?`: what it declares it returns, via linking.
    return valueType(value, context, scope);
  };

  /**
   * A macro's arguments, when it is one whose arguments are expressions (`format!`, `assert_eq!`,
   * `vec![…]`): parsed on their own as a call's, and walked as if written there. Another macro's
   * tokens may mean anything (`html! { … }`): no sites.
   */
  const visitMacro = (node: SyntaxNode, caller: string, context: Context, scope: Scope): void => {
    const name = node.childForFieldName("macro");
    const macro = name?.type === "scoped_identifier" ? name.childForFieldName("name")?.text : name?.text;
    const tokens = node.namedChildren.find((child) => child?.type === "token_tree");
    if (!macro || !EXPRESSION_MACROS.has(macro) || !tokens || !/^[([]/.test(tokens.text)) return;
    const prefix = "fn m(){m(";
    const tree = parseTree("rust", `${prefix}${tokens.text.slice(1, -1)});}`);
    try {
      const call = tree.rootNode.namedChildren[0]?.childForFieldName("body")?.namedChildren[0]?.namedChildren[0];
      if (tree.rootNode.hasError || call?.type !== "call_expression") return;
      const outer = shift;
      shift = { index: (outer?.index ?? 0) + tokens.startIndex + 1 - prefix.length, lineStarts: outer?.lineStarts ?? lineStarts };
      try {
        for (const argument of call.childForFieldName("arguments")?.namedChildren ?? []) if (argument) visit(argument, caller, context, scope);
      } finally {
        shift = outer;
      }
    } finally {
      tree.delete();
    }
  };

  const visitFn = (fn: SyntaxNode, caller: string, context: Context, items?: Scope): void => {
    const own: Context = { ...context, typeParams: typeParamsOf(fn, context.typeParams, context) };
    const scope: Scope = new Map(items);
    for (const parameter of fn.childForFieldName("parameters")?.namedChildren ?? []) {
      if (parameter?.type === "parameter") declarePattern(parameter.childForFieldName("pattern"), typeOf(parameter.childForFieldName("type"), own), scope);
    }
    const body = fn.childForFieldName("body");
    if (body) visit(body, caller, own, scope);
  };

  const visitItems = depthGuarded((list: SyntaxNode, context: Context, container: string): void => {
    for (const item of list.namedChildren) {
      if (!item) continue;
      if (item.type === "function_item") {
        const name = item.childForFieldName("name")?.text ?? "";
        const qualifiedName = container ? `${container}.${name}` : name;
        visitFn(item, kinds.has(qualifiedName) ? qualifiedName : container && kinds.has(container) ? container : "(module)", context);
      } else if (item.type === "impl_item" || item.type === "trait_item") {
        const implemented = item.type === "impl_item" ? implementedName(item.childForFieldName("type")) : item.childForFieldName("name")?.text;
        const body = item.childForFieldName("body");
        if (!body || !implemented) continue;
        const own: Context = { self: implemented, selfHere: !container && typeNames.has(implemented), typeParams: typeParamsOf(item, new Map(), context) };
        for (const member of body.namedChildren) {
          if (member?.type !== "function_item") continue;
          const name = member.childForFieldName("name")?.text ?? "";
          const owner = container ? `${container}.${implemented}` : implemented;
          visitFn(member, kinds.has(`${owner}.${name}`) ? `${owner}.${name}` : container && kinds.has(container) ? container : "(module)", own);
        }
      }
      else if (item.type === "mod_item") {
        const body = item.childForFieldName("body");
        const name = item.childForFieldName("name")?.text;
        if (!body || !name) continue;
        if (container) {
          // A module in a module sees neither the file's names nor its parent's here: its calls are candidates.
          const outer = inModule;
          inModule = { glob: false, hidden: new Set() };
          visitItems(body, { ...top, typeParams: new Map() }, `${container}.${name}`);
          inModule = outer;
          continue;
        }
        const hidden = new Set<string>();
        let glob = false;
        for (const inner of body.namedChildren) {
          if (inner?.type === "use_declaration") {
            const argument = inner.childForFieldName("argument");
            if (argument?.text.replace(/\s+/g, "") === "super::*") glob = true;
            else if (argument) useBindings(argument, [], (local) => hidden.add(local), 0);
          } else {
            const declared = inner?.childForFieldName("name")?.text;
            if (declared) hidden.add(declared);
          }
        }
        inModule = { glob, hidden };
        visitItems(body, { ...top, typeParams: new Map() }, name);
        inModule = undefined;
      }
    }
  });
  visitItems(root, top, "");

  return { callers, declarations: [...declarations.values(), ...overloaded], imports, exports: [...declarations.values()].filter((d) => !d.name.includes(".") || typeNames.has(d.name.split(".")[0]!)).map((d): ExportBinding => ({ name: d.name, local: d.name })).concat(reexports), sites: sites.map(encodeCallSite), types: table.entries };
}

/** What a name of a block is bound to when it is an item or a `use` there (not a local): calls of it are candidates. */
const BLOCK_ITEM = "\u0000item";
/** What a name a block's `use` binds is bound to: this, then its path. */
const BLOCK_USE = "\u0000use:";
const BLOCK_ITEMS = new Set(["function_item", "struct_item", "enum_item", "union_item", "trait_item", "mod_item", "const_item", "static_item", "type_item", "macro_definition"]);
/** Macros whose arguments are expressions, as std, log, tracing and anyhow define them. */
const EXPRESSION_MACROS = new Set([
  "format", "print", "println", "eprint", "eprintln", "write", "writeln", "panic", "assert", "assert_eq", "assert_ne", "debug_assert",
  "debug_assert_eq", "debug_assert_ne", "vec", "dbg", "todo", "unimplemented", "unreachable", "format_args",
  "trace", "debug", "info", "warn", "error", "anyhow", "bail", "ensure",
]);

/** Items a nested fn sees of the blocks around it: their items and `use`s, not their locals. */
function itemsOf(scope: Map<string, string | undefined>): Map<string, string | undefined> {
  return new Map([...scope].filter(([, type]) => type === BLOCK_ITEM || type?.startsWith(BLOCK_USE)));
}

/** 1-based line and column of a position in a file, by its lines' starts. */
function positionIn(lineStarts: readonly number[], index: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: index - lineStarts[low]! + 1 };
}

/** The line the symbol index gives the member of `owner` named `name` declared by `member`. */
function startLineOf(member: SyntaxNode, symbols: readonly SymbolRecord[], owner: string, name: string): number {
  const line = startLine(member);
  const symbol = symbols.find((s) => s.container === owner && s.name === name && s.line <= line && s.endLine >= line);
  return symbol?.line ?? -1;
}

/** The implemented type's simple name: `Store` of `impl<T> Store<T>` and `impl Display for &a::Store`. */
function implementedName(type: SyntaxNode | null): string | undefined {
  if (!type) return undefined;
  if (type.type === "type_identifier") return type.text;
  if (type.type === "generic_type") return implementedName(type.childForFieldName("type"));
  return undefined;
}

/** The segments of a plain path (`a::b::f`); undefined when a segment is generic or not a name. */
function pathSegments(node: SyntaxNode): string[] | undefined {
  const segments: string[] = [];
  let current: SyntaxNode | null = node;
  for (let steps = 0; current && steps < 64; steps++) {
    if (current.type === "identifier" || current.type === "self" || current.type === "super" || current.type === "crate" || current.type === "type_identifier") {
      segments.unshift(current.text);
      return segments;
    }
    if (current.type !== "scoped_identifier") return undefined;
    const name = current.childForFieldName("name");
    if (!name) return undefined;
    segments.unshift(name.text);
    current = current.childForFieldName("path");
    if (!current) return segments;
  }
  return undefined;
}

/** Each name a `use` tree binds, with the path it stands for. */
function useBindings(node: SyntaxNode, prefix: string[], bind: (local: string, path: string[]) => void, depth: number, glob?: (path: string[]) => void): void {
  if (depth > 32) return;
  switch (node.type) {
    case "use_as_clause": {
      const path = node.childForFieldName("path");
      const alias = node.childForFieldName("alias")?.text;
      if (path && alias && alias !== "_") bind(alias, [...prefix, ...node.childForFieldName("path")!.text.replace(/\s+/g, "").replace(/^::/, "").split("::")]);
      return;
    }
    case "scoped_use_list": {
      const path = node.childForFieldName("path");
      const list = node.childForFieldName("list");
      const inner = path ? [...prefix, ...path.text.replace(/\s+/g, "").replace(/^::/, "").split("::")] : prefix;
      if (list) useBindings(list, inner, bind, depth + 1, glob);
      return;
    }
    case "use_list":
      for (const item of node.namedChildren) if (item) useBindings(item, prefix, bind, depth + 1, glob);
      return;
    case "self":
      if (prefix.length > 0) bind(prefix[prefix.length - 1]!, prefix);
      return;
    case "use_wildcard": {
      const path = node.namedChildren[0];
      glob?.([...prefix, ...(path ? path.text.replace(/\s+/g, "").replace(/^::/, "").split("::") : [])]);
      return;
    }
    case "identifier":
    case "scoped_identifier": {
      const path = [...prefix, ...node.text.replace(/\s+/g, "").replace(/^::/, "").split("::")];
      bind(path[path.length - 1]!, path);
      return;
    }
    default:
      return;
  }
}

interface FileUse {
  /** The name bound (empty for a glob). */
  local: string;
  path: string[];
  glob: boolean;
  pub: boolean;
}

/** The file-level `use` declarations, each name bound and each glob. */
function fileUses(root: SyntaxNode): FileUse[] {
  const uses: FileUse[] = [];
  for (const node of root.namedChildren) {
    if (node?.type !== "use_declaration") continue;
    const argument = node.childForFieldName("argument");
    if (!argument) continue;
    const pub = node.namedChildren.some((child) => child?.type === "visibility_modifier");
    useBindings(argument, [], (local, path) => uses.push({ local, path, glob: false, pub }), 0, (path) => uses.push({ local: "", path, glob: true, pub }));
  }
  return uses;
}
