import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerRequest, callTool } from "../../src/cli/commands/mcp-command.js";
import { copyFixture, ctx, tempDir } from "../helpers/fixture.js";

describe("a path outside the repository", () => {
  it("is no module's: traverse Module answers it with a usage error, never a hit", async () => {
    const dir = copyFixture("traverse/users-service");
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    for (const query of ["../../etc/passwd", "/etc/passwd", "src/../../x"]) {
      const run = await ctx(dir, "traverse", "Module", query);
      expect(run.code, query).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("is not inside the repository");
    }
    expect((await ctx(dir, "traverse", "Module", "src/users")).code).toBe(0);
  });

  it("is not read as a handoff, from the command line or from the MCP tool, nor through a link", async () => {
    const dir = copyFixture("traverse/users-service");
    const secret = join(tempDir(), "secret.md");
    writeFileSync(secret, "# Handoff\nTODO: the secret\n");
    symlinkSync(secret, join(dir, "plan.md"));
    for (const path of [secret, "../secret.md", "plan.md"]) {
      const run = await ctx(dir, "validate-handoff", path, "--json");
      expect(run.code, path).toBe(2);
      expect((JSON.parse(run.stdout) as { error: { message: string } }).error.message).toContain("is outside the repository");
    }
    const tool = await callTool(dir, { request: "validate_handoff", path: secret });
    expect(tool.isError).toBe(true);
    await expect(answerRequest(dir, { request: "validate_handoff", path: "../secret.md" })).rejects.toThrow("outside the repository");
  });
});
