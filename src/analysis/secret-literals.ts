import { ts, type TS } from "./compiler.js";

/*
 * A string literal in a signature (`const GITHUB_TOKEN = "ghp_…"`, a parameter's default value)
 * would be copied into the committed index, a second place for a secret to leak from, and one no
 * one reviews. A literal is shown only when it is short and reads like a word or a path; any other
 * is written `"…"`.
 */

/** Longer than this, a literal is not shown: no signature needs it, and a key often is longer. */
const SHOWN_MAX = 24;
/** Prefixes of well-known credentials (GitHub, OpenAI/Stripe, Slack, AWS, Google, PEM). */
const CREDENTIAL_PREFIX = /^(?:ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|sk-|sk_|pk_live_|rk_live_|xox[abposr]-|AKIA|ASIA|AIza|-----BEGIN)/;
/** Bits per character above which a string of letters and digits looks random rather than written. */
const RANDOM_BITS = 3.5;

function entropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / value.length) * Math.log2(count / value.length);
  return bits;
}

export function isShowableLiteral(value: string): boolean {
  if (value.length > SHOWN_MAX || CREDENTIAL_PREFIX.test(value)) return false;
  // A short token still has both letters and digits and no repeats: `Xk3pQ9zL2mR7`.
  return !(value.length >= 12 && /\d/.test(value) && /[A-Za-z]/.test(value) && entropyBits(value) > RANDOM_BITS);
}

/** The string and template literals within [start, end) of `node` that must not be shown, in order. */
export function hiddenLiterals(node: TS.Node, sourceFile: TS.SourceFile, start: number, end: number): TS.Node[] {
  const hidden: TS.Node[] = [];
  const visit = (child: TS.Node): void => {
    if (child.end <= start || child.pos >= end) return;
    if (ts.isStringLiteral(child) || ts.isNoSubstitutionTemplateLiteral(child) || ts.isTemplateExpression(child)) {
      const value = ts.isTemplateExpression(child) ? child.getText(sourceFile) : child.text;
      if (child.getStart(sourceFile) >= start && !isShowableLiteral(value)) hidden.push(child);
      if (!ts.isTemplateExpression(child)) return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return hidden;
}
