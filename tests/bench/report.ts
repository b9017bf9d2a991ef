import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadResult } from './load-worker';
import { root } from './production-server';

export interface ScenarioRow {
  scenario: string;
  ours: LoadResult;
  baseline: { name: string; requestsPerSecond: number; p95?: number };
  /** What is compared: ours over the baseline. */
  ratio: { of: 'p95' | 'requests/s'; value: number };
  target?: { text: string; met: boolean };
}

export interface FigureRow {
  figure: string;
  value: string;
  target?: { text: string; met: boolean };
}

/** A figure to print; NaN (no answers to time) and null (NaN after JSON) print as a dash. */
export const fixed = (n: number | null, digits = 1) => (n !== null && Number.isFinite(n) ? n.toFixed(digits) : '—');
const mark = (target?: { text: string; met: boolean }) => (target ? `${target.text} ${target.met ? 'pass' : 'FAIL'}` : '—');

/** The results as Markdown tables: the load scenarios, then the single figures. */
export function markdownTables(rows: ScenarioRow[], figures: FigureRow[]): string {
  const lines = [
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | baseline | baseline req/s | baseline p95 ms | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${fixed(row.ours.requestsPerSecond, 0)} | ${fixed(row.ours.p50)} | ${fixed(row.ours.p95)} | ` +
        `${fixed(row.ours.p99)} | ${row.ours.errors} | ${row.baseline.name} | ${fixed(row.baseline.requestsPerSecond, 0)} | ` +
        `${row.baseline.p95 === undefined ? '—' : fixed(row.baseline.p95)} | ${row.ratio.of} ${fixed(row.ratio.value, 2)}x | ${mark(row.target)} |`,
    ),
    '',
    '| figure | value | target |',
    '| --- | ---: | --- |',
    ...figures.map((figure) => `| ${figure.figure} | ${figure.value} | ${mark(figure.target)} |`),
  ];
  return lines.join('\n');
}

/** Writes the run to bench/results/<time>.json and returns the path. */
export async function writeResults(result: unknown): Promise<string> {
  const folder = path.join(root, 'bench/results');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
