import type { RepoPath } from "../../model.js";

// NOTE: a module of its own, importing nothing: traverse's text needs it, and every module that
// command loads is paid for in its start-up.
const TEST_DIRECTORY = /(^|\/)(__tests__|__mocks__|tests?|spec|e2e|fixtures?|testdata)\//;
// pytest's `test_*.py`, `*_test.py` and `conftest.py`; Go's `*_test.go`.
const TEST_FILE = /\.(test|spec|e2e|bench)\.[cm]?[jt]sx?$|(?:^|\/)(?:test_[^/]*\.py|conftest\.py)$|_test\.(?:py|go)$/;

/** Whether a path is test code, by the conventions test runners use. */
export function isTestPath(path: RepoPath): boolean {
  return TEST_DIRECTORY.test(path) || TEST_FILE.test(path);
}
