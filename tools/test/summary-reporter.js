const { writeSync } = require('node:fs');

// Ends a Jest run with a plain `tests: N passed, N failed, N skipped` line that any CI can read
// (and says how many test files failed to run at all, by an error outside any test). Jest always
// prints its own summary after every reporter, so the line is written as the process exits.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const broken = results.testResults.filter((r) => r.testExecError).length;
    let line = '';
    if (broken > 0) line += `\ntest files that failed to run: ${broken}`;
    line += `\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`;
    // The slowest files, so a CI log shows where the run's time goes (CI has a time budget).
    const slow = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(process.cwd() + '/', ''), s: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 15);
    if (slow.length > 1) line += `slowest test files:\n${slow.map((f) => `  ${f.s.toFixed(1).padStart(7)} s  ${f.file}`).join('\n')}\n`;
    process.once('exit', () => writeSync(1, line));
  }
}

module.exports = SummaryReporter;
