import type { Terminal } from "../src/cli/program.js";

export interface ExampleMarker {
  fixture: string;
  git: boolean;
  setup: string[][];
  normalise: string[];
}
export interface ExampleCommand {
  written: string;
  argv: string[];
  output: string[];
}
export interface Block {
  file: string;
  line: number;
  start: number;
  end: number;
  body: string;
}
export interface Example extends Block {
  marker: ExampleMarker;
  markerLine: number;
  commands: ExampleCommand[];
}
export interface FileBlock extends Block {
  path: string;
}
export type RunCli = (argv: readonly string[], terminal: Terminal) => Promise<number>;

export declare const ROOT: string;
export declare function docFiles(root?: string): string[];
export declare function parseDoc(text: string, file: string): { examples: Example[]; files: FileBlock[]; problems: string[] };
export declare function splitWords(text: string): string[];
export declare function renderCommands(commands: readonly ExampleCommand[], outputs: readonly string[]): string;
export declare function normalise(text: string, words: readonly string[]): string;
export declare function runExample(example: Example, options: { runCli: RunCli; root?: string }): Promise<string>;
export declare function matches(example: Example, real: string): boolean;
export declare function replaceBlocks(text: string, replacements: readonly { start: number; end: number; body: string }[]): string;
