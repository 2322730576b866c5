/**
 * Whether a declaration is part of its assembly's surface by its declared accessibility: `public`,
 * `protected` or `protected internal` (a derived type elsewhere sees it), and an interface member
 * written without one (C# makes it public). `private protected` stays inside the assembly; without
 * a modifier a type is internal and a class's, struct's or record's member private.
 */
export function isCsharpExported(modifiers: readonly string[], inInterface: boolean): boolean {
  if (modifiers.includes("public")) return true;
  if (modifiers.includes("protected")) return !modifiers.includes("private");
  if (modifiers.includes("private") || modifiers.includes("internal") || modifiers.includes("file")) return false;
  return inInterface;
}
