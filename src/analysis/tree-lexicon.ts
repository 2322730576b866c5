import { identifierTerms, termsOf } from "../core/brief/sub-words.js";
import type { DeclarationWords, SymbolRecord } from "../model.js";
import { DeclarationWordsBuilder } from "./declaration-words.js";
import { endLine, startLine, type SyntaxNode, type TreeSitter } from "./tree-sitter.js";

// Ruby names constants (classes, modules) `constant`, PHP names everything `name`.
const IDENTIFIERS = ["identifier", "field_identifier", "type_identifier", "package_identifier", "constant", "name"];
const TEXTS = [
  "string_content",
  "interpreted_string_literal_content",
  "raw_string_literal_content",
  "string_fragment",
  "multiline_string_fragment",
  "string_literal_content",
  "raw_string_content",
];
// Java and Rust tell line comments from block comments.
const COMMENTS = ["comment", "line_comment", "block_comment"];
const WORD_TYPES = [...IDENTIFIERS, ...TEXTS, ...COMMENTS];

/** Per grammar, the numeric ids of the node types read: comparing numbers spares a string per node. */
const idsByLanguage = new WeakMap<TreeSitter.Language, { identifiers: Set<number>; texts: Set<number>; comments: Set<number> }>();

function idsOf(language: TreeSitter.Language): { identifiers: Set<number>; texts: Set<number>; comments: Set<number> } {
  let ids = idsByLanguage.get(language);
  if (!ids) {
    const of = (types: readonly string[]): Set<number> => new Set(types.map((type) => language.idForNodeType(type, true)).filter((id): id is number => id !== null));
    ids = { identifiers: of(IDENTIFIERS), texts: of(TEXTS), comments: of(COMMENTS) };
    idsByLanguage.set(language, ids);
  }
  return ids;
}

/**
 * The words inside each declaration of a tree-sitter tree, as extract-lexicon.ts takes them from
 * the compiler's scanner: identifiers, the text of string literals, and comments.
 */
export function extractTreeLexicon(root: SyntaxNode, symbols: readonly SymbolRecord[]): DeclarationWords[] {
  const { identifiers, texts, comments } = idsOf(root.tree.language);
  const words = new DeclarationWordsBuilder(root.endPosition.row + 1, symbols);
  // One call into the parser for every node read: a walk would cross into WebAssembly at each of them.
  for (const node of root.descendantsOfType(WORD_TYPES)) {
    if (!node) continue;
    const type = node.typeId;
    if (identifiers.has(type)) words.credit(node.startPosition.row + 1, identifierTerms(node.text));
    else if (texts.has(type)) words.credit(node.startPosition.row + 1, termsOf(node.text));
    else if (comments.has(type)) words.creditComment(startLine(node), endLine(node), termsOf(node.text));
  }
  return words.finish();
}
