import { NEUTRAL_VERSION, type FileRoutes, type NestApplication, type RouterRef } from "../model.js";
import { lineOf, nameText, ts, type TS } from "./compiler.js";
import { unwrapExpression } from "./extract-symbols.js";
import { joinRoute } from "../core/index/route-path.js";
import type { StaticStrings } from "./static-string.js";

/*
 * NestJS routes as one file writes them. A controller class is a router keyed by its name, its
 * `@Controller` path its own prefix; a `@Module` mounts its controllers and the modules it imports
 * (RouterModule paths as prefixes); `NestFactory.create(AppModule)` mounts the root module under
 * the global prefix, with what applies to every route (versioning, excluded paths).
 */

const NEST_DECORATORS = new Map<string, string>([
  ["Get", "GET"],
  ["Post", "POST"],
  ["Put", "PUT"],
  ["Patch", "PATCH"],
  ["Delete", "DELETE"],
  ["Head", "HEAD"],
  ["Options", "OPTIONS"],
  ["All", "ALL"],
]);

/** GraphQL operations a `@Resolver` class serves, by the decorator on the method. */
const GRAPHQL_DECORATORS = new Map<string, string>([
  ["Query", "QUERY"],
  ["Mutation", "MUTATION"],
  ["Subscription", "SUBSCRIPTION"],
]);

interface DecoratorCall {
  name: string;
  args: readonly TS.Expression[];
  line: number;
}

/**
 * The field a GraphQL operation is served as: `@Query("users")`, `@Query(() => [User], { name: "users" })`,
 * else the method's name (code first and schema first alike).
 */
function operationName(args: readonly TS.Expression[], methodName: string): string {
  for (const arg of args) {
    const value = unwrapExpression(arg);
    if (value && ts.isStringLiteralLike(value)) return value.text;
    const name = value && ts.isObjectLiteralExpression(value) ? unwrapExpression(propertyValue(value, "name")) : undefined;
    if (name && ts.isStringLiteralLike(name)) return name.text;
  }
  return methodName;
}

export function nestRoutes(sourceFile: TS.SourceFile, strings: StaticStrings): FileRoutes {
  const routes: FileRoutes = { registrations: [], mounts: [], prefixes: [], exports: [] };
  const imports = importBindings(sourceFile);
  const arrays = constantArrays(sourceFile);
  const line = (node: TS.Node): number => lineOf(sourceFile, node.getStart(sourceFile));
  const text = (node: TS.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    return strings.evaluate(node) ?? `{${node.getText(sourceFile)}}`;
  };
  const decoratorsOf = (node: TS.Node): DecoratorCall[] =>
    (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).flatMap((decorator) => {
      const expression = decorator.expression;
      return ts.isCallExpression(expression) && ts.isIdentifier(expression.expression) ? [{ name: expression.expression.text, args: expression.arguments, line: line(decorator) }] : [];
    });
  /** A path argument's paths: a string, `{ path }`, or an array of paths (each served). */
  const pathsOf = (args: readonly TS.Expression[]): string[] => {
    const first = unwrapExpression(args[0]);
    if (!first) return [""];
    if (ts.isObjectLiteralExpression(first)) return pathsOf(propertyValue(first, "path") ? [propertyValue(first, "path")!] : []);
    if (ts.isArrayLiteralExpression(first)) return first.elements.length === 0 ? [""] : first.elements.flatMap((element) => pathsOf([element]));
    return [text(first) ?? ""];
  };
  const versionsOf = (node: TS.Expression | undefined): string[] | undefined => {
    const value = unwrapExpression(node);
    if (!value) return undefined;
    if (ts.isArrayLiteralExpression(value)) return value.elements.flatMap((e) => versionsOf(e) ?? []);
    if (ts.isIdentifier(value) && value.text === "VERSION_NEUTRAL") return [NEUTRAL_VERSION];
    const version = text(value);
    return version === undefined ? undefined : [version];
  };
  /** A module or controller as an import or this file's class names it. */
  const refOf = (node: TS.Expression | undefined): RouterRef | undefined => {
    const value = unwrapExpression(node);
    if (!value) return undefined;
    if (ts.isIdentifier(value)) return imports.get(value.text) ?? { local: value.text };
    // `ConfigModule.forRoot(…)`, `forwardRef(() => UsersModule)`
    if (ts.isCallExpression(value)) {
      if (ts.isPropertyAccessExpression(value.expression)) return refOf(value.expression.expression);
      const inner = unwrapExpression(value.arguments[0]);
      if (ts.isIdentifier(value.expression) && value.expression.text === "forwardRef" && inner && ts.isArrowFunction(inner) && !ts.isBlock(inner.body)) return refOf(inner.body);
    }
    return undefined;
  };
  const elementsOf = (node: TS.Expression | undefined): TS.Expression[] => {
    const value = unwrapExpression(node);
    if (!value) return [];
    if (ts.isIdentifier(value) && arrays.has(value.text)) return elementsOf(arrays.get(value.text));
    if (!ts.isArrayLiteralExpression(value)) return [];
    return value.elements.flatMap((element) => (ts.isSpreadElement(element) ? elementsOf(element.expression) : [element]));
  };
  /** RouterModule.register([{ path, module, children }]): each module served under its joined path. */
  const routerModule = (parent: RouterRef, entries: TS.Expression | undefined, prefix: string, at: number): void => {
    for (const entry of elementsOf(entries)) {
      const value = unwrapExpression(entry);
      if (!value || !ts.isObjectLiteralExpression(value)) continue;
      const path = joinRoute(prefix, text(propertyValue(value, "path")) ?? "");
      const module = refOf(propertyValue(value, "module"));
      if (module) routes.mounts.push({ parent, child: module, prefix: path, line: at, exclusive: true });
      routerModule(parent, propertyValue(value, "children"), path, at);
    }
  };

  const visit = (node: TS.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const name = node.name.text;
      const decorators = decoratorsOf(node);
      const controller = decorators.find((d) => d.name === "Controller");
      if (controller) {
        // A controller at several paths is read at its first: one prefix per router.
        routes.prefixes.push({ router: name, prefix: pathsOf(controller.args)[0]!, line: controller.line });
        const options = unwrapExpression(controller.args[0]);
        const version = options && ts.isObjectLiteralExpression(options) ? versionsOf(propertyValue(options, "version")) : undefined;
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member)) continue;
          const methodName = nameText(member.name);
          if (!methodName) continue;
          const memberDecorators = decoratorsOf(member);
          const own = memberDecorators.find((d) => d.name === "Version");
          const versions = own ? versionsOf(own.args[0]) : version;
          for (const call of memberDecorators) {
            const method = NEST_DECORATORS.get(call.name);
            if (!method) continue;
            for (const written of pathsOf(call.args)) {
              routes.registrations.push({
                method,
                written,
                handler: `${name}.${methodName}`,
                line: line(member),
                framework: "nestjs",
                router: { local: name },
                ...(versions ? { versions: { values: versions, line: own?.line ?? controller.line } } : {}),
              });
            }
          }
        }
      }
      if (decorators.some((d) => d.name === "Resolver")) {
        for (const member of node.members) {
          const methodName = ts.isMethodDeclaration(member) ? nameText(member.name) : undefined;
          if (!methodName) continue;
          for (const call of decoratorsOf(member)) {
            const method = GRAPHQL_DECORATORS.get(call.name);
            if (method) routes.registrations.push({ method, written: operationName(call.args, methodName), handler: `${name}.${methodName}`, line: line(member), framework: "graphql" });
          }
        }
      }
      const module = decorators.find((d) => d.name === "Module");
      const metadata = unwrapExpression(module?.args[0]);
      if (module && metadata && ts.isObjectLiteralExpression(metadata)) {
        const parent = { local: name };
        for (const key of ["controllers", "imports"]) {
          for (const element of elementsOf(propertyValue(metadata, key))) {
            const value = unwrapExpression(element);
            const isRouterModule = value && ts.isCallExpression(value) && ts.isPropertyAccessExpression(value.expression) && ts.isIdentifier(value.expression.expression) && value.expression.expression.text === "RouterModule";
            if (isRouterModule) {
              routerModule(parent, value.arguments[0], "", line(element));
              continue;
            }
            const child = refOf(element);
            if (child) routes.mounts.push({ parent, child, prefix: "", line: line(element) });
          }
        }
      }
    }
    if (ts.isCallExpression(node) && isNestFactoryCreate(node)) application(node);
    ts.forEachChild(node, visit);
  };

  /** `NestFactory.create(AppModule)`: the root module, served under the global prefix set in this file. */
  const application = (create: TS.CallExpression): void => {
    const root = refOf(create.arguments[0]);
    if (!root) return;
    const app: NestApplication = { exclude: [], versioning: null };
    let prefix = "";
    let at = line(create);
    const find = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        if (method === "setGlobalPrefix") {
          prefix = text(node.arguments[0]) ?? "";
          at = line(node);
          const options = unwrapExpression(node.arguments[1]);
          for (const entry of elementsOf(options && ts.isObjectLiteralExpression(options) ? propertyValue(options, "exclude") : undefined)) {
            const value = unwrapExpression(entry);
            if (value && ts.isObjectLiteralExpression(value)) {
              const path = strings.evaluate(propertyValue(value, "path"));
              const method = unwrapExpression(propertyValue(value, "method"));
              if (path !== undefined) app.exclude.push({ path, method: method && ts.isPropertyAccessExpression(method) ? method.name.text : "ALL" });
            } else {
              const path = strings.evaluate(value);
              if (path !== undefined) app.exclude.push({ path, method: "ALL" });
            }
          }
        }
        if (method === "enableVersioning") {
          const options = unwrapExpression(node.arguments[0]);
          const type = options && ts.isObjectLiteralExpression(options) ? unwrapExpression(propertyValue(options, "type")) : undefined;
          // Only URI versioning puts the version in the path (header and media-type versioning do not).
          if (options && ts.isObjectLiteralExpression(options) && type && ts.isPropertyAccessExpression(type) && type.name.text === "URI") {
            const segment = unwrapExpression(propertyValue(options, "prefix"));
            app.versioning = {
              prefix: segment && segment.kind === ts.SyntaxKind.FalseKeyword ? "" : segment ? (strings.evaluate(segment) ?? "v") : "v",
              defaults: versionsOf(propertyValue(options, "defaultVersion")) ?? [],
              line: line(node),
            };
          }
        }
      }
      ts.forEachChild(node, find);
    };
    find(sourceFile);
    routes.mounts.push({ parent: { local: `nest@${line(create)}` }, child: root, prefix, line: at, app });
  };

  visit(sourceFile);
  return routes;
}

function isNestFactoryCreate(node: TS.CallExpression): boolean {
  const callee = unwrapExpression(node.expression);
  return callee !== undefined && ts.isPropertyAccessExpression(callee) && callee.name.text === "create" && ts.isIdentifier(callee.expression) && callee.expression.text === "NestFactory";
}

function propertyValue(object: TS.ObjectLiteralExpression, key: string): TS.Expression | undefined {
  for (const member of object.properties) {
    if (ts.isPropertyAssignment(member) && nameText(member.name) === key) return member.initializer;
    if (ts.isShorthandPropertyAssignment(member) && member.name.text === key) return member.name;
  }
  return undefined;
}

/** Top-level `import { X } from "…"` bindings as router references. */
function importBindings(sourceFile: TS.SourceFile): Map<string, RouterRef> {
  const bindings = new Map<string, RouterRef>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (clause?.name) bindings.set(clause.name.text, { specifier, name: "default" });
    const named = clause?.namedBindings;
    if (named && ts.isNamedImports(named)) for (const element of named.elements) bindings.set(element.name.text, { specifier, name: (element.propertyName ?? element.name).text });
  }
  return bindings;
}

/** Top-level `const MODULES = [A, B]`: module lists spread into `imports`. */
function constantArrays(sourceFile: TS.SourceFile): Map<string, TS.Expression> {
  const arrays = new Map<string, TS.Expression>();
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = unwrapExpression(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && value && ts.isArrayLiteralExpression(value)) arrays.set(declaration.name.text, value);
    }
  }
  return arrays;
}
