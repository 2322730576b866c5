import type { RepoPath } from "../../model.js";

// NOTE: a module of its own, importing nothing: traverse's text needs it, and every module that
// command loads is paid for in its start-up.
// Folders of tests by name, and .NET's test projects by theirs (`Shop.Tests/`, `Shop.UnitTests/`).
// Gradle's `src/testFixtures/` and `src/integrationTest/`, and Maven's integration tests in `src/it/`, are tests too.
const TEST_DIRECTORY = /(^|\/)(__tests__|__mocks__|tests?|spec|e2e|fixtures?|testdata|benches|[^/]+\.(?:Unit|Integration|Functional)?Tests?|src\/(?:it|testFixtures|integrationTest))\//;
// pytest's `test_*.py`, `*_test.py` and `conftest.py`; Go's `*_test.go`; JUnit's (Maven Surefire's)
// `*Test.java`, `*Tests.java`, `*IT.java`, `*TestCase.java`, and the same names in C# and PHPUnit;
// RSpec's `*_spec.rb` and minitest's `*_test.rb`.
const TEST_FILE =
  /\.(test|spec|e2e|bench)\.[cm]?[jt]sx?$|(?:^|\/)(?:test_[^/]*\.py|conftest\.py)$|_test\.(?:py|go|rb)$|_spec\.rb$|(?:Tests?|IT|TestCase)\.(?:java|cs|php)$/;

/** Whether a path is test code, by the conventions test runners use. */
export function isTestPath(path: RepoPath): boolean {
  return TEST_DIRECTORY.test(path) || TEST_FILE.test(path);
}
