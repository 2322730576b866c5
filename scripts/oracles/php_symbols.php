<?php
/*
 * Symbol oracle for `npm run eval` (scripts/eval-languages.mjs): PHP's own parser as Debian packages
 * it, nikic/PHP-Parser 4.x (php-parser, /usr/share/php/PhpParser).
 *
 * Reads repository-relative paths on stdin (one per line) under the root given as argv[1] and prints
 * one JSON object per declaration in ctx's scope: file-level functions, constants (`const X = …;`),
 * classes, interfaces, traits and enums, also inside a braced namespace, an `if`/`elseif`/`else`
 * branch (`if (!function_exists('f')) { function f() … }`) or a `declare` block there; in a named
 * class-like, its methods (`__construct` a constructor), properties (one per name; a constructor's
 * promoted parameters too), class constants and enum cases (constants). Never anything inside a
 * function body, never an anonymous class. The container is the class-like's name, never the
 * namespace. A declaration's line is the node's start line, its attributes included (comments are
 * not part of a node); a property or constant list's names share the line of their statement.
 * A file the parser cannot parse is reported as {"path", "error"}.
 */

require '/usr/share/php/PhpParser/autoload.php';

use PhpParser\Error;
use PhpParser\Node;
use PhpParser\Node\Stmt;
use PhpParser\ParserFactory;

ini_set('memory_limit', '-1');
ini_set('xdebug.max_nesting_level', '100000');

$root = $argv[1] ?? '.';
$parser = (new ParserFactory())->create(ParserFactory::PREFER_PHP7);
$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE;

function emit(array &$out, string $path, string $container, string $name, string $kind, int $line): void
{
    $out[] = ['path' => $path, 'container' => $container, 'name' => $name, 'kind' => $kind, 'line' => $line];
}

/** Statements at file level, and those of the blocks that leave a declaration at file level. */
function fileLevel(array $stmts, string $path, array &$out): void
{
    foreach ($stmts as $stmt) {
        if ($stmt instanceof Stmt\Function_) {
            emit($out, $path, '', $stmt->name->toString(), 'function', $stmt->getStartLine());
        } elseif ($stmt instanceof Stmt\Const_) {
            foreach ($stmt->consts as $const) {
                emit($out, $path, '', $const->name->toString(), 'constant', $stmt->getStartLine());
            }
        } elseif ($stmt instanceof Stmt\ClassLike) {
            if ($stmt->name === null) {
                continue;
            }
            $kind = $stmt instanceof Stmt\Interface_ ? 'interface' : ($stmt instanceof Stmt\Trait_ ? 'trait' : ($stmt instanceof Stmt\Enum_ ? 'enum' : 'class'));
            $name = $stmt->name->toString();
            emit($out, $path, '', $name, $kind, $stmt->getStartLine());
            members($stmt->stmts, $name, $path, $out);
        } elseif ($stmt instanceof Stmt\Namespace_) {
            fileLevel($stmt->stmts ?? [], $path, $out);
        } elseif ($stmt instanceof Stmt\If_) {
            fileLevel($stmt->stmts, $path, $out);
            foreach ($stmt->elseifs as $elseif) {
                fileLevel($elseif->stmts, $path, $out);
            }
            if ($stmt->else !== null) {
                fileLevel($stmt->else->stmts, $path, $out);
            }
        } elseif ($stmt instanceof Stmt\Declare_) {
            fileLevel($stmt->stmts ?? [], $path, $out);
        } elseif (class_exists('PhpParser\Node\Stmt\Block') && $stmt instanceof Stmt\Block) {
            fileLevel($stmt->stmts, $path, $out);
        }
    }
}

function members(array $stmts, string $container, string $path, array &$out): void
{
    foreach ($stmts as $stmt) {
        if ($stmt instanceof Stmt\ClassMethod) {
            $name = $stmt->name->toString();
            $constructor = strtolower($name) === '__construct';
            emit($out, $path, $container, $name, $constructor ? 'constructor' : 'method', $stmt->getStartLine());
            if ($constructor) {
                foreach ($stmt->params as $param) {
                    // A parameter with a visibility or readonly modifier is a promoted property.
                    if ($param->flags !== 0 && $param->var instanceof Node\Expr\Variable && is_string($param->var->name)) {
                        emit($out, $path, $container, $param->var->name, 'property', $param->getStartLine());
                    }
                }
            }
        } elseif ($stmt instanceof Stmt\Property) {
            foreach ($stmt->props as $prop) {
                emit($out, $path, $container, $prop->name->toString(), 'property', $stmt->getStartLine());
            }
        } elseif ($stmt instanceof Stmt\ClassConst) {
            foreach ($stmt->consts as $const) {
                emit($out, $path, $container, $const->name->toString(), 'constant', $stmt->getStartLine());
            }
        } elseif ($stmt instanceof Stmt\EnumCase) {
            emit($out, $path, $container, $stmt->name->toString(), 'constant', $stmt->getStartLine());
        }
    }
}

while (($line = fgets(STDIN)) !== false) {
    $path = rtrim($line, "\r\n");
    if ($path === '') {
        continue;
    }
    $code = @file_get_contents($root . '/' . $path);
    if ($code === false) {
        echo json_encode(['path' => $path, 'error' => 'unreadable'], $flags), "\n";
        continue;
    }
    try {
        $stmts = $parser->parse($code) ?? [];
    } catch (Error $error) {
        echo json_encode(['path' => $path, 'error' => $error->getMessage()], $flags), "\n";
        continue;
    }
    $out = [];
    fileLevel($stmts, $path, $out);
    foreach ($out as $declaration) {
        echo json_encode($declaration, $flags), "\n";
    }
}
