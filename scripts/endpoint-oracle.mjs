// Independent oracle for HTTP route registrations (express, koa-router, fastify, hono, NestJS),
// read from each file's TypeScript AST alone: no program or type checker, because the apps'
// dependencies are not installed. Written without looking at ctx's extractor, so that its blind
// spots are not copied; the rules follow the frameworks' documented APIs.
//
// Receivers. `x.get(...)` counts only when x is known to be a server, found by walking lexical
// scopes to x's declaration: a variable created by the framework's factory (`express()`,
// `express.Router()`, `new Router()` from koa-router, `fastify()`, `new Hono()`, or a chain off
// one), a parameter or class property typed with the framework's server type, a `this.x`
// assigned one, or a fastify plugin's instance parameter. `map.get`, `axios.get`,
// `request(app).get`, `this.http.get`, `c.req.param` have no such declaration, so they never count.
//
// Receivers passed in from elsewhere (the rule that needs a guess, applied uniformly): an untyped
// parameter, or a binding imported from a project module, named app | router | server | fastify |
// instance | <x>Router | <x>App is a "foreign" server. In a file that imports a server framework it
// is that framework's. In a file that imports none it counts only when the nearest package.json
// depends on exactly one of express/koa-router/fastify/hono, the path is a literal starting with
// "/" or dynamic, and the last argument looks like a handler, so that client code in a full-stack
// package (`api.get('/users', { params })`, `app.get('name')`) is not taken for a route.
// `this.app` counts as handed in when the class extends another and declares no `app` itself.
import { readFileSync, existsSync } from "node:fs";
import { join, dirname, extname, resolve } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const ts = require("typescript");

/** fastify-plugin wraps fastify plugins; hono/* are Hono presets (quick, tiny, factory). */
function frameworkOfModule(spec) {
  if (spec === "express") return "express";
  if (spec === "koa-router" || spec === "@koa/router") return "koa";
  if (spec === "fastify" || spec === "fastify-plugin") return "fastify";
  if (spec === "hono" || spec.startsWith("hono/") || spec === "@hono/zod-openapi") return "hono";
  return spec === "@nestjs/common" ? "nestjs" : null;
}

const VERBS = ["get", "post", "put", "patch", "delete", "options", "all"];
const METHODS = { express: [...VERBS, "head"], koa: [...VERBS, "head", "del"], fastify: [...VERBS, "head"], hono: VERBS };
// Calls that return the server itself, so a chain off them is still that server.
const CHAINABLE = {
  express: ["use", "param", ...METHODS.express],
  koa: ["use", "param", "prefix", ...METHODS.koa],
  fastify: ["withTypeProvider", "register", "addHook", "decorate", ...METHODS.fastify],
  hono: ["basePath", "use", "route", "on", "doc", "openapi", ...METHODS.hono],
};
// Type names (rightmost identifier) that denote a server; koa-router's default import is one too.
const SERVER_TYPES = { express: ["Router", "Express", "Application", "IRouter"], koa: ["Router"], fastify: ["FastifyInstance"], hono: ["Hono", "OpenAPIHono"] };
const NEST_METHODS = ["Get", "Post", "Put", "Patch", "Delete", "Head", "Options", "All"];
const FOREIGN_NAME = /^(app|router|server|fastify|instance|\w+Router|\w+App)$/;
const FOREIGN = "foreign";

/** @param {string} p  repo-relative path @returns {boolean} whether the eval should skip it as a test, spec or fixture */
export function isTestFile(p) {
  const parts = p.replace(/\\/g, "/").split("/");
  const base = parts.pop() ?? "";
  return parts.some((d) => /^(__tests__|__mocks__|tests?|specs?|e2e|__fixtures__|fixtures?)$/i.test(d)) ||
    /\.(test|spec|e2e-spec|e2e)\.[cm]?[jt]sx?$/i.test(base) || /^(tests?|spec)\.[cm]?[jt]sx?$/i.test(base);
}

const KINDS = { ".tsx": ts.ScriptKind.TSX, ".jsx": ts.ScriptKind.JSX, ".js": ts.ScriptKind.JS, ".mjs": ts.ScriptKind.JS, ".cjs": ts.ScriptKind.JS };
const scriptKind = (file) => KINDS[extname(file).toLowerCase()] ?? ts.ScriptKind.TS;

/** The route as written: string literals and substitution-free templates; anything else is dynamic. */
const literal = (n) => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : null);
/** A path argument: a literal starting with "/", or a dynamic expression (not an options object or a handler). */
const pathLike = (n) => !!n && (literal(n) !== null ? literal(n).startsWith("/") : !ts.isObjectLiteralExpression(n) && !ts.isFunctionLike(n));
const isRequire = (e) => ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === "require" && literal(e.arguments[0]) !== null;
const isHandler = (a) => a && (ts.isFunctionLike(a) || ts.isIdentifier(a) || ts.isPropertyAccessExpression(a) || ts.isCallExpression(a));

function unwrap(e) {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) ||
        ts.isTypeAssertionExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
    else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.EqualsToken) e = e.right; // app = module.exports = express()
    else return e;
  }
}

const pkgCache = new Map();
/** The one server framework the nearest package.json depends on, else null (none, or ambiguous). */
function packageFramework(root, relFile) {
  root = resolve(root);
  for (let d = dirname(join(root, relFile)); d.startsWith(root); d = dirname(d)) {
    const pj = join(d, "package.json");
    if (!existsSync(pj)) { if (d === root) break; continue; }
    if (!pkgCache.has(pj)) {
      const fws = new Set();
      try {
        const j = JSON.parse(readFileSync(pj, "utf8"));
        for (const k of Object.keys({ ...j.dependencies, ...j.devDependencies, ...j.peerDependencies })) fws.add(frameworkOfModule(k));
      } catch { /* unreadable package.json: no framework */ }
      fws.delete(null); fws.delete("nestjs");
      pkgCache.set(pj, fws.size === 1 ? [...fws][0] : null);
    }
    return pkgCache.get(pj);
  }
  return null;
}

/** Registrations in one parsed file. */
function scanFile(sf, relPath, pkgFw) {
  /** local name → { fw, imported: 'default' | '*' | exported name, relative } (imports and requires) */
  const imports = new Map();
  const fileFws = [];
  const note = (spec, local, imported) => {
    const fw = frameworkOfModule(spec);
    if (fw && !fileFws.includes(fw)) fileFws.push(fw);
    if (local) imports.set(local, { fw, imported, relative: spec.startsWith(".") });
  };
  (function collect(node) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text, c = node.importClause, nb = c?.namedBindings;
      note(spec, c?.name?.text, "default");
      if (nb && ts.isNamespaceImport(nb)) note(spec, nb.name.text, "*");
      if (nb && ts.isNamedImports(nb)) for (const s of nb.elements) note(spec, s.name.text, (s.propertyName ?? s.name).text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      note(literal(node.moduleReference.expression) ?? "", node.name.text, "default");
    } else if (ts.isVariableDeclaration(node) && node.initializer && isRequire(unwrap(node.initializer))) {
      const spec = literal(unwrap(node.initializer).arguments[0]);
      if (ts.isIdentifier(node.name)) note(spec, node.name.text, "default");
      else if (ts.isObjectBindingPattern(node.name))
        for (const b of node.name.elements) if (ts.isIdentifier(b.name)) note(spec, b.name.text, (b.propertyName ?? b.name).getText(sf));
    } else if (isRequire(node)) note(literal(node.arguments[0])); // require('fastify')({...}) still marks the file
    ts.forEachChild(node, collect);
  })(sf);

  const foreignFw = fileFws.find((f) => f !== "nestjs") ?? null; // see the header
  const rows = [];
  if (!fileFws.length && !pkgFw) return rows;
  const fromFw = (name) => imports.get(name)?.fw ?? null;

  /** Declaration of `name` visible at `at`, walking enclosing scopes so that shadowing is respected. */
  function declarationOf(name, at) {
    for (let n = at; n; n = n.parent) {
      if (ts.isFunctionLike(n)) for (const p of n.parameters) if (ts.isIdentifier(p.name) && p.name.text === name) return p;
      const stmts = ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n) ? n.statements : [];
      for (const s of stmts) {
        if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) {
          if (ts.isIdentifier(d.name) ? d.name.text === name : d.name.elements.some((b) => ts.isBindingElement(b) && b.name.getText(sf) === name)) return d;
        }
        if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name) return s;
      }
      if (ts.isSourceFile(n) && imports.has(name)) return { kind: "import", name };
    }
    return null;
  }

  /** Framework whose server type the type node names, if any. */
  function typeFw(t) {
    if (!t || !ts.isTypeReferenceNode(t)) return null;
    let left = t.typeName;
    while (ts.isQualifiedName(left)) left = left.left;
    const imp = imports.get(left.text);
    if (!imp?.fw || !SERVER_TYPES[imp.fw]) return null;
    if (ts.isIdentifier(t.typeName) && imp.fw === "koa" && imp.imported === "default") return "koa";
    const name = ts.isIdentifier(t.typeName) ? imp.imported : t.typeName.right.text;
    return SERVER_TYPES[imp.fw].includes(name) ? imp.fw : null;
  }

  /** A fastify plugin's instance: first parameter of a function given to fp()/register() or typed FastifyPlugin*. */
  function isFastifyPluginParam(p, depth) {
    const fn = p.parent, outer = fn.parent;
    if (fn.parameters[0] !== p) return false;
    if (ts.isCallExpression(outer) && outer.arguments[0] === fn) {
      const c = outer.expression;
      if (ts.isIdentifier(c) && fromFw(c.text) === "fastify") return true;
      if (ts.isPropertyAccessExpression(c) && c.name.text === "register" && serverFw(c.expression, depth + 1) === "fastify") return true;
    }
    const n = ts.isVariableDeclaration(outer) && outer.type && ts.isTypeReferenceNode(outer.type) ? outer.type.typeName : null;
    return !!n && /^FastifyPlugin\w*$/.test(ts.isIdentifier(n) ? n.text : n.right.text);
  }

  /** Framework of a declaration: a framework name, FOREIGN, or null. */
  function declFw(d, depth) {
    if (!d) return null;
    if (d.kind === "import") return imports.get(d.name).relative && FOREIGN_NAME.test(d.name) ? FOREIGN : null;
    if (ts.isVariableDeclaration(d) || ts.isPropertyDeclaration(d)) {
      if (!ts.isIdentifier(d.name) && !ts.isPropertyDeclaration(d)) return null; // destructured: unknown
      return typeFw(d.type) ?? (d.initializer ? serverFw(d.initializer, depth + 1) : null);
    }
    if (!ts.isParameter(d)) return null;
    if (d.type && d.type.kind !== ts.SyntaxKind.AnyKeyword) return typeFw(d.type);
    if (isFastifyPluginParam(d, depth)) return "fastify";
    return ts.isIdentifier(d.name) && FOREIGN_NAME.test(d.name.text) ? FOREIGN : null;
  }

  /** `this.x`: a property typed as or initialised to a server, or assigned one anywhere in the class. */
  function thisPropFw(pa, depth) {
    let cls = pa.parent;
    while (cls && !ts.isClassLike(cls)) cls = cls.parent;
    if (!cls) return null;
    let found = null, declared = false;
    // Properties, including constructor parameter properties (`constructor(private app: Express)`).
    const props = cls.members.flatMap((m) => (ts.isConstructorDeclaration(m) ? m.parameters.filter((p) => p.modifiers?.length) : [m]));
    for (const m of props) if ((ts.isPropertyDeclaration(m) || ts.isParameter(m)) && m.name.getText(sf) === pa.name.text) { declared = true; found ??= declFw(m, depth); }
    // Declared nowhere in a class that extends another: inherited, i.e. handed in from elsewhere.
    const inherited = !declared && cls.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword) && FOREIGN_NAME.test(pa.name.text);
    (function walk(n) {
      if (!found && ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) &&
          n.left.expression.kind === ts.SyntaxKind.ThisKeyword && n.left.name.text === pa.name.text) found = serverFw(n.right, depth + 1);
      if (!found) ts.forEachChild(n, walk);
    })(cls);
    return found ?? (inherited ? FOREIGN : null);
  }

  /** Framework of an expression that evaluates to a server (app, router, instance), FOREIGN, or null. */
  function serverFw(expr, depth = 0) {
    if (depth > 8) return null; // only declaration hops count, so this bounds alias cycles, not chain length
    const e = unwrap(expr);
    if (ts.isIdentifier(e)) return declFw(declarationOf(e.text, e), depth);
    if (ts.isPropertyAccessExpression(e) && e.expression.kind === ts.SyntaxKind.ThisKeyword) return thisPropFw(e, depth);
    if (ts.isNewExpression(e)) {
      const c = unwrap(e.expression), fw = ts.isIdentifier(c) ? fromFw(c.text) : isRequire(c) ? frameworkOfModule(literal(c.arguments[0])) : null;
      return fw === "koa" || fw === "hono" ? fw : null;
    }
    if (!ts.isCallExpression(e)) return null;
    const c = unwrap(e.expression);
    if (isRequire(c)) { const fw = frameworkOfModule(literal(c.arguments[0])); return ["express", "fastify", "koa"].includes(fw) ? fw : null; }
    if (ts.isIdentifier(c)) {
      const imp = imports.get(c.text), factory = imp && (imp.imported === "default" || imp.imported === "*");
      if (imp?.fw === "express" && (factory || imp.imported === "Router")) return "express";
      if (imp?.fw === "koa") return "koa"; // koa-router also works without `new`
      if (imp?.fw === "fastify" && (factory || imp.imported === "fastify")) return "fastify";
      return null;
    }
    if (!ts.isPropertyAccessExpression(c)) return null;
    const obj = unwrap(c.expression), m = c.name.text;
    if (m === "Router" && (ts.isIdentifier(obj) ? fromFw(obj.text) === "express" : isRequire(obj) && literal(obj.arguments[0]) === "express")) return "express";
    if (m === "createApp" && ts.isCallExpression(obj) && ts.isIdentifier(obj.expression) && fromFw(obj.expression.text) === "hono") return "hono"; // hono/factory
    const fw = serverFw(obj, depth);
    const real = fw === FOREIGN ? foreignFw ?? pkgFw : fw;
    return real && CHAINABLE[real]?.includes(m) && !(real === "express" && m === "get" && e.arguments.length < 2) ? fw : null;
  }

  /** [framework, strict] of a receiver; strict = foreign receiver in a file without a framework import. */
  function receiverFw(expr) {
    const fw = serverFw(expr);
    return fw === FOREIGN ? [foreignFw ?? pkgFw, !foreignFw] : [fw, false];
  }

  /** [path, strict] of an express `S.route(p)` chain (`S.route(p).get(h).post(h)`), else undefined. */
  function routeChain(e) {
    e = unwrap(e);
    if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression)) return undefined;
    const { name, expression: obj } = e.expression;
    if (METHODS.express.includes(name.text)) return routeChain(obj);
    if (name.text !== "route" || e.arguments.length !== 1) return undefined;
    const [fw, strict] = receiverFw(obj);
    return fw === "express" ? [literal(e.arguments[0]), strict] : undefined;
  }

  /** Last path along a hono chain, which a later link that omits its path reuses: `app.get('/x', h).post(h)`. */
  function honoChainPath(e) {
    e = unwrap(e);
    if (!ts.isCallExpression(e) || !ts.isPropertyAccessExpression(e.expression) || !METHODS.hono.includes(e.expression.name.text)) return null;
    const a0 = e.arguments[0];
    return e.arguments.length > 1 && !ts.isFunctionLike(a0) ? literal(a0) : honoChainPath(e.expression.expression);
  }

  // Rows are sorted by `order` (the method name's offset): chain links share the chain's start line
  // and the walk meets the outermost link first.
  const emit = (method, route, node, framework, order) => rows.push({ order, row: {
    method: method.toUpperCase() === "DEL" ? "DELETE" : method.toUpperCase(), route, path: relPath,
    line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, framework } });
  const listOf = (n) => (n && ts.isArrayLiteralExpression(n) ? n.elements.map(literal) : [literal(n)]);

  function visitCall(call) {
    if (!ts.isPropertyAccessExpression(call.expression)) return;
    const m = call.expression.name.text, recv = call.expression.expression, args = call.arguments, at = call.expression.name.getStart(sf);
    if (!["route", "on", ...METHODS.koa].includes(m)) return;
    const chain = METHODS.express.includes(m) ? routeChain(recv) : undefined;
    if (chain) {
      if (args.length && (!chain[1] || ((chain[0] ?? "/").startsWith("/") && isHandler(args[args.length - 1])))) emit(m, chain[0], call, "express", at);
      return;
    }
    const [fw, strict] = receiverFw(recv);
    if (!fw) return;
    if (fw === "fastify" && m === "route" && args.length === 1 && ts.isObjectLiteralExpression(args[0])) {
      const prop = (k) => args[0].properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(sf).replace(/['"]/g, "") === k)?.initializer;
      const url = prop("url") ?? prop("path"), method = prop("method");
      if (strict && !(method && pathLike(url))) return;
      for (const x of method ? listOf(method) : [null]) emit(x ?? "UNKNOWN", literal(url), call, fw, at);
      return;
    }
    if (strict && (!METHODS[fw].includes(m) || args.length < 2 || !pathLike(args[0]) || !isHandler(args[args.length - 1]))) return;
    if (fw === "hono" && m === "on" && args.length >= 2) {
      for (const x of listOf(args[0])) for (const p of listOf(args[1])) emit(x ?? "UNKNOWN", p, call, fw, at);
      return;
    }
    if (!METHODS[fw].includes(m)) return;
    // Hono: a lone argument or a function first argument means the path was omitted (see honoChainPath).
    if (fw === "hono" && args.length >= 1 && (args.length === 1 || ts.isFunctionLike(args[0]))) return emit(m, honoChainPath(recv), call, fw, at);
    if (args.length < 2) return; // express `app.get('env')` reads a setting; a route needs a handler
    // koa-router's named form router.get('name', '/path', ...mw) registers '/path'.
    if (fw === "koa" && args.length >= 3 && literal(args[0]) !== null && literal(args[1]) !== null) return emit(m, literal(args[1]), call, fw, at);
    emit(m, literal(args[0]), call, fw, at);
  }

  /** [imported name, call expression | null] of a decorator imported from @nestjs/common. */
  function nestDecorator(d) {
    const call = ts.isCallExpression(d.expression) ? d.expression : null, callee = call ? call.expression : d.expression;
    const imp = ts.isIdentifier(callee) ? imports.get(callee.text) : null;
    return imp?.fw === "nestjs" ? [imp.imported, call] : null;
  }

  function visitClass(cls) {
    if (!(ts.getDecorators(cls) ?? []).some((d) => nestDecorator(d)?.[0] === "Controller")) return;
    for (const member of cls.members) {
      const decorators = ts.isMethodDeclaration(member) ? ts.getDecorators(member) ?? [] : [];
      for (const d of decorators) {
        const [name, call] = nestDecorator(d) ?? [];
        if (!NEST_METHODS.includes(name)) continue;
        const arg = call?.arguments[0];
        emit(name, arg ? literal(arg) : null, decorators[0], "nestjs", d.getStart(sf)); // decorators come in source order
      }
    }
  }

  (function walk(n) {
    if (ts.isCallExpression(n)) visitCall(n);
    if (ts.isClassLike(n) && fileFws.includes("nestjs")) visitClass(n);
    ts.forEachChild(n, walk);
  })(sf);
  return rows.sort((a, b) => a.order - b.order).map((r) => r.row);
}

/**
 * @param {string} dir  repository root (a checked-out work tree)
 * @param {string[]} files  repo-relative paths of the source files to read, test files already excluded
 * @returns {{ method: string, route: string | null, path: string, line: number, framework: string }[]}
 */
export function oracleRegistrations(dir, files) {
  const out = [];
  for (const rel of files) {
    const relPath = rel.replace(/\\/g, "/");
    let text;
    try { text = readFileSync(join(dir, relPath), "utf8"); } catch { continue; }
    const pkgFw = packageFramework(dir, relPath);
    // Cheap gate: parse only files naming a framework, or in a package that could hand them a server.
    if (!pkgFw && !/express|koa-router|@koa\/router|fastify|hono|@nestjs\/common/.test(text)) continue;
    const sf = ts.createSourceFile(relPath, text, ts.ScriptTarget.Latest, true, scriptKind(relPath));
    out.push(...scanFile(sf, relPath, pkgFw));
  }
  return out;
}
