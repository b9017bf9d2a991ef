import { assign, setup } from 'xstate';
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
 * the selected field, and a bounded undo history.
 *
 * States: `idle` (no field selected) and `selected` (the selected field is on the side shown).
 * Nudges, property changes, deletion and duplication act on the selected field; a drag or a
 * resize names the field the pointer took, and selects it.
 *
 * Every event runs through one plan (`planEdit`): refused (nothing changes; a message may be
 * announced), or applied, giving the new layout, selection and what to announce. Every field
 * stays whole on the page. `announcement` is what the page's polite live region reads.
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
  /** The layout was replaced from outside (loaded, saved): start afresh. */
  | { type: 'layout.load'; layout: FormatLayout };

export interface FormatDesignerContext {
  layout: FormatLayout;
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

export type DesignerPlan =
  | {
      kind: 'apply';
      layout: FormatLayout;
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

/** What an event does to the designer. */
export function planEdit(context: FormatDesignerContext, event: FormatDesignerEvent): DesignerPlan {
  const { layout, side } = context;
  const page = sideSize(layout);
  const apply = (
    next: Partial<Pick<Extract<DesignerPlan, { kind: 'apply' }>, 'layout' | 'side' | 'selectedId' | 'announcement' | 'editKey'>> & {
      history: History;
    },
  ): DesignerPlan => ({ kind: 'apply', layout, side, selectedId: context.selectedId, announcement: '', editKey: null, ...next });
  const selected = selectedField(context);
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
    case 'field.deselect':
      return apply({ selectedId: null, history: 'keep' });
    case 'field.drag': {
      const field = findField(event.id);
      if (!field) return refuse();
      const others = layout.fields.filter((other) => other.side === side && other.id !== field.id);
      const { box } = dragBox(field, event, others, page);
      if (sameBox(box, field)) return event.id === context.selectedId ? refuse() : apply({ selectedId: field.id, history: 'keep' });
      return apply({ layout: withField(layout, box), selectedId: field.id, announcement: positionText(box), history: 'push' });
    }
    case 'field.nudge': {
      if (!selected) return refuse();
      const box = nudgeBox(selected, event.direction, event.large ? NUDGE_STEP_LARGE : NUDGE_STEP, page);
      // At the edge already: say where it is, so a key that does nothing is not a mystery.
      if (sameBox(box, selected)) return refuse(positionText(selected));
      return apply({ layout: withField(layout, box), announcement: positionText(box), history: 'push' });
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
    case 'field.change': {
      if (!selected) return refuse();
      const field = changedField(selected, event.changes, layout);
      if (sameField(field, selected)) return refuse();
      const editKey = `${field.id}:${Object.keys(event.changes).sort().join()}`;
      return apply({ layout: withField(layout, field), editKey, history: editKey === context.editKey ? 'merge' : 'push' });
    }
    case 'field.delete': {
      if (!selected) return refuse();
      return apply({
        layout: { ...layout, fields: layout.fields.filter((field) => field.id !== selected.id) },
        selectedId: null,
        announcement: formatDesignerMessages.deleted(fieldLabel(selected)),
        history: 'push',
      });
    }
    case 'field.duplicate': {
      if (!selected) return refuse();
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
      return apply({ layout: event.layout, side: 'front', selectedId: null, history: 'reset' });
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

const planned = [
  { guard: 'refused', actions: 'announceRefusal' },
  { guard: 'leavesSelection', target: '#formatDesigner.selected', actions: 'apply' },
  { target: '#formatDesigner.idle', actions: 'apply' },
] as const;

export const formatDesignerMachine = setup({
  types: {
    context: {} as FormatDesignerContext,
    events: {} as FormatDesignerEvent,
    input: {} as FormatDesignerInput,
  },
  actions: {
    apply: assign(({ context, event }) => {
      const edit = planEdit(context, event);
      if (edit.kind === 'refuse') return {};
      return {
        layout: edit.layout,
        side: edit.side,
        selectedId: edit.selectedId,
        announcement: edit.announcement,
        editKey: edit.editKey,
        ...historyAfter(context, edit.history),
      };
    }),
    announceRefusal: assign(({ context, event }) => {
      const edit = planEdit(context, event);
      return edit.kind === 'refuse' && edit.announcement ? { announcement: edit.announcement } : {};
    }),
  },
  guards: {
    refused: ({ context, event }) => planEdit(context, event).kind === 'refuse',
    leavesSelection: ({ context, event }) => {
      const edit = planEdit(context, event);
      return edit.kind === 'apply' && edit.selectedId !== null;
    },
  },
}).createMachine({
  id: 'formatDesigner',
  context: ({ input }) => ({
    layout: input.layout,
    side: 'front',
    selectedId: null,
    past: [],
    future: [],
    editKey: null,
    announcement: '',
  }),
  initial: 'idle',
  on: {
    'field.add': planned,
    'field.select': planned,
    'field.drag': planned,
    'field.resize': planned,
    'side.switch': planned,
    'history.undo': planned,
    'history.redo': planned,
    'layout.load': planned,
  },
  states: {
    idle: {},
    selected: {
      on: {
        'field.deselect': planned,
        'field.nudge': planned,
        'field.change': planned,
        'field.delete': planned,
        'field.duplicate': planned,
      },
    },
  },
});

export const canUndo = (context: Pick<FormatDesignerContext, 'past'>) => context.past.length > 0;
export const canRedo = (context: Pick<FormatDesignerContext, 'future'>) => context.future.length > 0;
