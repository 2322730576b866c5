// A mocha reporter for tests: the spec report the user sees, and the same run's failures and
// counts written as JSON to $MOCHA_ORACLE.
const { writeFileSync } = require("node:fs");
const Mocha = require("mocha");

class OracleReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const failures = [];
    runner.on("fail", (test, error) => failures.push({ title: test.fullTitle(), message: String(error.message) }));
    runner.once("end", () => writeFileSync(process.env.MOCHA_ORACLE, JSON.stringify({ failures, stats: runner.stats })));
  }
}

module.exports = OracleReporter;
