import { createRequire } from "node:module";
import type * as Commander from "commander";

/**
 * commander, loaded as the CommonJS package it is. Through an ESM `import`, Node 20 sends it through
 * its CommonJS translator, which costs every command ~11 ms more at start (measured on Node 20:
 * `require` 13.7 ms, `import` 25 ms) — a tenth of a `ctx traverse`.
 */
const commander = createRequire(import.meta.url)("commander") as typeof Commander;

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = Commander.Command;
export type CommanderError = Commander.CommanderError;
