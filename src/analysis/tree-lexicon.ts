import { identifierTerms, termsOf } from "../core/brief/sub-words.js";
import type { DeclarationWords, SymbolRecord } from "../model.js";
import { DeclarationWordsBuilder } from "./declaration-words.js";
import { endLine, startLine, type SyntaxNode } from "./tree-sitter.js";

const IDENTIFIERS = new Set(["identifier", "field_identifier", "type_identifier", "package_identifier"]);
const TEXTS = new Set(["string_content", "interpreted_string_literal_content", "raw_string_literal_content"]);

/**
 * The words inside each declaration of a tree-sitter tree, as extract-lexicon.ts takes them from
 * the compiler's scanner: identifiers, the text of string literals, and comments.
 */
export function extractTreeLexicon(root: SyntaxNode, symbols: readonly SymbolRecord[]): DeclarationWords[] {
  const words = new DeclarationWordsBuilder(root.endPosition.row + 1, symbols);
  const cursor = root.walk();
  let more = true;
  while (more) {
    const type = cursor.nodeType;
    if (IDENTIFIERS.has(type)) words.credit(cursor.startPosition.row + 1, identifierTerms(cursor.nodeText));
    else if (TEXTS.has(type)) words.credit(cursor.startPosition.row + 1, termsOf(cursor.nodeText));
    else if (type === "comment") {
      const node = cursor.currentNode;
      words.creditComment(startLine(node), endLine(node), termsOf(node.text));
    } else if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
    }
  }
  cursor.delete();
  return words.finish();
}
