"""Symbol oracle for `npm run eval` (scripts/eval-languages.mjs): Python's own parser.

Reads repository-relative paths on stdin (one per line) under the root given as argv[1] and prints
one JSON object per declaration in ctx's scope: module- and class-level classes, functions,
methods, assignments (names bound by `=`, `x: T = ...` and `x: T`) and `type` aliases, including
those inside `if`/`try`/`with`/`for`/`while`/`match` blocks at those levels; never inside a
function. A file Python cannot parse is reported as {"path", "error"}.
"""
import ast
import json
import re
import sys
import warnings

CONSTANT = re.compile(r"^_*[A-Z][A-Z0-9_]*$")
PROPERTY_DECORATORS = {"property", "cached_property", "functools.cached_property"}


def targets(node, out):
    if isinstance(node, ast.Name):
        out.append(node.id)
    elif isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            targets(element, out)
    elif isinstance(node, ast.Starred):
        targets(node.value, out)


def decorator_name(node):
    try:
        return ast.unparse(node.func if isinstance(node, ast.Call) else node)
    except Exception:
        return ""


def function_kind(node, container):
    if not container:
        return "function"
    names = [decorator_name(d) for d in node.decorator_list]
    if any(n in PROPERTY_DECORATORS for n in names):
        return "getter"
    if any(n in (node.name + ".setter", node.name + ".deleter") for n in names):
        return "setter"
    return "method"


def visit_body(body, container, path, out):
    for statement in body:
        visit(statement, container, path, out)


def visit(node, container, path, out):
    def emit(name, kind, first):
        out.append({"path": path, "container": container, "name": name, "kind": kind, "line": first})

    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        emit(node.name, function_kind(node, container), first)
    elif isinstance(node, ast.ClassDef):
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        emit(node.name, "class", first)
        visit_body(node.body, f"{container}.{node.name}" if container else node.name, path, out)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        names = []
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            targets(target, names)
        for name in names:
            kind = "property" if container else ("constant" if CONSTANT.match(name) else "variable")
            emit(name, kind, node.lineno)
    elif hasattr(ast, "TypeAlias") and isinstance(node, ast.TypeAlias):
        emit(node.name.id, "type", node.lineno)
    elif isinstance(node, ast.If):
        visit_body(node.body, container, path, out)
        visit_body(node.orelse, container, path, out)
    elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        visit_body(node.body, container, path, out)
        visit_body(node.orelse, container, path, out)
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        visit_body(node.body, container, path, out)
    elif isinstance(node, ast.Try) or (hasattr(ast, "TryStar") and isinstance(node, ast.TryStar)):
        visit_body(node.body, container, path, out)
        for handler in node.handlers:
            visit_body(handler.body, container, path, out)
        visit_body(node.orelse, container, path, out)
        visit_body(node.finalbody, container, path, out)
    elif isinstance(node, ast.Match):
        for case in node.cases:
            visit_body(case.body, container, path, out)


def main():
    root = sys.argv[1]
    warnings.simplefilter("ignore")
    for line in sys.stdin:
        path = line.rstrip("\n")
        if not path:
            continue
        try:
            with open(f"{root}/{path}", "rb") as handle:
                tree = ast.parse(handle.read(), filename=path)
        except (SyntaxError, ValueError) as error:
            print(json.dumps({"path": path, "error": str(error)}))
            continue
        out = []
        visit_body(tree.body, "", path, out)
        for item in out:
            print(json.dumps(item))


main()
