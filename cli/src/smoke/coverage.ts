import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { CallRecord } from './api-client.ts';
import { findOperationByRoute, type ContractIndex } from './contract-index.ts';
import { matchStatusKey } from './response-checker.ts';
import type { Colours } from '../cli-io.ts';
import { UsageError } from '../exit-codes.ts';

// Which (operation, status) pairs were exercised: written by `smoke
// --coverage-out`, read back (together with the mock's request journal) by
// `contract coverage`, which shows them against every declared status.

export type CoverageEntry = {
  operationId: string;
  method: string;
  path: string;
  status: number;
  count: number;
};

export type CoverageFile = {
  coverageVersion: 1;
  source: string;
  generatedAt: string;
  entries: CoverageEntry[];
};

export function mergeEntries(entries: readonly CoverageEntry[]): CoverageEntry[] {
  const merged = new Map<string, CoverageEntry>();
  for (const entry of entries) {
    const key = `${entry.operationId} ${entry.status}`;
    const existing = merged.get(key);
    if (existing === undefined) merged.set(key, { ...entry });
    else existing.count += entry.count;
  }
  return [...merged.values()].sort((a, b) => a.operationId.localeCompare(b.operationId) || a.status - b.status);
}

export function coverageFromCalls(contract: ContractIndex, calls: readonly CallRecord[]): CoverageEntry[] {
  return mergeEntries(
    calls
      .filter((call): call is CallRecord & { status: number } => call.status !== undefined)
      .map((call) => ({
        operationId: call.operationId,
        method: call.method,
        path: contract.operations.get(call.operationId)?.path ?? new URL(call.url).pathname,
        status: call.status,
        count: 1,
      })),
  );
}

export async function writeCoverageFile(file: string, source: string, entries: readonly CoverageEntry[]): Promise<void> {
  const content: CoverageFile = { coverageVersion: 1, source, generatedAt: new Date().toISOString(), entries: [...entries] };
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
}

export type CoverageInput = {
  entries: CoverageEntry[];
  /** journal lines that matched no operation (wrong base path, control API ...) */
  unmatched: number;
};

type JournalItem = Record<string, unknown>;

/**
 * Reads a coverage file of ours, or a request journal: a JSON array, an object
 * wrapping one ({entries|journal|requests|items: [...]}) or JSON lines, each
 * item with method, path or url, status (or statusCode / response.status), and
 * optionally operationId.
 * TODO(mock): pin this to the mock's real journal format once it lands.
 */
export function parseCoverageInput(text: string, source: string, contract: ContractIndex): CoverageInput {
  const data = parseJsonOrLines(text, source);
  if (isRecord(data) && data['coverageVersion'] === 1 && Array.isArray(data['entries'])) {
    return { entries: mergeEntries(data['entries'] as CoverageEntry[]), unmatched: 0 };
  }
  const items = journalItems(data);
  if (items === undefined) throw new UsageError(`${source} is neither a coverage file nor a request journal`);
  const entries: CoverageEntry[] = [];
  let unmatched = 0;
  for (const item of items) {
    const method = typeof item['method'] === 'string' ? item['method'].toLowerCase() : undefined;
    const status = statusOf(item);
    const rawPath = typeof item['path'] === 'string' ? item['path'] : typeof item['url'] === 'string' ? pathOf(item['url']) : undefined;
    const byId = typeof item['operationId'] === 'string' ? contract.operations.get(item['operationId']) : undefined;
    const operation = byId ?? (method !== undefined && rawPath !== undefined ? findOperationByRoute(contract, method, rawPath) : undefined);
    if (operation === undefined || status === undefined) {
      unmatched += 1;
      continue;
    }
    entries.push({ operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, status, count: 1 });
  }
  return { entries: mergeEntries(entries), unmatched };
}

export async function readCoverageInput(fileOrUrl: string, contract: ContractIndex): Promise<CoverageInput> {
  let text: string;
  if (/^https?:\/\//.test(fileOrUrl)) {
    try {
      const response = await fetch(fileOrUrl, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new UsageError(`cannot read the journal at ${fileOrUrl}: ${(error as Error).message}`);
    }
  } else {
    try {
      text = await readFile(fileOrUrl, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(code === 'ENOENT' ? `file not found: ${fileOrUrl}` : `cannot read ${fileOrUrl}: ${(error as Error).message}`);
    }
  }
  return parseCoverageInput(text, fileOrUrl, contract);
}

function parseJsonOrLines(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    try {
      return lines.map((line) => JSON.parse(line) as unknown);
    } catch {
      throw new UsageError(`${source} is not JSON or JSON lines`);
    }
  }
}

function journalItems(data: unknown): JournalItem[] | undefined {
  const list = Array.isArray(data)
    ? data
    : isRecord(data)
      ? ['entries', 'journal', 'requests', 'items'].map((key) => data[key]).find(Array.isArray)
      : undefined;
  return list?.filter(isRecord);
}

function statusOf(item: JournalItem): number | undefined {
  const response = isRecord(item['response']) ? item['response'] : {};
  const value = item['status'] ?? item['statusCode'] ?? response['status'];
  // The mock journals a dropped connection (flaky scenario) as status 0: no answer, no coverage.
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 ? value : undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://placeholder.invalid').pathname;
  } catch {
    return url;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export type CoverageRow = {
  operationId: string;
  method: string;
  path: string;
  declared: readonly string[];
  /** declared status key -> calls */
  exercised: Readonly<Record<string, number>>;
  /** statuses seen that the contract does not declare for this operation */
  undeclared: readonly number[];
};

export type CoverageMatrix = {
  columns: readonly string[];
  rows: readonly CoverageRow[];
  totals: {
    operations: number;
    operationsTouched: number;
    pairs: number;
    pairsExercised: number;
    /** entries for operations the contract no longer has */
    unknownOperations: readonly string[];
  };
};

export function buildCoverageMatrix(contract: ContractIndex, entries: readonly CoverageEntry[]): CoverageMatrix {
  const columns = new Set<string>();
  const rows: CoverageRow[] = [];
  const unknownOperations = new Set<string>();
  const merged = mergeEntries(entries);
  for (const entry of merged) if (!contract.operations.has(entry.operationId)) unknownOperations.add(entry.operationId);

  let pairs = 0;
  let pairsExercised = 0;
  let operationsTouched = 0;
  const operations = [...contract.operations.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const operation of operations) {
    const declared = Object.keys(operation.responses);
    for (const key of declared) columns.add(key);
    const exercised: Record<string, number> = {};
    const undeclared: number[] = [];
    for (const entry of merged.filter((item) => item.operationId === operation.operationId)) {
      const key = matchStatusKey(operation, entry.status);
      if (key === undefined) undeclared.push(entry.status);
      else exercised[key] = (exercised[key] ?? 0) + entry.count;
    }
    pairs += declared.length;
    pairsExercised += Object.keys(exercised).length;
    if (Object.keys(exercised).length > 0 || undeclared.length > 0) operationsTouched += 1;
    rows.push({ operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, declared, exercised, undeclared });
  }
  return {
    columns: [...columns].sort(compareStatusKeys),
    rows,
    totals: { operations: operations.length, operationsTouched, pairs, pairsExercised, unknownOperations: [...unknownOperations] },
  };
}

/** 200 < 204 < 2XX < 400 < ... < default */
export function compareStatusKeys(a: string, b: string): number {
  const rank = (key: string) => (key === 'default' ? 1000 : Number(key.replace(/XX$/i, '99')));
  return rank(a) - rank(b);
}

export function coveragePercent(matrix: CoverageMatrix): number {
  return matrix.totals.pairs === 0 ? 0 : Math.round((matrix.totals.pairsExercised / matrix.totals.pairs) * 1000) / 10;
}

/**
 * ✓ declared and exercised, · declared but not exercised, blank not declared;
 * statuses the contract does not declare are listed at the end of the row.
 */
export function renderCoverageMatrix(matrix: CoverageMatrix, colours: Colours): string {
  const operationWidth = Math.max('operation'.length, ...matrix.rows.map((row) => row.operationId.length));
  const cellWidths = matrix.columns.map((column) => Math.max(column.length, 1));
  const header = ['operation'.padEnd(operationWidth), ...matrix.columns.map((column, index) => column.padStart(cellWidths[index] ?? 1)), 'undeclared'].join('  ');
  const lines = [header, '-'.repeat(header.length)];
  for (const row of matrix.rows) {
    const cells = matrix.columns.map((column, index) => {
      const width = cellWidths[index] ?? 1;
      if (!row.declared.includes(column)) return ' '.repeat(width);
      return row.exercised[column] === undefined ? colours.dim('·'.padStart(width)) : colours.green('✓'.padStart(width));
    });
    const undeclared = row.undeclared.length === 0 ? '' : colours.red(row.undeclared.join(','));
    lines.push([row.operationId.padEnd(operationWidth), ...cells, undeclared].join('  ').trimEnd());
  }
  const totals = matrix.totals;
  lines.push('');
  lines.push(
    `operations touched: ${totals.operationsTouched}/${totals.operations}; declared (operation, status) pairs exercised: ${totals.pairsExercised}/${totals.pairs} (${coveragePercent(matrix)}%)`,
  );
  if (totals.unknownOperations.length > 0) {
    lines.push(colours.yellow(`not in the contract (ignored): ${totals.unknownOperations.join(', ')}`));
  }
  return `${lines.join('\n')}\n`;
}
