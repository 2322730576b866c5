import { describe, expect, it } from "vitest";
import { compileRouteRegex, plainRegexPattern } from "../../src/core/traverse/route-regex.js";

const matches = (pattern: string, path: string, ignoreCase = false): boolean | undefined => compileRouteRegex(pattern, ignoreCase)?.(path);

describe("a Regexp route run safely against a path", () => {
  it("matches the whole path with classes, groups, alternation and counted repeats", () => {
    expect(matches("/history/(.+?)/([0-9a-f]{40})", `/history/docs/Home.md/${"a".repeat(40)}`)).toBe(true);
    expect(matches("/history/(.+?)/([0-9a-f]{40})", `/history/docs/Home.md/${"a".repeat(39)}`)).toBe(false);
    expect(matches("/compare/(.+)/([^.]+)\\.{2,3}(.+)", "/compare/a.md/3f2c...a1b2")).toBe(true);
    expect(matches("/overview(?:/(.+))?", "/overview")).toBe(true);
    expect(matches("/overview(?:/(.+))?", "/overviews")).toBe(false);
    expect(matches("/(?<name>\\w+)\\.(js|css)", "/app.css")).toBe(true);
    expect(matches("a{,2}", "aaa")).toBe(false);
    expect(matches("/(edit|create)", "/EDIT", true)).toBe(true);
    expect(matches("/(edit|create)", "/EDIT")).toBe(false);
  });

  // A backtracking engine would not return from these within the test's timeout.
  it("answers patterns that make a backtracking engine exponential", () => {
    expect(matches("(a+)+$", `${"a".repeat(20_000)}b`)).toBe(false);
    expect(matches("(a|aa)*c", "a".repeat(20_000))).toBe(false);
  });

  it("compiles to nothing what it does not understand, or what would be too large", () => {
    for (const pattern of ["(\\w)\\1", "(?=a)a", "(?>a)", "a\\b", "a^b", "a++", "(a{100}){100}", "[[:alpha:]]", "(a"]) expect(compileRouteRegex(pattern), pattern).toBeUndefined();
  });

  it("reads a literal's extended mode and refuses interpolation", () => {
    expect(plainRegexPattern("\n  /history/ (.+?)   # the page\n  / ([a-f ]{40})\n", true)).toBe("/history/(.+?)/([a-f ]{40})");
    expect(plainRegexPattern("/a\\ b", true)).toBe("/a\\ b");
    expect(plainRegexPattern("/#{prefix}/x", false)).toBeUndefined();
  });
});
