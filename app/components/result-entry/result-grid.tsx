import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as React from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { ExamSheet } from '../../../common/contracts/exam-results';
import { ABSENT, markText, missingMarks, outcomeOf, readMark, standingLabels } from '../../../common/exam-results';
import { LeaveGuard } from '~/components/leave-guard';
import { Button } from '~/components/ui/button';
import { cn } from '~/components/ui/cn';
import {
  cellId,
  cellStatus,
  hasUnsaved,
  resultEntryMachine,
  shownValue,
  splitCellId,
  type CellId,
  type ResultEntryContext,
} from '~/machines/result-entry.machine';
import { saveMarksActor } from './save-marks';

/** The saved marks of a sheet, by cell, as the machine starts from them. */
function savedCells(sheet: ExamSheet): ResultEntryContext['saved'] {
  const saved: ResultEntryContext['saved'] = {};
  for (const student of sheet.students) {
    for (const [subject, cell] of Object.entries(student.marks)) saved[cellId(student.studentId, subject)] = cell;
  }
  return saved;
}

export type ResultEntryActor = ActorRefFrom<typeof resultEntryMachine>;

/** The save cycle of a sheet's grid, started from the marks the sheet holds. */
export function useResultEntry(sheet: ExamSheet): ResultEntryActor {
  const csrf = useAuthenticityToken();
  const examId = sheet.exam._id;
  const machine = React.useMemo(() => resultEntryMachine.provide({ actors: { saveCells: saveMarksActor(csrf, examId) } }), [csrf, examId]);
  return useActorRef(machine, { input: { saved: savedCells(sheet) } });
}

/** How many marks the sheet lacks as the grid shows it now, typed marks counted. */
export function marksMissingNow(sheet: ExamSheet, context: ResultEntryContext): number {
  const shown = sheet.students.map((student) => ({
    marks: Object.fromEntries(
      sheet.subjects.flatMap((subject) => {
        const value = shownValue(context, cellId(student.studentId, subject.key));
        return value === null ? [] : [[subject.key, value]];
      }),
    ),
  }));
  return missingMarks(sheet.subjects, shown);
}

/** Where a key moves the focus in the grid, or null when it is the input's own. */
function moveFor(event: React.KeyboardEvent<HTMLInputElement>): [number, number] | null {
  const input = event.currentTarget;
  const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
  const atEnd = input.selectionStart === input.value.length;
  switch (event.key) {
    case 'Enter':
      return event.shiftKey ? [-1, 0] : [1, 0];
    case 'ArrowDown':
      return [1, 0];
    case 'ArrowUp':
      return [-1, 0];
    case 'ArrowLeft':
      return atStart ? [0, -1] : null;
    case 'ArrowRight':
      return atEnd ? [0, 1] : null;
    default:
      return null;
  }
}

/**
 * The result-entry grid: a row per student, a column per subject, the outcome beside. Marks are
 * typed (AB for absent) and saved a second after the last keystroke; Enter and the arrows move
 * between cells, Ctrl/Cmd+Z takes back the last edit, a pasted column fills down. Without
 * JavaScript it is a form whose Save marks button sends every cell.
 */
export function ResultGrid({
  sheet,
  locked,
  actor,
  rowAction,
}: {
  sheet: ExamSheet;
  locked: boolean;
  actor: ResultEntryActor;
  /** What a row offers at its end (revising a published result), if anything. */
  rowAction?: (student: ExamSheet['students'][number]) => React.ReactNode;
}) {
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const stopped = state === 'failed' || state === 'refused' || state === 'offline';
  /** What is typed into a cell and not (yet) a mark: the text of an invalid one, kept as typed. */
  const [typing, setTyping] = React.useState<Record<CellId, string>>({});
  const grid = React.useRef<HTMLTableElement>(null);
  const { subjects, students } = sheet;

  React.useEffect(() => {
    const lost = () => actor.send({ type: 'connection.lost' });
    const back = () => actor.send({ type: 'connection.back' });
    window.addEventListener('offline', lost);
    window.addEventListener('online', back);
    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', back);
    };
  }, [actor]);

  const focusCell = (row: number, column: number) => {
    const target = grid.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-column="${column}"]`);
    target?.focus();
    target?.select();
  };

  const textOf = (cell: CellId) => typing[cell] ?? markText(shownValue(context, cell));

  function type(cell: CellId, text: string, subject: (typeof subjects)[number]) {
    const read = readMark(text, subject);
    setTyping((now) => ({ ...now, [cell]: text }));
    if ('value' in read) actor.send({ type: 'cell.edit', cell, value: read.value });
  }

  function settleText(cell: CellId, subject: (typeof subjects)[number]) {
    const text = typing[cell];
    if (text !== undefined && 'value' in readMark(text, subject)) {
      setTyping((now) => {
        const { [cell]: _settled, ...rest } = now;
        return rest;
      });
    }
  }

  function undo() {
    const last = context.undo.at(-1);
    actor.send({ type: 'edit.undo' });
    if (!last) return;
    setTyping((now) => {
      const { [last.cell]: _undone, ...rest } = now;
      return rest;
    });
    const { studentId, subject } = splitCellId(last.cell);
    const row = students.findIndex((student) => student.studentId === studentId);
    const column = subjects.findIndex((one) => one.key === subject);
    if (row >= 0 && column >= 0) focusCell(row, column);
  }

  function paste(event: React.ClipboardEvent<HTMLInputElement>, row: number, column: number) {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    const lines = text.replace(/\r/g, '').replace(/\n$/, '').split('\n');
    lines.forEach((line, down) => {
      line.split('\t').forEach((value, across) => {
        const student = students[row + down];
        const subject = subjects[column + across];
        if (student && subject) type(cellId(student.studentId, subject.key), value.trim(), subject);
      });
    });
  }

  const unsaved = hasUnsaved(context);
  const conflicts = Object.keys(context.conflicts).length;

  return (
    <div className="grid gap-3">
      <LeaveGuard unsaved={() => hasUnsaved(actor.getSnapshot().context)} what="the marks not yet saved" />
      <SaveStatus
        state={String(state)}
        error={context.error}
        unsaved={unsaved}
        conflicts={conflicts}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      <div className="overflow-x-auto rounded-lg border">
        <table ref={grid} className="w-full border-collapse text-sm" aria-label={`Marks for ${sheet.exam.examName}`}>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Roll No
              </th>
              <th scope="col" className="min-w-44 px-3 py-2 font-medium">
                Student
              </th>
              {subjects.map((subject) => (
                <th key={subject.key} scope="col" className="px-2 py-2 font-medium">
                  <span className="block">{subject.name}</span>
                  <span className="block text-xs font-normal text-muted-foreground">
                    of {subject.questionPaperMarks} · pass {subject.passingMarks}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                %
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Result
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Grade
              </th>
              {rowAction ? (
                <th scope="col" className="px-1 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {students.map((student, row) => {
              const marks = Object.fromEntries(
                subjects.map((subject) => [subject.key, shownValue(context, cellId(student.studentId, subject.key))]),
              );
              const outcome = outcomeOf(subjects, marks, sheet.gradingScale);
              return (
                <tr key={student.studentId} className="border-t">
                  <td className="px-3 py-1.5 tabular-nums text-muted-foreground">{student.rollNo ?? '—'}</td>
                  <th scope="row" className="px-3 py-1.5 text-left font-medium">
                    {student.name}
                  </th>
                  {subjects.map((subject, column) => {
                    const cell = cellId(student.studentId, subject.key);
                    const text = textOf(cell);
                    const read = readMark(text, subject);
                    const error = 'error' in read ? read.error : null;
                    const status = cellStatus(context, cell, stopped);
                    const conflict = context.conflicts[cell];
                    const errorId = `${cell}-error`;
                    return (
                      <td key={subject.key} className="px-2 py-1 align-top">
                        {/* Without JavaScript the form sends each cell with what it was shown on. */}
                        <input type="hidden" name={`base:${student.studentId}:${subject.key}`} value={context.saved[cell]?.version ?? 0} />
                        <input
                          type="hidden"
                          name={`was:${student.studentId}:${subject.key}`}
                          value={markText(context.saved[cell]?.value ?? null)}
                        />
                        <input
                          name={`mark:${student.studentId}:${subject.key}`}
                          value={text}
                          readOnly={locked}
                          inputMode="decimal"
                          autoComplete="off"
                          data-row={row}
                          data-column={column}
                          data-status={status}
                          aria-label={`${subject.name}, ${student.name}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error || conflict ? errorId : undefined}
                          className={cn(
                            'h-8 w-20 rounded-md border bg-background px-2 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring',
                            text.toUpperCase() === ABSENT && 'text-muted-foreground',
                            error && 'border-destructive',
                            status === 'conflict' && 'border-amber-500 bg-amber-50 dark:bg-amber-950',
                            status === 'unsaved' && 'border-destructive',
                            (status === 'pending' || status === 'sending') && 'border-dashed',
                          )}
                          onChange={(event) => type(cell, event.target.value, subject)}
                          onBlur={() => settleText(cell, subject)}
                          onPaste={(event) => paste(event, row, column)}
                          onKeyDown={(event) => {
                            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z' && !event.shiftKey) {
                              event.preventDefault();
                              undo();
                              return;
                            }
                            if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
                              event.preventDefault();
                              actor.send({ type: 'save.now' });
                              return;
                            }
                            const move = moveFor(event);
                            if (!move) return;
                            event.preventDefault();
                            focusCell(row + move[0], column + move[1]);
                          }}
                        />
                        {error ? (
                          <p id={errorId} className="mt-1 max-w-32 text-xs text-destructive">
                            {error}
                          </p>
                        ) : conflict ? (
                          <div id={errorId} className="mt-1 grid max-w-40 gap-1 text-xs">
                            <span>Someone else entered {markText(conflict.theirs.value) || 'nothing'}.</span>
                            <span className="flex gap-1">
                              <Button
                                type="button"
                                size="sm"
                                variant="outline"
                                className="h-6 px-2 text-xs"
                                onClick={() => actor.send({ type: 'conflict.keepMine', cell })}
                              >
                                Keep {markText(conflict.mine) || 'empty'}
                              </Button>
                              <Button
                                type="button"
                                size="sm"
                                variant="outline"
                                className="h-6 px-2 text-xs"
                                onClick={() => {
                                  setTyping((now) => {
                                    const { [cell]: _theirs, ...rest } = now;
                                    return rest;
                                  });
                                  actor.send({ type: 'conflict.takeTheirs', cell });
                                }}
                              >
                                Use {markText(conflict.theirs.value) || 'empty'}
                              </Button>
                            </span>
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                  <td className="px-3 py-1.5 text-right tabular-nums">{outcome.total}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {outcome.percentage === null ? '—' : outcome.percentage.toFixed(2)}
                  </td>
                  <td
                    className={cn(
                      'px-3 py-1.5',
                      outcome.standing === 'fail' && 'text-destructive',
                      outcome.standing === 'pass' && 'text-emerald-700 dark:text-emerald-400',
                    )}
                  >
                    {standingLabels[outcome.standing]}
                  </td>
                  <td className="px-3 py-1.5 font-medium">{outcome.grade ?? '—'}</td>
                  {rowAction ? <td className="px-1 py-1 text-right">{rowAction(student)}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Where the saving stands, in words, for everyone (a live region). */
function SaveStatus({
  state,
  error,
  unsaved,
  conflicts,
  onRetry,
}: {
  state: string;
  error: string | null;
  unsaved: boolean;
  conflicts: number;
  onRetry: () => void;
}) {
  const text =
    state === 'offline'
      ? 'Offline: the marks typed are kept and saved when the connection is back'
      : state === 'failed'
        ? `Not saved: ${error ?? 'the server did not answer'}. Trying again shortly.`
        : state === 'refused'
          ? `Not saved: ${error ?? 'the marks were refused'}`
          : state === 'saving' || state === 'waiting'
            ? 'Saving…'
            : conflicts > 0
              ? `${conflicts} ${conflicts === 1 ? 'mark was' : 'marks were'} changed by someone else: choose which to keep`
              : unsaved
                ? 'Changes not saved yet'
                : 'All changes saved';
  return (
    <div className="flex min-h-8 items-center gap-3 text-sm">
      <p role="status" className={cn(state === 'failed' || state === 'refused' ? 'text-destructive' : 'text-muted-foreground')}>
        {text}
      </p>
      {state === 'failed' || state === 'refused' ? (
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
