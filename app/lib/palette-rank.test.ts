import { describe, expect, it } from 'vitest';
import { pageActionsFor } from './palette-actions';
import { paletteScore, paletteWords, scorePaletteWords, SCORES } from './palette-rank';
import { adminRoutes, openableRoutes } from './route-registry';

const admin = { role: 'admin', permissions: adminRoutes.flatMap((route) => route.permissions) };

interface Entry {
  label: string;
  group: string;
  description?: string;
  keywords?: readonly string[];
  record?: boolean;
}

/** What the admin's palette holds, with a few students the server found for the query. */
const entries: Entry[] = [
  ...openableRoutes(admin).map((route) => ({ label: route.title, group: route.group ?? 'Pages', keywords: route.keywords })),
  ...pageActionsFor(admin).map((action) => ({ label: action.label, group: 'Actions', keywords: action.keywords })),
  { label: 'Toggle sidebar', group: 'Actions', keywords: ['collapse', 'expand', 'menu'] },
  { label: 'Show keyboard shortcuts', group: 'Actions', keywords: ['keys', 'help', 'hotkeys'] },
  { label: 'Log out', group: 'Actions', keywords: ['sign out', 'logout', 'exit'] },
  ...['light', 'dark', 'system'].map((value) => ({
    label: `Switch to ${value} theme`,
    description: value === 'system' ? 'Current theme' : undefined,
    group: 'Theme',
    keywords: ['theme', 'appearance', 'colour', 'color', 'mode', value],
  })),
];

const students = (...names: string[]): Entry[] =>
  names.map((label, index) => ({ label, group: 'Students', description: `REG-${index + 1} · North Campus`, record: true }));

/** The labels cmdk would list, best first (it keeps the given order among equal scores). */
function rank(query: string, found: Entry[] = []) {
  return [...found, ...entries]
    .map((entry) => ({ label: entry.label, score: scorePaletteWords(query, paletteWords(entry, entry.record), entry.record) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ label }) => label);
}

describe('palette ranking', () => {
  it('"stu" lists students and student pages, never Log out, Add balance or the themes', () => {
    const labels = rank('stu', students('Stuti Sharma', 'Rahul Verma'));
    expect(labels.slice(0, 2)).toEqual(['Stuti Sharma', 'Student Marksheet']);
    expect(labels).toEqual(
      expect.arrayContaining(['Add Student', 'Pass-out Students', 'New Students', 'Add student', 'Create Student Invoice']),
    );
    for (const weak of [
      'Log out',
      'Add balance',
      'Add Balance',
      'Switch to light theme',
      'Switch to dark theme',
      'Switch to system theme',
    ]) {
      expect(labels).not.toContain(weak);
    }
    // The server matched Rahul on a field it does not show: he stays, after every title match.
    expect(labels.at(-1)).toBe('Rahul Verma');
  });

  it('puts an exact title first, then titles that begin with the query, then words that do', () => {
    expect(rank('settings')[0]).toBe('Settings');
    expect(rank('courses')[0]).toBe('Courses');
    expect(rank('course').slice(0, 3)).toEqual(['Courses', 'Course Papers', 'Course Categories']);
    expect(rank('add').slice(0, 6)).toEqual(['Add Branch', 'Add Course', 'Add Student', 'Add Balance', 'Add student', 'Add balance']);
    expect(rank('students')).toEqual([
      'New Students',
      'Pass-out Students',
      'Registered Students',
      'Import students from a file',
      'Admission Register',
    ]);
  });

  it('finds a page by a word it is known by, below the titles', () => {
    expect(rank('admission')).toEqual(['Admission Register', 'Add Student', 'Add student']);
    expect(rank('ledger')).toEqual(['Transactions', 'View transactions']);
    expect(rank('top up')).toEqual(['Add Balance', 'Add balance']);
  });

  it('matches a query of several words by the beginnings of the title words', () => {
    expect(rank('add stu').slice(0, 2)).toEqual(['Add Student', 'Add student']);
    expect(rank('stu inv')).toEqual(['Create Student Invoice', 'Create invoice for a student']);
  });

  it('takes initials, and nothing for letters scattered through the words', () => {
    expect(rank('rs')).toContain('Registered Students');
    expect(paletteScore('rs', 'Registered Students')).toBe(SCORES.initials);
    expect(rank('xqz')).toEqual([]);
    expect(paletteScore('stu', 'Switch to system theme', ['Current theme'])).toBe(0);
    expect(paletteScore('lgt', 'Log out')).toBe(0);
  });

  it('ignores case and spacing, and keeps everything for an empty query', () => {
    expect(paletteScore('  REGISTERED   students ', 'Registered Students')).toBe(SCORES.exact);
    expect(paletteScore('', 'Log out')).toBe(1);
  });
});
