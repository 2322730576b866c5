/**
 * Errors a user can act on. Each carries a stable code, a message saying what failed and where,
 * and a hint saying what to do. The CLI maps every CtxError to exit code 2.
 */
export class CtxError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "CtxError";
  }
}

export class UsageError extends CtxError {
  constructor(message: string, hint?: string) {
    super("usage", message, hint);
  }
}

/** A malformed `.ai/` file: names the file and line so it can be fixed by hand. */
export class FormatError extends CtxError {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
    hint = "fix the line by hand or regenerate with `ctx index`",
  ) {
    super("format", `${file}:${line}: ${message}`, hint);
  }
}
