// A node:test reporter for tests: the run's failures and counts as JSON, from the runner's own
// events, written beside the reporter the user sees so both describe one run.
export default async function* oracle(source) {
  const failures = [];
  const counts = {};
  for await (const event of source) {
    if (event.type === "test:fail" && event.data.details.type !== "suite" && !event.data.todo) {
      const error = event.data.details.error;
      const cause = error?.cause ?? error;
      failures.push({ name: event.data.name, failureType: error?.failureType, message: String(cause?.message ?? cause) });
    }
    if (event.type === "test:diagnostic") {
      const count = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(event.data.message);
      if (count) counts[count[1]] = Number(count[2]);
    }
  }
  yield `${JSON.stringify({ failures, counts })}\n`;
}
