import { describe, expect, it } from "vitest";
import { decodeReads, decodeResolved, encodeReads } from "../../src/core/calls/reads-codec.js";

describe("the specifiers a file's reads record", () => {
  it("are read back without its names, whatever the specifiers and paths spell", () => {
    const resolved: [string, string | null][] = [
      ["./a", "src/a.ts"],
      ['r":', null],
      [',"r":[', 'src/,"r":.ts'],
      ["r", "r"],
      ["\\", '"'],
    ];
    const text = encodeReads({ touched: [{ path: "src/a.ts", names: ["load", ',"r":'] }], resolved });
    expect(decodeResolved(text)).toEqual(resolved);
    expect(decodeReads(text)?.resolved).toEqual(resolved);
  });

  it("are read from a record that lists names first (as earlier builds wrote), and a damaged one is unreadable", () => {
    expect(decodeResolved('{"r":[["k","load"]],"m":[["./a","a.ts"]]}')).toEqual([["./a", "a.ts"]]);
    expect(decodeResolved('{"m":[["./a"]],"r":[]}')).toBeUndefined();
    expect(decodeResolved('{"m":[["./a","a.ts"],"r":[]}')).toBeUndefined();
    expect(decodeResolved("")).toEqual([]);
  });
});
