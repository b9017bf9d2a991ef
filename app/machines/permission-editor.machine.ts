import { and, assign, fromPromise, not, setup } from 'xstate';

/**
 * The permission checklist of Permission Management (SPEC.md sections 2.5 and 4, "Permission
 * editor"): selecting a user loads the permissions they hold; any change that leaves the
 * selection different from what is saved makes it dirty; Reset restores the saved state;
 * saving clears the flag; switching to another user with unsaved changes asks first.
 *
 * Dirty means "differs from the saved grants", not "touched": unticking a box and ticking it
 * again leaves nothing to save. Ids are kept as sorted arrays so snapshots compare and
 * serialize plainly.
 *
 * Side effects are injected: `savePermissions` (the request), `showUser` (keep the address in
 * step with the user shown), `notifySaved` and `notifySaveFailed` (toasts).
 */

export type PermissionEditorEvent =
  /** Show a user's checklist; `permissionIds` are the grants they hold now. */
  | { type: 'user.select'; userId: string; permissionIds: readonly string[] }
  /** The grants of the user on screen were read again (after a reload). */
  | { type: 'user.refresh'; userId: string; permissionIds: readonly string[] }
  | { type: 'permission.toggle'; permissionId: string }
  /** Ticks the whole category, or unticks it when every permission of it is ticked. */
  | { type: 'category.toggle'; permissionIds: readonly string[] }
  /** Ticks every permission of the catalogue (its ids). */
  | { type: 'all.select'; permissionIds: readonly string[] }
  | { type: 'all.deselect' }
  | { type: 'changes.reset' }
  | { type: 'changes.save' }
  | { type: 'switch.confirm' }
  | { type: 'switch.cancel' };

export interface PendingSwitch {
  userId: string;
  permissionIds: string[];
}

export interface PermissionEditorContext {
  userId: string | null;
  /** The grants as stored. */
  saved: string[];
  /** The grants as ticked on screen. */
  selected: string[];
  /** The user asked for while there were unsaved changes. */
  pending: PendingSwitch | null;
  /** The message of the last failed save, until the next change. */
  error: string | null;
}

export interface SavePermissionsInput {
  userId: string;
  permissionIds: string[];
}

export interface SavePermissionsOutput {
  message?: string;
}

export interface PermissionEditorInput {
  userId?: string | null;
  permissionIds?: readonly string[];
}

export const SAVE_FAILED_MESSAGE = 'Failed to update permissions';

// ---------------------------------------------------------------------------------------------
// Pure helpers: the machine's edits and the checklist's derived state.

/** Distinct ids, sorted: the one shape a selection has. */
export function normalizeIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort();
}

export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const left = normalizeIds(a);
  const right = normalizeIds(b);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

export function togglePermission(selected: readonly string[], permissionId: string): string[] {
  return selected.includes(permissionId) ? selected.filter((id) => id !== permissionId) : normalizeIds([...selected, permissionId]);
}

export type CategoryState = 'all' | 'some' | 'none';

/** How much of a category is ticked. An empty category counts as none. */
export function categoryState(selected: readonly string[], categoryIds: readonly string[]): CategoryState {
  if (categoryIds.length === 0) return 'none';
  const chosen = new Set(selected);
  const count = categoryIds.filter((id) => chosen.has(id)).length;
  if (count === 0) return 'none';
  return count === categoryIds.length ? 'all' : 'some';
}

/** The category checkbox's `checked`: ticked, a dash, or empty. */
export function categoryChecked(state: CategoryState): boolean | 'indeterminate' {
  return state === 'all' ? true : state === 'some' ? 'indeterminate' : false;
}

export function toggleCategory(selected: readonly string[], categoryIds: readonly string[]): string[] {
  if (categoryState(selected, categoryIds) === 'all') {
    const removed = new Set(categoryIds);
    return selected.filter((id) => !removed.has(id));
  }
  return normalizeIds([...selected, ...categoryIds]);
}

export interface CategoryProgress {
  granted: number;
  total: number;
  /** 0 to 100, rounded. */
  percent: number;
}

export function categoryProgress(selected: readonly string[], categoryIds: readonly string[]): CategoryProgress {
  const chosen = new Set(selected);
  const granted = categoryIds.filter((id) => chosen.has(id)).length;
  const total = categoryIds.length;
  return { granted, total, percent: total === 0 ? 0 : Math.round((granted / total) * 100) };
}

export interface PermissionGroup<P> {
  category: string;
  permissions: P[];
}

/** Permissions by category, categories in the order they first appear (the catalogue's order). */
export function groupByCategory<P extends { category: string }>(permissions: readonly P[]): PermissionGroup<P>[] {
  const groups = new Map<string, P[]>();
  for (const permission of permissions) {
    const list = groups.get(permission.category);
    if (list) list.push(permission);
    else groups.set(permission.category, [permission]);
  }
  return [...groups].map(([category, list]) => ({ category, permissions: list }));
}

type EditEvent = Extract<PermissionEditorEvent, { type: 'permission.toggle' | 'category.toggle' | 'all.select' | 'all.deselect' }>;

/** The selection an edit leads to. */
export function applyEdit(selected: readonly string[], event: EditEvent): string[] {
  switch (event.type) {
    case 'permission.toggle':
      return togglePermission(selected, event.permissionId);
    case 'category.toggle':
      return toggleCategory(selected, event.permissionIds);
    case 'all.select':
      return normalizeIds(event.permissionIds);
    case 'all.deselect':
      return [];
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return SAVE_FAILED_MESSAGE;
}

// ---------------------------------------------------------------------------------------------

const edit = (target: 'clean' | 'dirty') => ({ target, actions: 'applyEdit' as const });

export const permissionEditorMachine = setup({
  types: {
    context: {} as PermissionEditorContext,
    events: {} as PermissionEditorEvent,
    input: {} as PermissionEditorInput | undefined,
  },
  actors: {
    savePermissions: fromPromise<SavePermissionsOutput, SavePermissionsInput>(async () => {
      throw new Error('savePermissions is not provided');
    }),
  },
  actions: {
    /** Injected: the user now shown (keep the address in step). */
    showUser: (_, _params: { userId: string | null }) => {},
    /** Injected: the save went through. */
    notifySaved: (_, _params: { userId: string; message: string | undefined }) => {},
    /** Injected: the save failed. */
    notifySaveFailed: (_, _params: { message: string }) => {},
    selectUser: assign(({ event }) => {
      const { userId, permissionIds } = event as Extract<PermissionEditorEvent, { type: 'user.select' }>;
      const ids = normalizeIds(permissionIds);
      return { userId, saved: ids, selected: ids, pending: null, error: null };
    }),
    holdSwitch: assign({
      pending: ({ event }) => {
        const { userId, permissionIds } = event as Extract<PermissionEditorEvent, { type: 'user.select' }>;
        return { userId, permissionIds: normalizeIds(permissionIds) };
      },
    }),
    selectPendingUser: assign(({ context }) => {
      const { userId, permissionIds } = context.pending!;
      return { userId, saved: permissionIds, selected: permissionIds, pending: null, error: null };
    }),
    dropPendingUser: assign({ pending: null }),
    applyEdit: assign({
      selected: ({ context, event }) => applyEdit(context.selected, event as EditEvent),
      error: null,
    }),
    resetChanges: assign(({ context }) => ({ selected: context.saved, error: null })),
    /** The stored grants changed: a clean checklist follows them, a dirty one keeps its ticks. */
    replaceSaved: assign(({ event }) => {
      const ids = normalizeIds((event as Extract<PermissionEditorEvent, { type: 'user.refresh' }>).permissionIds);
      return { saved: ids, selected: ids };
    }),
    updateSaved: assign({
      saved: ({ event }) => normalizeIds((event as Extract<PermissionEditorEvent, { type: 'user.refresh' }>).permissionIds),
    }),
    markSaved: assign(({ context }) => ({ saved: context.selected, error: null })),
    recordError: assign({ error: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
  },
  guards: {
    isOtherUser: ({ context, event }) => (event as { userId: string }).userId !== context.userId,
    isCurrentUser: ({ context, event }) => (event as { userId: string }).userId === context.userId,
    editMatchesSaved: ({ context, event }) => sameIds(applyEdit(context.selected, event as EditEvent), context.saved),
    refreshMatchesSelection: ({ context, event }) =>
      sameIds((event as Extract<PermissionEditorEvent, { type: 'user.refresh' }>).permissionIds, context.selected),
  },
}).createMachine({
  id: 'permissionEditor',
  context: ({ input }) => {
    const ids = normalizeIds(input?.permissionIds ?? []);
    return { userId: input?.userId ?? null, saved: ids, selected: ids, pending: null, error: null };
  },
  initial: 'start',
  states: {
    /** Opened on a user (from the address) or on nobody. */
    start: {
      always: [{ guard: ({ context }) => context.userId !== null, target: 'editing' }, { target: 'idle' }],
    },
    idle: {
      on: {
        'user.select': {
          target: 'editing',
          actions: ['selectUser', { type: 'showUser', params: ({ event }) => ({ userId: event.userId }) }],
        },
      },
    },
    editing: {
      initial: 'clean',
      states: {
        clean: {
          on: {
            // Selecting the same user again reads their grants afresh: nothing would be lost.
            'user.select': {
              target: 'clean',
              reenter: true,
              actions: ['selectUser', { type: 'showUser', params: ({ event }) => ({ userId: event.userId }) }],
            },
            'user.refresh': { guard: 'isCurrentUser', actions: 'replaceSaved' },
            'permission.toggle': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'category.toggle': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'all.select': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'all.deselect': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
          },
        },
        dirty: {
          on: {
            'user.select': { guard: 'isOtherUser', target: '#permissionEditor.confirmingSwitch', actions: 'holdSwitch' },
            'user.refresh': [
              { guard: and(['isCurrentUser', 'refreshMatchesSelection']), target: 'clean', actions: 'updateSaved' },
              { guard: and(['isCurrentUser', not('refreshMatchesSelection')]), actions: 'updateSaved' },
            ],
            'permission.toggle': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'category.toggle': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'all.select': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'all.deselect': [{ guard: 'editMatchesSaved', ...edit('clean') }, edit('dirty')],
            'changes.reset': { target: 'clean', actions: 'resetChanges' },
            'changes.save': { target: '#permissionEditor.saving' },
          },
        },
      },
    },
    confirmingSwitch: {
      on: {
        'switch.confirm': {
          target: 'editing.clean',
          actions: ['selectPendingUser', { type: 'showUser', params: ({ context }) => ({ userId: context.userId }) }],
        },
        // The address may already name the other user (the back button): put it back.
        'switch.cancel': {
          target: 'editing.dirty',
          actions: ['dropPendingUser', { type: 'showUser', params: ({ context }) => ({ userId: context.userId }) }],
        },
      },
    },
    saving: {
      invoke: {
        id: 'savePermissions',
        src: 'savePermissions',
        input: ({ context }) => ({ userId: context.userId ?? '', permissionIds: context.selected }),
        onDone: {
          target: 'editing.clean',
          actions: [
            'markSaved',
            {
              type: 'notifySaved',
              params: ({ context, event }) => ({ userId: context.userId ?? '', message: event.output?.message }),
            },
          ],
        },
        onError: {
          target: 'editing.dirty',
          actions: ['recordError', { type: 'notifySaveFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) }],
        },
      },
    },
  },
});

/** Whether the checklist holds changes that are not saved (also while asking or saving). */
export function hasUnsavedChanges(context: Pick<PermissionEditorContext, 'saved' | 'selected'>): boolean {
  return !sameIds(context.selected, context.saved);
}
