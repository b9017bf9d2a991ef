import { assign, not, setup } from 'xstate';
import {
  FORMAT_LIMITS,
  fontFamilies,
  fontWeights,
  alignments,
  layoutMessages,
  sideSize,
  type FieldType,
  type FormatField,
  type FormatLayout,
  type Side,
} from '../../common/certificate-layout';
import {
  DUPLICATE_OFFSET,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  clampBox,
  dragBox,
  fieldLabel,
  newField,
  nextFieldId,
  nudgeBox,
  positionText,
  resizeBox,
  sameBox,
  sizeText,
  type Direction,
} from '../components/certificate-designer/geometry';

/**
 * The visual designer of a certificate or ID card format: the layout as edited, the side shown,
 * the selected field, a bounded undo history, and the layout last loaded or saved.
 *
 * States: `idle` (no field selected) and `selected` (the selected field is on the side shown).
 * The state follows `selectedId` and decides which events apply: nudges, property changes,
 * deletion, duplication and deselecting act on the selected field and are taken in `selected`
 * only; a drag or a resize names the field the pointer took, and selects it.
 *
 * Every event is planned once (`planEdit`): refused (nothing changes; a message may be
 * announced), or applied, giving the new layout, selection and what to announce. Every field
 * stays whole on the page. `announcement` is what the page's polite live region reads. The
 * designer has unsaved changes while its layout differs from `saved`.
 */

export type FieldChanges = Partial<
  Pick<FormatField, 'x' | 'y' | 'width' | 'height' | 'fontFamily' | 'fontSize' | 'fontWeight' | 'colour' | 'align' | 'text'>
>;

export type FormatDesignerEvent =
  | { type: 'field.add'; fieldType: FieldType }
  | { type: 'field.select'; id: string }
  | { type: 'field.deselect' }
  /** A pointer drag ended `dx`, `dy` mm from where it started; the field snaps to guides. */
  | { type: 'field.drag'; id: string; dx: number; dy: number }
  /** An arrow key: 1 mm, or 5 mm with Shift. */
  | { type: 'field.nudge'; direction: Direction; large: boolean }
  /** The resize handle dragged by `dw`, `dh` mm. */
  | { type: 'field.resize'; id: string; dw: number; dh: number }
  | { type: 'field.change'; changes: FieldChanges }
  | { type: 'field.delete' }
  | { type: 'field.duplicate' }
  | { type: 'side.switch'; side: Side }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  /** The layout was replaced from outside (loaded again): start afresh. */
  | { type: 'layout.load'; layout: FormatLayout }
  /** The page saved this layout (the designer's own, perhaps edited since): the history stays. */
  | { type: 'layout.saved'; layout: FormatLayout };

/** The events that act on the selected field, taken in the `selected` state only. */
type SelectedFieldEvent = Extract<
  FormatDesignerEvent,
  { type: 'field.deselect' | 'field.nudge' | 'field.change' | 'field.delete' | 'field.duplicate' }
>;

interface FormatDesignerContext {
  layout: FormatLayout;
  /** The layout last loaded or saved. */
  saved: FormatLayout;
  side: Side;
  selectedId: string | null;
  /** Layouts before each edit, oldest first, at most HISTORY_LIMIT. */
  past: FormatLayout[];
  future: FormatLayout[];
  /**
   * The property the last edit changed (`<id>:<names>`): further changes to it, one per keystroke
   * in its input, join that edit so one undo takes back the whole word.
   */
  editKey: string | null;
  announcement: string;
}

export interface FormatDesignerInput {
  layout: FormatLayout;
}

export const HISTORY_LIMIT = 100;

export const formatDesignerMessages = {
  added: (label: string) => `${label} added`,
  deleted: (label: string) => `${label} deleted`,
  duplicated: (label: string) => `${label} duplicated`,
  resized: (text: string) => `Resized: ${text}`,
  side: (side: Side) => (side === 'front' ? 'Front side' : 'Back side'),
  undone: 'Undone',
  redone: 'Redone',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
} as const;

type History = 'push' | 'merge' | 'keep' | 'undo' | 'redo' | 'reset';

type DesignerPlan =
  | {
      kind: 'apply';
      layout: FormatLayout;
      saved: FormatLayout;
      side: Side;
      selectedId: string | null;
      announcement: string;
      history: History;
      editKey: string | null;
    }
  /** Refused: nothing changes; `announcement`, when given, is read out. */
  | { kind: 'refuse'; announcement: string | null };

const refuse = (announcement: string | null = null): DesignerPlan => ({ kind: 'refuse', announcement });

export function selectedField(context: Pick<FormatDesignerContext, 'layout' | 'selectedId'>): FormatField | null {
  return context.layout.fields.find((field) => field.id === context.selectedId) ?? null;
}

const withField = (layout: FormatLayout, field: FormatField): FormatLayout => ({
  ...layout,
  fields: layout.fields.map((each) => (each.id === field.id ? field : each)),
});

/** A property change as the field takes it: numbers that are not numbers are dropped, the rest bounded. */
function changedField(field: FormatField, changes: FieldChanges, layout: FormatLayout): FormatField {
  const next = { ...field };
  for (const name of ['x', 'y', 'width', 'height'] as const) {
    const value = changes[name];
    if (value !== undefined && Number.isFinite(value)) next[name] = value;
  }
  if (changes.fontSize !== undefined && Number.isFinite(changes.fontSize)) {
    next.fontSize = Math.min(Math.max(Math.round(changes.fontSize * 2) / 2, FORMAT_LIMITS.fontSizeMin), FORMAT_LIMITS.fontSizeMax);
  }
  if (changes.fontFamily && fontFamilies.includes(changes.fontFamily)) next.fontFamily = changes.fontFamily;
  if (changes.fontWeight && fontWeights.includes(changes.fontWeight)) next.fontWeight = changes.fontWeight;
  if (changes.align && alignments.includes(changes.align)) next.align = changes.align;
  if (changes.colour && /^#[0-9a-fA-F]{6}$/.test(changes.colour)) next.colour = changes.colour.toLowerCase();
  if (changes.text !== undefined) next.text = changes.text.slice(0, FORMAT_LIMITS.text);
  return clampBox(next, sideSize(layout));
}

const sameField = (a: FormatField, b: FormatField) => JSON.stringify(a) === JSON.stringify(b);

type Apply = Extract<DesignerPlan, { kind: 'apply' }>;
type Changes = Partial<Omit<Apply, 'kind' | 'history'>> & Pick<Apply, 'history'>;

const applied = (context: FormatDesignerContext, next: Changes): DesignerPlan => ({
  kind: 'apply',
  layout: context.layout,
  saved: context.saved,
  side: context.side,
  selectedId: context.selectedId,
  announcement: '',
  editKey: null,
  ...next,
});

/** What an event does to the designer. */
export function planEdit(context: FormatDesignerContext, event: FormatDesignerEvent): DesignerPlan {
  const { layout, side } = context;
  const page = sideSize(layout);
  const apply = (next: Changes) => applied(context, next);
  const findField = (id: string) => layout.fields.find((field) => field.id === id && field.side === side);

  switch (event.type) {
    case 'field.add': {
      if (layout.fields.length >= FORMAT_LIMITS.fields) return refuse(layoutMessages.tooManyFields);
      const field = newField(event.fieldType, layout, side);
      return apply({
        layout: { ...layout, fields: [...layout.fields, field] },
        selectedId: field.id,
        announcement: formatDesignerMessages.added(fieldLabel(field)),
        history: 'push',
      });
    }
    case 'field.select': {
      if (!findField(event.id) || event.id === context.selectedId) return refuse();
      return apply({ selectedId: event.id, history: 'keep' });
    }
    case 'field.drag': {
      const field = findField(event.id);
      if (!field) return refuse();
      const others = layout.fields.filter((other) => other.side === side && other.id !== field.id);
      const { box } = dragBox(field, event, others, page);
      if (sameBox(box, field)) return event.id === context.selectedId ? refuse() : apply({ selectedId: field.id, history: 'keep' });
      return apply({ layout: withField(layout, box), selectedId: field.id, announcement: positionText(box), history: 'push' });
    }
    case 'field.resize': {
      const field = findField(event.id);
      if (!field) return refuse();
      const box = resizeBox(field, event, page);
      if (sameBox(box, field)) return refuse();
      return apply({
        layout: withField(layout, box),
        selectedId: field.id,
        announcement: formatDesignerMessages.resized(sizeText(box)),
        history: 'push',
      });
    }
    case 'field.deselect':
    case 'field.nudge':
    case 'field.change':
    case 'field.delete':
    case 'field.duplicate': {
      const selected = selectedField(context);
      if (!selected) throw new Error(`${event.type} is taken only while a field is selected`);
      return planSelectedEdit(context, selected, event);
    }
    case 'side.switch': {
      if (event.side === side) return refuse();
      if (layout.kind === 'certificate') return refuse(layoutMessages.backOnCertificate);
      return apply({ side: event.side, selectedId: null, announcement: formatDesignerMessages.side(event.side), history: 'keep' });
    }
    case 'history.undo':
    case 'history.redo': {
      const undo = event.type === 'history.undo';
      const restored = (undo ? context.past : context.future).at(-1);
      if (!restored) return refuse(undo ? formatDesignerMessages.nothingToUndo : formatDesignerMessages.nothingToRedo);
      const keeps = restored.fields.some((field) => field.id === context.selectedId && field.side === side);
      return apply({
        layout: restored,
        selectedId: keeps ? context.selectedId : null,
        announcement: undo ? formatDesignerMessages.undone : formatDesignerMessages.redone,
        history: undo ? 'undo' : 'redo',
      });
    }
    case 'layout.load':
      return apply({ layout: event.layout, saved: event.layout, side: 'front', selectedId: null, history: 'reset' });
    case 'layout.saved':
      return apply({ saved: event.layout, history: 'keep' });
  }
}

/** What an event does to the selected field. */
function planSelectedEdit(context: FormatDesignerContext, selected: FormatField, event: SelectedFieldEvent): DesignerPlan {
  const { layout } = context;
  const page = sideSize(layout);
  const apply = (next: Changes) => applied(context, next);

  switch (event.type) {
    case 'field.deselect':
      return apply({ selectedId: null, history: 'keep' });
    case 'field.nudge': {
      const box = nudgeBox(selected, event.direction, event.large ? NUDGE_STEP_LARGE : NUDGE_STEP, page);
      // At the edge already: say where it is, so a key that does nothing is not a mystery.
      if (sameBox(box, selected)) return refuse(positionText(selected));
      return apply({ layout: withField(layout, box), announcement: positionText(box), history: 'push' });
    }
    case 'field.change': {
      const field = changedField(selected, event.changes, layout);
      if (sameField(field, selected)) return refuse();
      const editKey = `${field.id}:${Object.keys(event.changes).sort().join()}`;
      return apply({ layout: withField(layout, field), editKey, history: editKey === context.editKey ? 'merge' : 'push' });
    }
    case 'field.delete':
      return apply({
        layout: { ...layout, fields: layout.fields.filter((field) => field.id !== selected.id) },
        selectedId: null,
        announcement: formatDesignerMessages.deleted(fieldLabel(selected)),
        history: 'push',
      });
    case 'field.duplicate': {
      if (layout.fields.length >= FORMAT_LIMITS.fields) return refuse(layoutMessages.tooManyFields);
      const copy = clampBox(
        { ...selected, id: nextFieldId(layout.fields), x: selected.x + DUPLICATE_OFFSET, y: selected.y + DUPLICATE_OFFSET },
        page,
      );
      return apply({
        layout: { ...layout, fields: [...layout.fields, copy] },
        selectedId: copy.id,
        announcement: formatDesignerMessages.duplicated(fieldLabel(copy)),
        history: 'push',
      });
    }
  }
}

function historyAfter(context: FormatDesignerContext, history: History): Pick<FormatDesignerContext, 'past' | 'future'> {
  switch (history) {
    case 'push':
      return { past: [...context.past, context.layout].slice(-HISTORY_LIMIT), future: [] };
    case 'merge':
    case 'keep':
      return { past: context.past, future: context.future };
    case 'undo':
      return { past: context.past.slice(0, -1), future: [...context.future, context.layout] };
    case 'redo':
      return { past: [...context.past, context.layout], future: context.future.slice(0, -1) };
    case 'reset':
      return { past: [], future: [] };
  }
}

/** Plans the event once and carries it out. */
const edit = { actions: 'edit' } as const;

export const formatDesignerMachine = setup({
  types: {
    context: {} as FormatDesignerContext,
    events: {} as FormatDesignerEvent,
    input: {} as FormatDesignerInput,
  },
  actions: {
    edit: assign(({ context, event }) => {
      const plan = planEdit(context, event);
      if (plan.kind === 'refuse') return plan.announcement ? { announcement: plan.announcement } : {};
      const { kind, history, ...next } = plan;
      return { ...next, ...historyAfter(context, history) };
    }),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedId !== null,
  },
}).createMachine({
  id: 'formatDesigner',
  context: ({ input }) => ({
    layout: input.layout,
    saved: input.layout,
    side: 'front',
    selectedId: null,
    past: [],
    future: [],
    editKey: null,
    announcement: '',
  }),
  initial: 'idle',
  on: {
    'field.add': edit,
    'field.select': edit,
    'field.drag': edit,
    'field.resize': edit,
    'side.switch': edit,
    'history.undo': edit,
    'history.redo': edit,
    'layout.load': edit,
    'layout.saved': edit,
  },
  states: {
    idle: {
      always: { guard: 'hasSelection', target: 'selected' },
    },
    selected: {
      always: { guard: not('hasSelection'), target: 'idle' },
      on: {
        'field.deselect': edit,
        'field.nudge': edit,
        'field.change': edit,
        'field.delete': edit,
        'field.duplicate': edit,
      },
    },
  },
});

export const canUndo = (context: Pick<FormatDesignerContext, 'past'>) => context.past.length > 0;
export const canRedo = (context: Pick<FormatDesignerContext, 'future'>) => context.future.length > 0;

/** Whether the layout differs from the one last loaded or saved; an edit undone leaves nothing to save. */
export const hasUnsavedChanges = (context: Pick<FormatDesignerContext, 'layout' | 'saved'>) =>
  context.layout !== context.saved && JSON.stringify(context.layout) !== JSON.stringify(context.saved);
