import { assign, fromPromise, not, setup } from 'xstate';
import type { MarkCell, SavedMarks } from '../../common/contracts/exam-results';
import type { MarkValue } from '../../common/exam-results';

/**
 * The save cycle of the result-entry grid: marks are saved as they are typed, a second after the
 * last keystroke, without a page load; each cell says whether it is saved.
 *
 *   idle ──cell.edit──▶ waiting ──after 1 s / save.now──▶ saving ──done──▶ idle (or waiting, if more was typed)
 *                                                           │
 *                                            error ─────────┼──────────▶ failed ──after backoff / retry──▶ saving
 *                                            refused ───────┴──────────▶ refused ──cell.edit / retry──▶ saving
 *                       connection.lost (anywhere) ─▶ offline ──connection.back──▶ saving
 *
 * - `saved` is each cell as the server holds it, with its version; `pending` what was typed and
 *   not sent; `sending` what a save carries. A cell shows pending, else sending, else saved.
 * - A save sends every pending cell on the version the page holds of it. A cell someone else
 *   changed meanwhile comes back as a conflict: the server keeps theirs, the grid keeps the
 *   typed value beside it until the user keeps theirs (sent again on the new version) or takes
 *   the other. Typing into the cell again keeps the new value the same way.
 * - A failed save (the network, the server) keeps its cells pending and tries again after 2, 4,
 *   8… seconds (at most 30); a refused one (a mark the server will not take, a published exam)
 *   waits for the user.
 * - `edit.undo` takes back the last edit, whatever cell it was in.
 * The save itself is the injected actor `saveCells`.
 */

/** A student's subject: `<studentId>\u001f<subject key>`. */
export type CellId = string;
const SEPARATOR = '\u001f';
export const cellId = (studentId: string, subject: string): CellId => `${studentId}${SEPARATOR}${subject}`;
export function splitCellId(id: CellId) {
  const at = id.indexOf(SEPARATOR);
  return { studentId: id.slice(0, at), subject: id.slice(at + 1) };
}

export interface SavedCell {
  value: MarkValue;
  version: number;
}

export interface Conflict {
  /** What this user typed. */
  mine: MarkValue;
  /** What the server holds, set by someone else. */
  theirs: SavedCell;
}

/** Why a save did not happen: `refused` when sending it again unchanged would not help. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export const SAVE_DEBOUNCE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
export const retryDelay = (attempts: number) => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
export const UNDO_LIMIT = 200;

export interface ResultEntryContext {
  saved: Record<CellId, SavedCell>;
  pending: Record<CellId, MarkValue>;
  sending: Record<CellId, MarkValue>;
  conflicts: Record<CellId, Conflict>;
  undo: Array<{ cell: CellId; value: MarkValue }>;
  undoLimit: number;
  attempts: number;
  error: string | null;
}

export type ResultEntryEvent =
  | { type: 'cell.edit'; cell: CellId; value: MarkValue }
  | { type: 'edit.undo' }
  | { type: 'conflict.keepMine'; cell: CellId }
  | { type: 'conflict.takeTheirs'; cell: CellId }
  | { type: 'save.now' }
  | { type: 'retry' }
  | { type: 'connection.lost' }
  | { type: 'connection.back' };

export interface ResultEntryInput {
  saved: Record<CellId, SavedCell>;
  /** How many edits can be taken back; UNDO_LIMIT unless told. */
  undoLimit?: number;
}

/** What a cell shows: typed and unsent, being sent, else as saved. */
export function shownValue(context: ResultEntryContext, cell: CellId): MarkValue {
  if (cell in context.pending) return context.pending[cell]!;
  if (cell in context.sending) return context.sending[cell]!;
  if (cell in context.conflicts) return context.conflicts[cell]!.mine;
  return context.saved[cell]?.value ?? null;
}

export type CellStatus = 'saved' | 'pending' | 'sending' | 'conflict' | 'unsaved';

/** A cell's state for its marker; `unsaved` when its save failed or was refused. */
export function cellStatus(context: ResultEntryContext, cell: CellId, stopped: boolean): CellStatus {
  if (cell in context.conflicts) return 'conflict';
  if (cell in context.sending) return 'sending';
  if (cell in context.pending) return stopped ? 'unsaved' : 'pending';
  return 'saved';
}

/** Whether the grid holds anything the server does not: a page left now would lose it. */
export const hasUnsaved = (context: ResultEntryContext) =>
  Object.keys(context.pending).length + Object.keys(context.sending).length + Object.keys(context.conflicts).length > 0;

/** A change to one cell: pending unless it is what the server holds and nothing else is on its way. */
function edited(context: ResultEntryContext, cell: CellId, value: MarkValue): Pick<ResultEntryContext, 'pending' | 'conflicts' | 'saved'> {
  const pending = { ...context.pending };
  const conflicts = { ...context.conflicts };
  let saved = context.saved;
  const conflict = conflicts[cell];
  if (conflict) {
    // Typing over a conflict keeps the new value, on the version of the change it met.
    delete conflicts[cell];
    saved = { ...saved, [cell]: conflict.theirs };
  }
  if (!(cell in context.sending) && (saved[cell]?.value ?? null) === value) delete pending[cell];
  else pending[cell] = value;
  return { pending, conflicts, saved };
}

export const resultEntryMachine = setup({
  types: {
    context: {} as ResultEntryContext,
    events: {} as ResultEntryEvent,
    input: {} as ResultEntryInput,
  },
  actors: {
    saveCells: fromPromise<SavedMarks, { cells: MarkCell[] }>(async () => {
      throw new Error('saveCells is provided by the page');
    }),
  },
  delays: {
    debounce: SAVE_DEBOUNCE_MS,
    backoff: ({ context }) => retryDelay(context.attempts),
  },
  guards: {
    hasPending: ({ context }) => Object.keys(context.pending).length > 0,
    refused: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof SaveError && error.refused;
    },
    canUndo: ({ context }) => context.undo.length > 0,
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'cell.edit') return {};
      const undo = [...context.undo, { cell: event.cell, value: shownValue(context, event.cell) }].slice(-context.undoLimit);
      return { ...edited(context, event.cell, event.value), undo };
    }),
    undo: assign(({ context }) => {
      const last = context.undo.at(-1);
      if (!last) return {};
      return { ...edited(context, last.cell, last.value), undo: context.undo.slice(0, -1) };
    }),
    keepMine: assign(({ context, event }) => {
      if (event.type !== 'conflict.keepMine' || !(event.cell in context.conflicts)) return {};
      return edited(context, event.cell, context.conflicts[event.cell]!.mine);
    }),
    takeTheirs: assign(({ context, event }) => {
      if (event.type !== 'conflict.takeTheirs') return {};
      const conflict = context.conflicts[event.cell];
      if (!conflict) return {};
      const conflicts = { ...context.conflicts };
      delete conflicts[event.cell];
      return { conflicts, saved: { ...context.saved, [event.cell]: conflict.theirs } };
    }),
    send: assign(({ context }) => ({ sending: context.pending, pending: {} })),
    settle: assign(({ context, event }) => {
      const { saved: done, conflicts: met } = (event as unknown as { output: SavedMarks }).output;
      const saved = { ...context.saved };
      const conflicts = { ...context.conflicts };
      for (const cell of done) saved[cellId(cell.studentId, cell.subject)] = { value: cell.value, version: cell.version };
      for (const cell of met) {
        const id = cellId(cell.studentId, cell.subject);
        const theirs = { value: cell.value, version: cell.version };
        // A cell typed into again while it was on its way keeps that newer value, on their version.
        if (id in context.pending) saved[id] = theirs;
        else conflicts[id] = { mine: context.sending[id] ?? null, theirs };
      }
      return { saved, conflicts, sending: {}, attempts: 0, error: null };
    }),
    keepUnsent: assign(({ context, event }) => {
      const error = (event as { error?: unknown }).error;
      return {
        pending: { ...context.sending, ...context.pending },
        sending: {},
        attempts: context.attempts + 1,
        error: error instanceof Error && error.message ? error.message : 'The marks could not be saved',
      };
    }),
    clearError: assign({ error: null, attempts: 0 }),
    // A save cut off may or may not have reached the server: its cells go again, on the versions
    // they were typed on, and come back saved (or as a conflict) either way.
    takeBackSending: assign(({ context }) => ({ pending: { ...context.sending, ...context.pending }, sending: {} })),
  },
}).createMachine({
  id: 'resultEntry',
  context: ({ input }) => ({
    saved: input.saved,
    pending: {},
    sending: {},
    conflicts: {},
    undo: [],
    undoLimit: input.undoLimit ?? UNDO_LIMIT,
    attempts: 0,
    error: null,
  }),
  initial: 'idle',
  on: {
    'conflict.takeTheirs': { actions: 'takeTheirs' },
    'connection.lost': '.offline',
  },
  states: {
    idle: {
      on: {
        'cell.edit': { target: 'waiting', actions: 'edit' },
        'edit.undo': { guard: 'canUndo', target: 'waiting', actions: 'undo' },
        'conflict.keepMine': { target: 'waiting', actions: 'keepMine' },
      },
    },
    waiting: {
      always: { guard: not('hasPending'), target: 'idle' },
      after: { debounce: 'saving' },
      on: {
        'cell.edit': { target: 'waiting', reenter: true, actions: 'edit' },
        'edit.undo': { guard: 'canUndo', target: 'waiting', reenter: true, actions: 'undo' },
        'conflict.keepMine': { target: 'waiting', reenter: true, actions: 'keepMine' },
        'save.now': 'saving',
      },
    },
    saving: {
      entry: 'send',
      invoke: {
        id: 'saveCells',
        src: 'saveCells',
        input: ({ context }) => ({
          cells: Object.entries(context.sending).map(([id, value]) => ({
            ...splitCellId(id),
            value,
            baseVersion: context.saved[id]?.version ?? 0,
          })),
        }),
        onDone: [
          { guard: 'hasPending', target: 'waiting', actions: 'settle' },
          { target: 'idle', actions: 'settle' },
        ],
        onError: [
          { guard: 'refused', target: 'refused', actions: 'keepUnsent' },
          { target: 'failed', actions: 'keepUnsent' },
        ],
      },
      on: {
        'cell.edit': { actions: 'edit' },
        'edit.undo': { guard: 'canUndo', actions: 'undo' },
        'conflict.keepMine': { actions: 'keepMine' },
      },
    },
    failed: {
      after: { backoff: 'saving' },
      on: {
        'cell.edit': { actions: 'edit' },
        'edit.undo': { guard: 'canUndo', actions: 'undo' },
        'conflict.keepMine': { actions: 'keepMine' },
        retry: 'saving',
        'save.now': 'saving',
      },
    },
    refused: {
      on: {
        'cell.edit': { target: 'waiting', actions: ['edit', 'clearError'] },
        'edit.undo': { guard: 'canUndo', target: 'waiting', actions: ['undo', 'clearError'] },
        'conflict.keepMine': { target: 'waiting', actions: ['keepMine', 'clearError'] },
        retry: { target: 'saving', actions: 'clearError' },
      },
    },
    offline: {
      entry: 'takeBackSending',
      on: {
        'cell.edit': { actions: 'edit' },
        'edit.undo': { guard: 'canUndo', actions: 'undo' },
        'conflict.keepMine': { actions: 'keepMine' },
        'connection.lost': {},
        'connection.back': [
          { guard: 'hasPending', target: 'saving', actions: 'clearError' },
          { target: 'idle', actions: 'clearError' },
        ],
      },
    },
  },
});
