// The parts of the type-string grammar (CALLS.md) that the extractor writes and the linker reads.

/** A reference to entry n of a file's table of large type strings (CallSummary.types). */
export const TYPE_REFERENCE = /^#\d+$/;

/** The return type of a method declared to return `this`: its receiver. No declared name can be `this`. */
export const THIS_TYPE = "this";

/**
 * The table entries a type string refers to. A member name written as a string (`x["#1"]`) can
 * look like a reference too; counting it errs on the safe side where this is used.
 */
export function referencesIn(text: string): number[] {
  if (!text.includes("#")) return [];
  return [...text.matchAll(/#(\d+)/g)].map((match) => Number(match[1]));
}
