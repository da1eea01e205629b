import { coloursFor, type CliIo } from '../../cli-io.ts';
import type { SmokeReport } from '../smoke-report.ts';
import type { RunnerEvents, StepResult } from '../step-runner.ts';

// Step lines as they finish, with a progress counter, then the violations in
// full (with curl) and a summary. Colour only on a TTY without NO_COLOR.

export type HumanReporter = RunnerEvents & {
  header(lines: readonly string[]): void;
  finish(report: SmokeReport): void;
};

export function createHumanReporter(io: CliIo): HumanReporter {
  const colours = coloursFor(io.stdout, io.env);
  const out = (line: string) => io.stdout.write(`${line}\n`);
  const label = (result: StepResult) =>
    result.status === 'passed' ? colours.green('PASS') : result.status === 'failed' ? colours.red('FAIL') : colours.yellow('SKIP');

  return {
    header(lines) {
      for (const line of lines) out(colours.dim(line));
    },
    stepFinished(result, index, total) {
      const width = String(total).length;
      const counter = `[${String(index + 1).padStart(width)}/${total}]`;
      const lastCall = result.calls.at(-1);
      const call = lastCall === undefined ? '' : ` ${lastCall.method} ${new URL(lastCall.url).pathname} ${lastCall.status ?? 'no answer'}`;
      const timing = result.status === 'skipped' ? '' : colours.dim(` (${result.durationMs} ms)`);
      out(`${counter} ${label(result)} ${result.id}${result.kind === 'read' ? '' : colours.dim(` [${result.kind}]`)}${call}${timing}`);
      if (result.status === 'skipped' && result.reason !== undefined) out(`${' '.repeat(counter.length)}      ${colours.dim(result.reason)}`);
      for (const violation of result.violations) {
        const indent = ' '.repeat(counter.length + 6);
        out(`${indent}${colours.red(`✗ ${violation.kind}`)} ${violation.operationId}${violation.status === undefined ? '' : ` -> ${violation.status}`}`);
        out(`${indent}  expected: ${violation.expected}`);
        out(`${indent}  actual:   ${violation.actual}`);
        if (violation.curl !== '') out(`${indent}  ${colours.dim(violation.curl)}`);
      }
    },
    finish(report) {
      for (const warning of report.warnings) out(colours.yellow(`warning: ${warning}`));
      const { summary } = report;
      const verdict =
        report.verdict === 'passed' ? colours.green('PASSED') : report.verdict === 'violations' ? colours.red('VIOLATIONS') : colours.yellow('NOTHING TESTABLE');
      out('');
      out(
        `${colours.bold(verdict)}: ${summary.steps} steps, ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped; ${summary.violations} violations in ${summary.calls} calls (${report.durationMs} ms)`,
      );
      out(report.explanation);
    },
  };
}
