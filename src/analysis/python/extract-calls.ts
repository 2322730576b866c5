import type { CallableDeclaration, CallSite, CallSummary, CalleeRef, ExportBinding, ImportBinding, SymbolRecord } from "../../model.js";
import { THIS_TYPE } from "../../core/calls/type-references.js";
import { encodeCallSite } from "../../core/calls/call-site-codec.js";
import { callerTable, MODULE_CALLER } from "../caller-table.js";
import { columnsOf, depthGuarded, type SyntaxNode } from "../tree-sitter.js";

/*
 * What one Python file contributes to the call graph (model.ts CallSummary), read the way
 * analysis/extract-calls.ts reads TypeScript: every call and decorator with its caller (the
 * innermost indexed declaration around it) and its callee as a head and a chain of names. A name
 * is looked up where Python looks it up: a function's locals shadow the module's names (a call to
 * a local is not recorded), `self`/`cls` are the enclosing class, `super()` its bases, a local or
 * attribute whose type is written (`x: Repo`, `x = Repo()`, `self.repo = Repo()`, `-> Repo`) is
 * that type. What cannot be told is `unknown`: only its name survives, as a candidate.
 */

const BUILTINS = new Set(
  "abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__".split(
    " ",
  ),
);
/** Literals and what builtin type they make (link-calls reads these type names as Python's). */
const LITERAL_TYPES: Record<string, string> = {
  string: "str",
  concatenated_string: "str",
  integer: "int",
  float: "float",
  true: "bool",
  false: "bool",
  list: "list",
  list_comprehension: "list",
  dictionary: "dict",
  dictionary_comprehension: "dict",
  set: "set",
  set_comprehension: "set",
  tuple: "tuple",
};
/** Builtins whose result is a value of a builtin type, by that type. */
const BUILTIN_RESULTS: Record<string, string> = {
  str: "str", repr: "str", ascii: "str", chr: "str", format: "str", hex: "str", oct: "str", bin: "str", input: "str",
  int: "int", len: "int", hash: "int", ord: "int", id: "int", float: "float", bool: "bool", bytes: "bytes", bytearray: "bytearray",
  list: "list", sorted: "list", dir: "list", dict: "dict", vars: "dict", set: "set", frozenset: "frozenset", tuple: "tuple",
};
const WRAPPERS = new Set(["Optional", "Annotated", "Final", "ClassVar", "Type", "type"]);
/**
 * Django's ORM, read the way Django runs it: `Model.objects` is the model's manager, whose query
 * methods hand back a queryset of the model (iterated: instances of it) or one instance of it.
 * Only Django's own method names: a queryset class of the repository may add others, which are
 * looked up on it (`objects = RestrictedQuerySet.as_manager()` is a RestrictedQuerySet).
 */
const MANAGER = "objects";
/** FastAPI's dependency injection, as written (`Depends(...)`, `fastapi.Depends(...)`). */
const INJECTORS = new Set(["Depends", "Security", "fastapi.Depends", "fastapi.Security"]);
/** Django model fields that hold one related model's instance: `site = models.ForeignKey("dcim.Site", …)`. */
const TO_ONE_FIELDS = new Set(["ForeignKey", "OneToOneField"]);
/** A model field whose attribute is a related manager of the model it names. */
const TO_MANY_FIELD = "ManyToManyField";
/**
 * Django model fields whose attribute holds a value of Python or Django (a string, a number, a date, a file),
 * never a repository type. taggit's TaggableManager holds taggit's manager.
 */
const VALUE_FIELDS = new Set(
  "AutoField BigAutoField BigIntegerField BinaryField BooleanField CharField DateField DateTimeField DecimalField DurationField EmailField FileField FilePathField FloatField GenericIPAddressField ImageField IntegerField PositiveBigIntegerField PositiveIntegerField PositiveSmallIntegerField SlugField SmallAutoField SmallIntegerField TextField TimeField URLField UUIDField".split(" "),
);
/** A type string for a value outside the repository (link-calls resolves it so): what a value field holds. */
const OUTSIDE_VALUE = "ext:";
const QUERYSET_METHODS = new Set(["all", "filter", "exclude", "order_by", "select_related", "prefetch_related", "annotate", "alias", "distinct", "using", "only", "defer", "reverse", "none", "select_for_update"]);
const INSTANCE_METHODS = new Set(["get", "first", "last", "earliest", "latest", "create"]);
const MAPPINGS = new Set(["dict", "Dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict", "OrderedDict"]);
const ARRAYS = new Set(["list", "List", "Sequence", "Iterable", "Iterator", "set", "Set", "tuple", "Tuple", "frozenset", "FrozenSet", "Collection", "AbstractSet", "MutableSequence"]);

interface FunctionScope {
  /** Names bound in the function (parameters, assignments, nested definitions): they shadow the module's. */
  locals: Set<string>;
  /** Locals whose type is known: a type string. */
  types: Map<string, string>;
  /** The class a method belongs to (its `self`), and the name `self` has there. */
  owner?: string;
  self?: string;
  /** A declared function's `return` values (null for a bare one) and `yield` values, as the walk meets them. */
  returns?: (SyntaxNode | null)[];
  generator?: boolean;
}

export function extractPythonCalls(root: SyntaxNode, text: string, symbols: readonly SymbolRecord[], path = ""): CallSummary {
  const column = columnsOf(text);

  // A name defined twice is what its last definition binds: an `@overload` stub's implementation
  // comes after it, a definition in an `else:` after the `if:` one.
  const kinds = new Map<string, SymbolRecord>();
  for (const symbol of symbols) kinds.set(symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name, symbol);
  const { callers, callerOf } = callerTable(kinds);

  const imports: ImportBinding[] = [];
  const stars: string[] = [];
  const moduleNames = new Set<string>();
  for (const statement of root.descendantsOfType(["import_statement", "import_from_statement"])) {
    if (!statement) continue;
    if (statement.type === "import_statement") {
      for (const name of statement.childrenForFieldName("name")) {
        if (!name) continue;
        const dotted = (name.type === "aliased_import" ? name.childForFieldName("name")! : name).text;
        const alias = name.type === "aliased_import" ? name.childForFieldName("alias")?.text : undefined;
        if (alias) imports.push({ local: alias, specifier: dotted, imported: "*" });
        else {
          // `import a.b.c` binds `a`; the chain `a.b.c` names the module itself.
          const parts = dotted.split(".");
          for (let i = 1; i <= parts.length; i++) imports.push({ local: parts.slice(0, i).join("."), specifier: parts.slice(0, i).join("."), imported: "*" });
        }
      }
      continue;
    }
    const from = statement.childForFieldName("module_name")?.text.replace(/\s+/g, "");
    if (!from) continue;
    // `from x import *`: x's public names are this module's too (the linker looks names up through it).
    if (statement.namedChildren.some((child) => child?.type === "wildcard_import")) stars.push(from);
    for (const name of statement.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = (name.type === "aliased_import" ? name.childForFieldName("name")! : name).text;
      const local = name.type === "aliased_import" ? (name.childForFieldName("alias")?.text ?? imported) : imported;
      imports.push({ local, specifier: from, imported, submodule: from.endsWith(".") ? `${from}${imported}` : `${from}.${imported}` });
    }
  }
  /** Where the file imports a name from: `models` of `from django.db import models`, `ForeignKey` of `from django.db.models import ForeignKey`. */
  const importedFrom = new Map(imports.map((binding) => [binding.local, binding.imported === "*" ? binding.specifier : `${binding.specifier}.${binding.imported}`]));
  /**
   * `models.ForeignKey`, `ForeignKey` imported from django.db.models, `TaggableManager` from taggit:
   * the field class a class-body assignment makes, by Django's name; undefined for anything else.
   */
  const djangoField = (callee: SyntaxNode | null): string | undefined => {
    const dotted = callee?.text ?? "";
    const name = dotted.slice(dotted.lastIndexOf(".") + 1);
    const from = importedFrom.get(dotted.split(".")[0]!) ?? "";
    const module = dotted.includes(".") ? `${from}${dotted.slice(dotted.indexOf("."), dotted.lastIndexOf("."))}` : from.slice(0, from.lastIndexOf("."));
    if (module === "django.db.models" || module === "django.db.models.fields" || module === "django.db.models.fields.related") return name;
    return name === "TaggableManager" && module.startsWith("taggit") ? name : undefined;
  };
  /**
   * pytest hands a test function (and a fixture) the fixture its parameter names: one declared in the
   * module, else in the nearest conftest.py above it. Each level's conftest is bound by a synthetic
   * import; a parameter's type is what the fixture returns (or yields), nearest first.
   */
  const isPytestModule = /(?:^|\/)(?:test_[^/]*|[^/]*_test|conftest)\.py$/.test(path);
  const isFixture = (decorated: SyntaxNode | null): boolean =>
    decorated?.type === "decorated_definition" &&
    decorated.namedChildren.some((decorator) => {
      const expression = decorator?.type === "decorator" ? decorator.namedChildren.find((child) => child !== null && child.type !== "comment") : undefined;
      const target = expression?.type === "call" ? expression.childForFieldName("function") : expression;
      return target !== undefined && target !== null && (importedFrom.get(target.text) ?? (target.text.startsWith("pytest.") ? target.text : "")) === "pytest.fixture";
    });
  const fixtures = new Set<string>();
  if (isPytestModule) {
    for (const statement of root.namedChildren) {
      const name = statement?.type === "decorated_definition" ? statement.childForFieldName("definition")?.childForFieldName("name")?.text : undefined;
      if (name && isFixture(statement)) fixtures.add(name);
    }
  }
  const conftestLevels = path.split("/").length - 1;
  /** The type a pytest fixture named `name` hands a parameter. */
  const fixtureType = (name: string): string => {
    if (fixtures.has(name)) return `ret:${JSON.stringify(["scope", "", [name]])}`;
    const levels: string[] = [];
    for (let level = 0; level <= conftestLevels; level++) {
      const local = `__fixture${level}__${name}`;
      if (!importedFrom.has(local)) {
        imports.push({ local, specifier: `${".".repeat(level + 1)}conftest`, imported: name });
        importedFrom.set(local, `conftest.${name}`);
      }
      levels.push(local);
    }
    return `nearest:${JSON.stringify(levels)}`;
  };

  /**
   * The accessor a relation field gives the model it names: `related_name`, else Django's default
   * (`<model>_set`, or `<model>` for a one-to-one field); none for `related_name="+"` or a templated one.
   */
  const reverseOf = (call: SyntaxNode, className: string): CallableDeclaration["reverse"] => {
    const field = djangoField(call.childForFieldName("function"));
    if (field === undefined || (!TO_ONE_FIELDS.has(field) && field !== TO_MANY_FIELD)) return undefined;
    const args = call.childForFieldName("arguments");
    const model = relatedModel(args, className);
    if (model === undefined) return undefined;
    const given = args?.namedChildren.find((arg) => arg?.type === "keyword_argument" && arg.childForFieldName("name")?.text === "related_name")?.childForFieldName("value");
    const written = given?.type === "string" ? given.namedChildren.find((part) => part?.type === "string_content")?.text : undefined;
    if (given && written === undefined) return undefined;
    const own = className.slice(className.lastIndexOf(".") + 1).toLowerCase();
    const one = field === "OneToOneField";
    const name = written ?? (one ? own : `${own}_set`);
    if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
    const type = one ? className : managerOf(className);
    return { model, name, type };
  };

  /** Synthetic imports of models a field names as `"app_label.Model"`: the app's models module, where Django finds it. */
  const modelImports = new Map<string, string>();
  /** The type of the model a relation field names: its first argument or `to=` (a class, `"Model"`, `"app.Model"`, `"self"`). */
  const relatedModel = (args: SyntaxNode | null, className: string): string | undefined => {
    const list = args?.namedChildren.filter((arg): arg is SyntaxNode => arg !== null && arg.type !== "comment") ?? [];
    const to = list.find((arg) => arg.type === "keyword_argument" && arg.childForFieldName("name")?.text === "to")?.childForFieldName("value") ?? list.find((arg) => arg.type !== "keyword_argument");
    if (!to) return undefined;
    if (to.type !== "string") return typeOf(to);
    const text = to.namedChildren.find((part) => part?.type === "string_content")?.text ?? "";
    if (text === "self") return className || undefined;
    const match = /^(?:(\w+)\.)?([A-Za-z_]\w*)$/.exec(text);
    if (!match) return undefined;
    const [, app, model] = match as unknown as [string, string | undefined, string];
    if (!app || moduleNames.has(model)) return moduleNames.has(model) ? model : undefined;
    const local = `__model__${app}__${model}`;
    if (!modelImports.has(local)) {
      modelImports.set(local, model);
      imports.push({ local, specifier: `${app}.models`, imported: model });
    }
    return local;
  };
  for (const binding of imports) moduleNames.add(binding.local);
  for (const symbol of symbols) if (!symbol.container) moduleNames.add(symbol.name);

  const declarations = new Map<string, CallableDeclaration>();
  for (const [name, symbol] of kinds) declarations.set(name, { name, kind: symbol.kind === "getter" || symbol.kind === "setter" ? "getter" : symbol.kind, line: symbol.line });
  const declare = (name: string, extra: Partial<CallableDeclaration>): void => {
    // What the declaration already says stays.
    const known = declarations.get(name);
    if (known) Object.assign(known, { ...extra, ...known });
  };
  /** An attribute a method assigns (`self.repo = Repo()`): a property of the class, typed. */
  const declareAttribute = (owner: string, name: string, type: string, line: number): void => {
    const qualified = `${owner}.${name}`;
    const known = declarations.get(qualified);
    if (known) {
      known.type ??= type;
      return;
    }
    declarations.set(qualified, { name: qualified, kind: "property", line, type });
  };

  const sites: CallSite[] = [];
  const addSite = (caller: string, node: SyntaxNode, via: CallSite["via"], callee: CalleeRef): void => {
    sites.push({ caller: callerOf(caller), line: node.startPosition.row + 1, column: column(node), via, callee });
  };

  /**
   * Functions, methods and classes handed on by name (`path("x/", views.detail)`, `Thread(target=self.run)`,
   * a class-based view's `views.Detail.as_view()`): not calls, but what receives them may call them —
   * a route's handler is linked this way. The linker keeps one only where it lands on a callable; a
   * receiver that cannot be known is left out.
   */
  const addValues = (caller: string, args: readonly (SyntaxNode | null)[], scope: FunctionScope | undefined, className: string): void => {
    for (const argument of args) {
      let value = argument?.type === "keyword_argument" ? argument.childForFieldName("value") : argument;
      let kind = value?.type;
      if (kind === "call") {
        const called = value!.childForFieldName("function");
        value = called?.type === "attribute" && called.childForFieldName("attribute")?.text === "as_view" ? called.childForFieldName("object") : null;
        kind = value?.type;
      }
      if (!value || (kind !== "identifier" && kind !== "attribute")) continue;
      const ref = calleeOf(value, scope, className);
      if (ref && ref.head !== "unknown") addSite(caller, nameNode(value), "value", ref);
    }
  };

  /** A type annotation as a type string: `Repo`, `db.Pool`, `"Repo"`, `Optional[Repo]`, `Repo | None`, `list[Repo]`. */
  const typeOf = (node: SyntaxNode | null | undefined): string | undefined => {
    if (!node) return undefined;
    switch (node.type) {
      case "type":
        return typeOf(node.namedChildren[0]);
      case "identifier":
      case "attribute":
        return /^[\w.]+$/.test(node.text) ? node.text : undefined;
      case "string": {
        const content = node.namedChildren.find((part) => part?.type === "string_content")?.text;
        return content && /^[\w.]+$/.test(content) ? content : undefined;
      }
      case "binary_operator": {
        // `Repo | None`
        const parts = [node.childForFieldName("left"), node.childForFieldName("right")].filter((part) => part?.text !== "None");
        return parts.length === 1 ? typeOf(parts[0]) : undefined;
      }
      case "generic_type":
      case "subscript": {
        const base = node.type === "subscript" ? node.childForFieldName("value")?.text : node.namedChildren[0]?.text;
        const args = node.type === "subscript" ? node.childrenForFieldName("subscript") : (node.namedChildren[1]?.namedChildren ?? []);
        const last = (base ?? "").split(".").pop() ?? "";
        if (WRAPPERS.has(last) && args.length >= 1) return typeOf(args[0]);
        if (last === "Union") {
          const parts = args.filter((part) => part?.text !== "None");
          return parts.length === 1 ? typeOf(parts[0]) : undefined;
        }
        // `dict[str, Repo]`: a dict, whose `get` is Python's (what it hands back is not followed).
        if (MAPPINGS.has(last)) return "dict";
        if (ARRAYS.has(last) && args.length >= 1) {
          const element = typeOf(args[0]);
          return element ? `arr:${element}` : undefined;
        }
        return undefined;
      }
      default:
        return undefined;
    }
  };

  /** Classes declared on a base named `…QuerySet`: Django's chaining methods hand back a copy of their class. */
  const querysetClasses = new Set<string>();
  /** Whether every `return` of a body (not of functions inside it) hands back `self` or `self.<chaining method>(…)`. */
  const returnsChained = (body: SyntaxNode | null, self: string): boolean => {
    const returns: (SyntaxNode | null)[] = [];
    const walk = (node: SyntaxNode): void => {
      if (node.type === "function_definition" || node.type === "lambda" || node.type === "class_definition") return;
      if (node.type === "return_statement") returns.push(node.namedChildren[0] ?? null);
      for (const child of node.namedChildren) if (child) walk(child);
    };
    if (body) walk(body);
    return (
      returns.length > 0 &&
      returns.every((value) => {
        if (value?.type === "identifier") return value.text === self;
        const callee = value?.type === "call" ? value.childForFieldName("function") : null;
        return callee?.type === "attribute" && callee.childForFieldName("object")?.text === self && QUERYSET_METHODS.has(callee.childForFieldName("attribute")?.text ?? "");
      })
    );
  };
  /** A name bound at module level: defined or imported here, or brought by a star import (not a builtin). */
  const isModuleName = (name: string): boolean => moduleNames.has(name) || (stars.length > 0 && !BUILTINS.has(name));
  /** A module-level name and the attributes after it: `import a.b.c` makes the longest imported prefix of the chain the module. */
  const moduleRef = (name: string, chain: readonly string[]): CalleeRef => {
    for (let i = chain.length; i > 0; i--) {
      const dotted = [name, ...chain.slice(0, i)].join(".");
      if (moduleNames.has(dotted)) return { head: "scope", owner: "", names: [dotted, ...chain.slice(i)] };
    }
    return { head: "scope", owner: "", names: [name, ...chain] };
  };

  /**
   * `Tenant.objects.create(...)`: a method of the model's manager, looked up on what `objects` holds
   * (`objects = RestrictedQuerySet.as_manager()`). A model that declares no manager has Django's,
   * inherited from outside, and a model of a package has the package's (`ContentType.objects.get_for_model`):
   * a union of that one part makes it an outside value, whose methods are outside too (they would
   * otherwise be candidates by name: `create`, `all`, `count`, …).
   */
  const managerCall = (ref: CalleeRef): CalleeRef => {
    const { names } = ref;
    const method = names[names.length - 1]!;
    if (names.length < 3 || names[names.length - 2] !== MANAGER) return ref;
    return { head: "type", owner: `union:${JSON.stringify([`val:${JSON.stringify([ref.head, ref.owner, names.slice(0, -1)])}`])}`, names: [method] };
  };

  /** A callee expression as a CalleeRef, or undefined for a call of a local (or of a builtin). */
  const calleeOf = (node: SyntaxNode, scope: FunctionScope | undefined, className: string): CalleeRef | undefined => {
    const chain: string[] = [];
    let head: SyntaxNode = node;
    while (head.type === "attribute") {
      chain.unshift(head.childForFieldName("attribute")?.text ?? "");
      head = head.childForFieldName("object")!;
      if (!head) return undefined;
    }
    if (head.type === "identifier") {
      const name = head.text;
      if (scope && scope.self === name && scope.owner) return chain.length > 0 ? { head: "this", owner: scope.owner, names: chain } : undefined;
      if (scope?.locals.has(name)) {
        const type = scope.types.get(name);
        if (type && chain.length > 0) return { head: "type", owner: type, names: chain };
        return chain.length > 0 ? { head: "unknown", owner: "", names: [chain[chain.length - 1]!] } : undefined;
      }
      if (moduleNames.has(name)) return managerCall(moduleRef(name, chain));
      if (BUILTINS.has(name) && !chain.length) return undefined;
      // A name no one binds here: one a star import brings, else a builtin or a global of some other file.
      if (stars.length > 0 && !BUILTINS.has(name)) return managerCall({ head: "scope", owner: "", names: [name, ...chain] });
      return { head: "unknown", owner: "", names: [chain.length > 0 ? chain[chain.length - 1]! : name] };
    }
    if (head.type === "call") {
      const query = queried(head, scope);
      if (query && chain.length > 0) return { head: "type", owner: query.one ? query.model : `arr:${query.model}`, names: chain };
      const inner = head.childForFieldName("function");
      // `super().method()`
      if (inner?.type === "identifier" && inner.text === "super" && scope?.owner && chain.length > 0) return { head: "super", owner: scope.owner, names: chain };
      const made = inner ? calleeOf(inner, scope, className) : undefined;
      if (made && made.head !== "unknown" && chain.length > 0) return { head: "type", owner: `ret:${JSON.stringify([made.head, made.owner, made.names])}`, names: chain };
    }
    return chain.length > 0 ? { head: "unknown", owner: "", names: [chain[chain.length - 1]!] } : undefined;
  };

  /**
   * The model a Django query expression is about, and whether it holds a queryset or an instance:
   * `Tenant.objects.filter(...)` a queryset of Tenant, `….first()` a Tenant. Undefined for anything else.
   */
  const queried = (node: SyntaxNode | null | undefined, scope: FunctionScope | undefined): { model: string; one: boolean } | undefined => {
    if (node?.type === "attribute") {
      const object = node.childForFieldName("object");
      const model = object?.text;
      const dotted = model !== undefined && /^[A-Za-z_][\w.]*$/.test(model) && (object!.type === "identifier" || object!.type === "attribute");
      const head = model?.split(".")[0];
      // `self.objects` and a local's `objects` are not a model's manager.
      return node.childForFieldName("attribute")?.text === MANAGER && dotted && head !== scope?.self && !scope?.locals.has(head!) ? { model: model!, one: false } : undefined;
    }
    if (node?.type !== "call") return undefined;
    const callee = node.childForFieldName("function");
    if (callee?.type !== "attribute") return undefined;
    const method = callee.childForFieldName("attribute")?.text ?? "";
    const of = queried(callee.childForFieldName("object"), scope);
    if (!of || of.one) return undefined;
    return QUERYSET_METHODS.has(method) ? of : INSTANCE_METHODS.has(method) ? { model: of.model, one: true } : undefined;
  };

  /**
   * What a Django model field's attribute holds on an instance (fields are descriptors: `device.site`
   * is a Site, not a ForeignKey): the related model, a related manager of it (`tags.add(…)`), or a
   * value of Python's; undefined for anything else.
   */
  const fieldType = (node: SyntaxNode, className: string): string | undefined => {
    const field = djangoField(node.childForFieldName("function"));
    if (field === undefined) return undefined;
    if (VALUE_FIELDS.has(field) || field === "TaggableManager") return OUTSIDE_VALUE;
    const model = TO_ONE_FIELDS.has(field) || field === TO_MANY_FIELD ? relatedModel(node.childForFieldName("arguments"), className) : undefined;
    if (model === undefined || field !== TO_MANY_FIELD) return model;
    // A related manager is the model's default manager with add/remove/set/clear: those are Django's (see managerCall).
    return managerOf(model);
  };

  /** The model's manager as a value: its methods, Django's where the model declares none (see managerCall). */
  const managerOf = (model: string): string => `union:${JSON.stringify([`val:${JSON.stringify(["scope", "", [...model.split("."), MANAGER]])}`])}`;
  /** What a class body's assignments hold, by class: `client_class`, a nested Meta's `model` (read by declareFrameworkAttributes). */
  const classAssignments = new Map<string, Map<string, SyntaxNode>>();
  /**
   * Attributes a framework gives a class by its conventions, where the class body says what they hold:
   * a django-filter FilterSet's `qs` is a queryset of its `Meta.model` (its manager's methods, as
   * `Model.objects`); a Django or REST framework test case's `client` is an instance of its
   * `client_class`, else the framework's own client.
   */
  const declareFrameworkAttributes = (owner: string, bases: readonly string[], line: number): void => {
    const assigned = classAssignments.get(owner);
    const metaModel = classAssignments.get(`${owner}.Meta`)?.get("model");
    const model = metaModel ? typeOf(metaModel) : undefined;
    if (model !== undefined && !assigned?.has("qs")) declareAttribute(owner, "qs", managerOf(model), line);
    const clientClass = assigned?.get("client_class");
    const client = clientClass ? typeOf(clientClass) : undefined;
    const testCase = bases.some((base) => base.endsWith("TestCase") && /^(?:django\.test|rest_framework\.test)(?:\.|$)/.test(importedFrom.get(base.split(".")[0]!) ?? ""));
    const clientType = client ?? (testCase ? OUTSIDE_VALUE : undefined);
    const known = declarations.get(`${owner}.client`);
    // A method may assign it too: Django's own client class (`self.client = Client()`) says no more than the framework
    // does, and what it returns is not known here; any other assignment stands.
    const made = known?.type?.startsWith("ret:") ? (JSON.parse(known.type.slice(4)) as [string, string, string[]]) : undefined;
    const frameworks = made !== undefined && made[0] === "scope" && /^(?:django|rest_framework)\./.test(importedFrom.get(made[2][0] ?? "") ?? "");
    if (clientType !== undefined && known && frameworks) known.type = clientType;
    else if (clientType !== undefined) declareAttribute(owner, "client", clientType, line);
  };

  /** What a value expression holds, as a type string: a call's return (`Repo()`, `make_repo()`), else undefined. */
  const valueType = (node: SyntaxNode | null, scope: FunctionScope | undefined, className: string): string | undefined => {
    if (!node) return undefined;
    // Each `type` read crosses into WebAssembly: read once.
    const kind = node.type;
    // `self.repo = repo` where `repo: Repo` is a parameter (or a typed local).
    if (kind === "identifier" && scope) return scope.types.get(node.text);
    // `(Tenant(...), Tenant(...))`: a list or tuple of one type holds elements of that type.
    if (kind === "list" || kind === "tuple") return elementsType(node, scope, className) ?? LITERAL_TYPES[kind];
    if (Object.hasOwn(LITERAL_TYPES, kind)) return LITERAL_TYPES[kind];
    // `filterset = SiteFilterSet` in a class body: the attribute holds what the module-level name does (calling it makes an instance).
    if ((kind === "identifier" || kind === "attribute") && className) {
      const text = node.text;
      return isModuleName(text.split(".")[0]!) && /^[\w.]+$/.test(text) ? `val:${JSON.stringify(["scope", "", text.split(".")])}` : undefined;
    }
    if (kind !== "call") return undefined;
    const callee = node.childForFieldName("function");
    const calleeKind = callee?.type;
    // `str(x)`, `sorted(items)`: a builtin's value, unless the name is bound here.
    if (calleeKind === "identifier") {
      const name = callee!.text;
      if (Object.hasOwn(BUILTIN_RESULTS, name) && !moduleNames.has(name) && !scope?.locals.has(name)) return BUILTIN_RESULTS[name];
    }
    // A model field, assigned in a class body.
    const field = !scope && className ? fieldType(node, className) : undefined;
    if (field !== undefined) return field;
    const query = queried(node, scope);
    if (query) return query.one ? query.model : `arr:${query.model}`;
    // `RestrictedQuerySet.as_manager()`: a manager with the queryset's methods.
    if (calleeKind === "attribute" && callee!.childForFieldName("attribute")?.text === "as_manager") {
      const type = typeOf(callee!.childForFieldName("object"));
      if (type) return type;
    }
    const ref = callee ? calleeOf(callee, scope, className) : undefined;
    return ref && ref.head !== "unknown" ? `ret:${JSON.stringify([ref.head, ref.owner, ref.names])}` : undefined;
  };
  /** The one type every element of a list or tuple literal has, as `arr:T`; undefined at the first that differs or is not known. */
  const elementsType = (node: SyntaxNode, scope: FunctionScope | undefined, className: string): string | undefined => {
    let first: string | undefined;
    for (const element of node.namedChildren) {
      if (!element || element.type === "comment") continue;
      const type = valueType(element, scope, className);
      if (type === undefined || type.startsWith("arr:") || (first !== undefined && type !== first)) return undefined;
      first = type;
    }
    return first === undefined ? undefined : `arr:${first}`;
  };

  /**
   * What FastAPI hands a parameter declared `= Depends(get_service)` (or `Security(...)`) with no
   * annotation: what the dependency returns. An annotation, when written, says it first.
   */
  const injectedType = (value: SyntaxNode | null | undefined, scope: FunctionScope | undefined, className: string): string | undefined => {
    if (value?.type !== "call" || !INJECTORS.has(value.childForFieldName("function")?.text ?? "")) return undefined;
    const dependency = value.childForFieldName("arguments")?.namedChildren.find((argument) => argument !== null && argument.type !== "keyword_argument" && argument.type !== "comment");
    const ref = dependency && (dependency.type === "identifier" || dependency.type === "attribute") ? calleeOf(dependency, scope, className) : undefined;
    return ref && ref.head !== "unknown" ? `ret:${JSON.stringify([ref.head, ref.owner, ref.names])}` : undefined;
  };

  /** The names a function binds, which shadow the module's there. */
  const localsOf = (fn: SyntaxNode): Set<string> => {
    const locals = new Set<string>();
    const globals = new Set<string>();
    for (const parameter of fn.childForFieldName("parameters")?.namedChildren ?? []) {
      const id = parameter?.type === "identifier" ? parameter : parameter?.namedChildren.find((child) => child?.type === "identifier");
      if (id) locals.add(id.text);
    }
    const visit: (node: SyntaxNode) => void = depthGuarded((node: SyntaxNode): void => {
      switch (node.type) {
        case "function_definition":
        case "class_definition":
          locals.add(node.childForFieldName("name")?.text ?? "");
          return;
        case "lambda":
          return;
        case "global_statement":
        case "nonlocal_statement":
          for (const name of node.namedChildren) if (name) globals.add(name.text);
          return;
        case "assignment":
        case "augmented_assignment":
        case "for_statement":
        case "for_in_clause":
          bindTargets(node.childForFieldName("left"), locals);
          break;
        case "named_expression":
          bindTargets(node.childForFieldName("name"), locals);
          break;
        case "as_pattern":
        case "with_item":
          break;
        case "import_statement":
        case "import_from_statement":
          for (const name of node.childrenForFieldName("name")) {
            const bound = name?.type === "aliased_import" ? name.childForFieldName("alias") : name;
            if (bound) locals.add(bound.text.split(".")[0]!);
          }
          return;
        default:
          break;
      }
      if (node.type === "as_pattern") bindTargets(node.childForFieldName("alias"), locals);
      if (node.type === "except_clause") for (const child of node.namedChildren) if (child?.type === "identifier") locals.add(child.text);
      for (const child of node.namedChildren) if (child) visit(child);
    });
    const body = fn.childForFieldName("body");
    if (body) visit(body);
    for (const name of globals) locals.delete(name);
    return locals;
  };

  /** Walks a subtree: every call and decorator becomes a site of `caller`. */
  const visit: (node: SyntaxNode, caller: string, scope: FunctionScope | undefined, className: string) => void = depthGuarded((node, caller, scope, className): void => {
    switch (node.type) {
      case "decorated_definition": {
        for (const decorator of node.namedChildren) {
          if (decorator?.type !== "decorator") continue;
          const expression = decorator.namedChildren.find((child) => child !== null && child.type !== "comment");
          if (!expression) continue;
          const target = expression.type === "call" ? expression.childForFieldName("function") : expression;
          const callee = target ? calleeOf(target, scope, className) : undefined;
          if (callee && target) addSite(caller, nameNode(target), "decorator", callee);
          if (expression.type === "call") for (const arg of expression.childForFieldName("arguments")?.namedChildren ?? []) if (arg) visit(arg, caller, scope, className);
        }
        const definition = node.childForFieldName("definition");
        if (definition) visit(definition, caller, scope, className);
        return;
      }
      case "function_definition": {
        const name = node.childForFieldName("name")?.text ?? "";
        const qualified = className ? `${className}.${name}` : name;
        const own = !scope && kinds.has(qualified) ? qualified : caller;
        const params = node.childForFieldName("parameters")?.namedChildren ?? [];
        const fixture = isPytestModule && !scope && isFixture(node.parent);
        const takesFixtures = isPytestModule && !scope && (name.startsWith("test") || fixture);
        const metaModel = !scope && className ? classAssignments.get(`${className}.Meta`)?.get("model") : undefined;
        const filterModel = metaModel ? typeOf(metaModel) : undefined;
        const first = params[0];
        const firstName = first?.type === "identifier" ? first.text : first?.namedChildren.find((child) => child?.type === "identifier")?.text;
        const locals = localsOf(node);
        const inner: FunctionScope = { locals, types: new Map(scope?.types ?? []), ...(scope ? {} : { returns: [] }) };
        for (const name of scope?.locals ?? []) inner.locals.add(name);
        if (className && !scope && firstName && !isStatic(node)) {
          inner.owner = className;
          inner.self = firstName;
        } else if (scope?.owner) {
          inner.owner = scope.owner;
          if (scope.self && !locals.has(scope.self)) inner.self = scope.self;
        }
        for (const parameter of params) {
          const id = parameter?.type === "identifier" ? parameter : parameter?.namedChildren.find((child) => child?.type === "identifier");
          // `**kwargs` is a dict and `*args` a tuple, whatever they hold.
          const splat = parameter?.type === "dictionary_splat_pattern" ? "dict" : parameter?.type === "list_splat_pattern" ? "tuple" : undefined;
          const fixture = takesFixtures && parameter?.type === "identifier" && parameter.text !== inner.self ? fixtureType(parameter.text) : undefined;
          // django-filter hands a FilterSet's filter methods (`def filter_site(self, queryset, name, value)`) a queryset of its Meta.model.
          const filtered = filterModel && parameter?.type === "identifier" && parameter.text === "queryset" ? managerOf(filterModel) : undefined;
          const type = splat ?? typeOf(parameter?.childForFieldName("type")) ?? injectedType(parameter?.childForFieldName("value"), scope, className) ?? fixture ?? filtered;
          if (id && type) inner.types.set(id.text, type);
        }
        // A custom QuerySet's method that hands back itself or a chained copy (`return self.filter(…)`) returns its class, as Django clones it.
        const chains = !scope && querysetClasses.has(className) && inner.self !== undefined && returnsChained(node.childForFieldName("body"), inner.self);
        const returns = typeOf(node.childForFieldName("return_type")) ?? (chains ? THIS_TYPE : undefined);
        if (!scope && returns) declare(qualified, { returns });
        for (const parameter of params) {
          const value = parameter?.childForFieldName("value");
          if (value) visit(value, caller, scope, className);
        }
        const body = node.childForFieldName("body");
        if (body) visit(body, own, inner, className);
        // No annotation: what every `return` hands back, when they agree (a fixture's `yield` too), as the body left its locals.
        if (!scope && returns === undefined && body) {
          const values = inner.generator && !fixture ? undefined : inner.returns;
          const types = values?.map((value) => (value === null ? undefined : valueType(value, inner, className)));
          if (types && types.length > 0 && types[0] !== undefined && types.every((type) => type === types[0])) declare(qualified, { returns: types[0] });
        }
        return;
      }
      case "class_definition": {
        const name = node.childForFieldName("name")?.text ?? "";
        const qualified = className && !scope ? `${className}.${name}` : name;
        const own = !scope && kinds.has(qualified) ? qualified : caller;
        const bases: string[] = [];
        for (const base of node.childForFieldName("superclasses")?.namedChildren ?? []) {
          if (!base || base.type === "keyword_argument") continue;
          // `Manager.from_queryset(IPAddressQuerySet)`: a manager class with the queryset's methods.
          const made = base.type === "call" ? base.childForFieldName("function") : null;
          if (made?.type === "attribute" && made.childForFieldName("attribute")?.text === "from_queryset") {
            const queryset = typeOf(base.childForFieldName("arguments")?.namedChildren.find((arg) => arg !== null && arg.type !== "keyword_argument" && arg.type !== "comment"));
            const manager = typeOf(made.childForFieldName("object"));
            for (const part of [queryset, manager]) if (part) bases.push(part);
            visit(base, caller, scope, className);
            continue;
          }
          const type = typeOf(base.type === "subscript" ? base.childForFieldName("value") : base);
          // A nested class's bases are looked up in the enclosing class's body first.
          const head = type?.split(".")[0];
          if (type) bases.push(className && !scope && kinds.has(`${className}.${head}`) ? `${className}.${type}` : type);
          visit(base, caller, scope, className);
        }
        if (!scope && bases.length > 0) declare(qualified, { bases });
        if (!scope && bases.some((base) => base.endsWith("QuerySet"))) querysetClasses.add(qualified);
        const body = node.childForFieldName("body");
        if (body) visit(body, own, scope, scope ? className : qualified);
        if (!scope) declareFrameworkAttributes(qualified, bases, node.startPosition.row + 1);
        return;
      }
      case "assignment": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const annotated = typeOf(node.childForFieldName("type"));
        const type = annotated ?? valueType(right, scope, className);
        const leftKind = left?.type;
        if (leftKind === "identifier" && !scope && className && right && (left!.text === "client_class" || left!.text === "model" || left!.text === "qs")) {
          if (!classAssignments.has(className)) classAssignments.set(className, new Map());
          classAssignments.get(className)!.set(left!.text, right);
        }
        if (leftKind === "identifier" && type) {
          if (scope) scope.types.set(left!.text, type);
          else declare(className ? `${className}.${left!.text}` : left!.text, { type });
        }
        const reverse = !scope && className && leftKind === "identifier" && right?.type === "call" ? reverseOf(right, className) : undefined;
        if (reverse) declare(`${className}.${left!.text}`, { reverse });
        // `self.repo = Repo()` in a method: the class has a `repo` of that type.
        if (leftKind === "attribute" && scope?.self && scope.owner && left!.childForFieldName("object")?.text === scope.self && type) {
          declareAttribute(scope.owner, left!.childForFieldName("attribute")?.text ?? "", type, node.startPosition.row + 1);
        }
        break;
      }
      case "call": {
        const callee = node.childForFieldName("function");
        const ref = callee ? calleeOf(callee, scope, className) : undefined;
        if (ref && callee) addSite(caller, nameNode(callee), "call", ref);
        break;
      }
      // A call's arguments, read once for what is handed on by name and for what is inside them.
      case "argument_list": {
        const args = node.namedChildren;
        addValues(caller, args, scope, className);
        for (const child of args) if (child) visit(child, caller, scope, className);
        return;
      }
      case "return_statement":
        if (scope?.returns) scope.returns.push(node.namedChildren.find((child) => child !== null && child.type !== "comment") ?? null);
        break;
      case "yield":
        if (scope?.returns) {
          scope.generator = true;
          scope.returns.push(node.namedChildren.find((child) => child !== null && child.type !== "comment") ?? null);
        }
        break;
      case "for_statement": {
        // `for tenant in Tenant.objects.filter(...)`, `for repo in repos` (a `list[Repo]`): the variable holds an element.
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const iterated = right?.type === "identifier" ? scope?.types.get(right.text) : valueType(right, scope, className);
        if (scope && left?.type === "identifier") {
          if (iterated?.startsWith("arr:")) scope.types.set(left.text, iterated.slice(4));
          else scope.types.delete(left.text);
        }
        break;
      }
      case "lambda": {
        const inner: FunctionScope = { locals: new Set(scope?.locals ?? []), types: new Map(scope?.types ?? []), ...(scope?.owner ? { owner: scope.owner } : {}), ...(scope?.self ? { self: scope.self } : {}) };
        for (const parameter of node.childForFieldName("parameters")?.namedChildren ?? []) if (parameter) inner.locals.add(parameter.text.replace(/[=*].*$/, "").trim());
        const body = node.childForFieldName("body");
        if (body) visit(body, caller, inner, className);
        return;
      }
      default:
        break;
    }
    for (const child of node.namedChildren) if (child) visit(child, caller, scope, className);
  });
  visit(root, MODULE_CALLER, undefined, "");

  const exports: ExportBinding[] = [];
  for (const name of moduleNames) if (!name.includes(".")) exports.push({ name, local: name });
  for (const specifier of stars) exports.push({ name: "*", specifier, imported: "*" });
  return {
    callers,
    declarations: [...declarations.values()],
    imports,
    exports,
    sites: sites.map(encodeCallSite),
    types: [],
  };
}

function isStatic(fn: SyntaxNode): boolean {
  const decorated = fn.parent?.type === "decorated_definition" ? fn.parent : undefined;
  return decorated?.namedChildren.some((child) => child?.type === "decorator" && /^@\s*staticmethod\b/.test(child.text)) ?? false;
}

/** The node whose position a site records: the called name (`b` of `a.b()`). */
function nameNode(callee: SyntaxNode): SyntaxNode {
  return callee.type === "attribute" ? (callee.childForFieldName("attribute") ?? callee) : callee;
}

function bindTargets(target: SyntaxNode | null, names: Set<string>): void {
  if (!target) return;
  if (target.type === "identifier") {
    names.add(target.text);
    return;
  }
  if (["pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "parenthesized_expression", "list_splat_pattern"].includes(target.type)) {
    for (const child of target.namedChildren) bindTargets(child, names);
  }
}
