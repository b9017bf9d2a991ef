import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../tests/api/wallet-fixtures';
import { databaseOfFile } from '../../tests/support/test-database';
import { toHundredths, type MarkValue } from '../../common/exam-results';
import { append, ConcurrencyError, readStream, type DomainEvent, type StreamRef } from '../db/event-store';
import { marksWritten } from '../db/projections/exam-results';
import { examMarks } from '../db/schema';
import { runCommand, type Decider, type RunOptions } from './command';
import { createCourseCategory } from './course-categories/commands';
import { courseCategoryMessages, decide, evolve, initialCourseCategory } from './course-categories/decide';
import { courseCategoryStream } from './course-categories/events';
import { examMarksStream, type ExamMarksEvent } from './exam-results/events';
import { notFound } from './errors';
import { newId } from './ids';

type TallyEvent =
  | DomainEvent<'TallyOpened', Record<string, never>>
  | DomainEvent<'TallyAdded', { by: number }>
  | DomainEvent<'TallyClosed', Record<string, never>>;
type Tally = { kind: 'none' } | { kind: 'open'; total: number } | { kind: 'closed' };
type TallyCommand = { type: 'Open' } | { type: 'Add'; by: number } | { type: 'Close' };

/** A small stream of its own: opened, added to, closed; a closed tally is gone to its clients. */
const tallies: Decider<TallyCommand, Tally, TallyEvent> = {
  initialState: { kind: 'none' },
  evolve(state, event) {
    if (event.type === 'TallyOpened') return { kind: 'open', total: 0 };
    if (event.type === 'TallyClosed') return { kind: 'closed' };
    return state.kind === 'open' ? { kind: 'open', total: state.total + event.data.by } : state;
  },
  decide(command, state) {
    if (command.type === 'Open') return [{ type: 'TallyOpened', data: {} }];
    if (state.kind !== 'open') throw notFound('Tally');
    return command.type === 'Add' ? [{ type: 'TallyAdded', data: { by: command.by } }] : [{ type: 'TallyClosed', data: {} }];
  },
  exists: (state) => state.kind === 'open',
};
const tallyStream = (id: string): StreamRef<TallyEvent> => ({ type: 'tally', id });

const file = databaseOfFile();

const run = (id: string, command: TallyCommand, options?: RunOptions) =>
  inTransaction(file.db, (ctx) => runCommand(ctx, tallyStream(id), tallies, command, options));
const versions = async (id: string) => (await readStream(file.db, id)).map((event) => `${event.version} ${event.type}`);

async function openTally() {
  const id = newId(Date.now());
  await run(id, { type: 'Open' });
  return id;
}

describe('runCommand', () => {
  it('appends what was decided after the version it folded, and answers the state after it', async () => {
    const id = await openTally();
    await run(id, { type: 'Add', by: 2 });
    expect(await run(id, { type: 'Add', by: 3 })).toEqual({ kind: 'open', total: 5 });
    expect(await versions(id)).toEqual(['1 TallyOpened', '2 TallyAdded', '3 TallyAdded']);
  });

  it('refuses a stale If-Match and appends nothing; the current one goes through', async () => {
    const id = await openTally();
    await run(id, { type: 'Add', by: 1 });
    await expect(run(id, { type: 'Add', by: 5 }, { ifMatch: { version: 1, staleMessage: 'Reload the tally' } })).rejects.toMatchObject({
      kind: 'stale',
      message: 'Reload the tally',
    });
    expect(await versions(id)).toHaveLength(2);
    expect(await run(id, { type: 'Add', by: 5 }, { ifMatch: { version: 2, staleMessage: 'Reload the tally' } })).toEqual({
      kind: 'open',
      total: 6,
    });
  });

  it('leaves a state no client holds a version of to decide, whatever If-Match says', async () => {
    const id = await openTally();
    await run(id, { type: 'Close' });
    await expect(run(id, { type: 'Add', by: 1 }, { ifMatch: { version: 1, staleMessage: 'Reload the tally' } })).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('folds the id of another kind of stream as no stream of its own', async () => {
    const id = newId(Date.now());
    await inTransaction(file.db, (ctx) =>
      append(ctx.tx, { type: 'other', id }, 'no_stream', [{ type: 'TallyOpened', data: {} }], ctx.meta),
    );
    await expect(run(id, { type: 'Add', by: 1 })).rejects.toMatchObject({ kind: 'not-found', message: 'Tally not found' });
    expect(await versions(id)).toEqual(['1 TallyOpened']);
  });

  it('answers a unique index that settles two writers with its refusal, and appends nothing', async () => {
    await inTransaction(file.db, (ctx) => createCourseCategory(ctx, 'Hardware'));
    // A writer that read before the name was taken: the read table's unique name refuses it.
    const late = newId(Date.now());
    const categories = { initialState: initialCourseCategory, evolve, decide };
    const command = { type: 'CreateCourseCategory' as const, data: { name: 'Hardware', nameHeldBy: null } };
    await expect(
      inTransaction(file.db, (ctx) =>
        runCommand(ctx, courseCategoryStream(late), categories, command, {
          uniqueConflicts: { course_categories_name_key: courseCategoryMessages.taken },
        }),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: courseCategoryMessages.taken });
    expect(await versions(late)).toEqual([]);
  });
});

type MarksCommand = { studentId: string; cells: Array<{ subject: string; value: MarkValue }>; thenFail?: boolean };

/** Marks as a save enters them, written with their events by the exam results' inline projection. */
const marking: Decider<MarksCommand, number, ExamMarksEvent> = {
  initialState: 0,
  evolve: (version) => version + 1,
  decide: ({ studentId, cells }) => [{ type: 'MarksEntered', data: { examId: 'exam-1', studentId, branchId: 'branch-1', marks: cells } }],
};

describe('runCommand with an inline projection', () => {
  const mark = (command: MarksCommand, options: RunOptions = {}) =>
    inTransaction(file.db, async (ctx) => {
      await runCommand(ctx, examMarksStream('exam-1', command.studentId), marking, command, { ...options, inline: marksWritten });
      if (command.thenFail) throw new Error('refused after the append');
    });
  const rows = async (studentId: string) =>
    (await file.db.select().from(examMarks).where(eq(examMarks.studentId, studentId)).orderBy(examMarks.subject)).map(
      ({ subject, hundredths, absent, version }) => ({ subject, hundredths, absent, version }),
    );

  it('writes the rows with the events, as the handler would: each cell at its event’s version, AB absent, null cleared', async () => {
    const studentId = newId(Date.now());
    await mark({
      studentId,
      cells: [
        { subject: 'acc', value: 72.5 },
        { subject: 'gst', value: 'AB' },
        { subject: 'law', value: 0.29 },
      ],
    });
    expect(await rows(studentId)).toEqual([
      { subject: 'acc', hundredths: toHundredths(72.5), absent: false, version: 1 },
      { subject: 'gst', hundredths: null, absent: true, version: 1 },
      { subject: 'law', hundredths: toHundredths(0.29), absent: false, version: 1 },
    ]);
    await mark({
      studentId,
      cells: [
        { subject: 'acc', value: null },
        { subject: 'gst', value: 40.25 },
      ],
    });
    expect(await rows(studentId)).toEqual([
      { subject: 'gst', hundredths: 4025, absent: false, version: 2 },
      { subject: 'law', hundredths: 29, absent: false, version: 1 },
    ]);
  });

  it('writes nothing when the append is refused, or when the command fails after it', async () => {
    const studentId = newId(Date.now());
    await mark({ studentId, cells: [{ subject: 'acc', value: 30 }] });
    // Read before the first save appended: the append at no stream is refused.
    await expect(mark({ studentId, cells: [{ subject: 'acc', value: 10 }] }, { history: [] })).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(mark({ studentId, cells: [{ subject: 'acc', value: 10 }], thenFail: true })).rejects.toThrow('refused after the append');
    expect(await rows(studentId)).toEqual([{ subject: 'acc', hundredths: 3000, absent: false, version: 1 }]);
    expect(await versions(examMarksStream('exam-1', studentId).id)).toEqual(['1 MarksEntered']);
  });
});
