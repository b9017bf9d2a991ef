import {
  fieldTypeLabels,
  formatField,
  imageFieldTypes,
  MM_PER_POINT,
  sideSize,
  type FieldType,
  type FormatField,
  type FormatLayout,
  type Side,
} from '../../../common/certificate-layout';

/**
 * The arithmetic of placing fields on a side, in millimetres: keeping a field on the page,
 * snapping a dragged field to guides, and where a new field goes. Pure, so the designer's machine
 * and the page's live drag preview compute the very same positions.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageBox {
  width: number;
  height: number;
}

/** How close (mm) an edge or centre must come to a guide to jump onto it. */
const SNAP_DISTANCE = 1;
export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 5;
/** How far (mm) a duplicate lands from its original, right and down. */
export const DUPLICATE_OFFSET = 5;

export type Direction = 'left' | 'right' | 'up' | 'down';

/** A guide line a dragged field snapped to: `axis: 'x'` is a vertical line at `at` mm from the left. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

// Tenths of a millimetre: finer than a printer places ink, and it keeps the numbers readable.
const tenth = (value: number) => Math.round(value * 10) / 10;

/** The box moved and shrunk as little as needed to lie whole on the page. */
export function clampBox<T extends Box>(box: T, page: PageBox): T {
  const width = Math.min(Math.max(tenth(box.width), 1), page.width);
  const height = Math.min(Math.max(tenth(box.height), 1), page.height);
  return {
    ...box,
    width,
    height,
    x: Math.min(Math.max(tenth(box.x), 0), page.width - width),
    y: Math.min(Math.max(tenth(box.y), 0), page.height - height),
  };
}

/** The page's centre line and the other boxes' edges and centres along one axis. */
function guideLines(axis: 'x' | 'y', others: readonly Box[], page: PageBox): number[] {
  const [start, size] = axis === 'x' ? (['x', 'width'] as const) : (['y', 'height'] as const);
  return [page[size] / 2, ...others.flatMap((other) => [other[start], other[start] + other[size] / 2, other[start] + other[size]])];
}

/** The shift that brings the nearest of the box's edges or centre onto the nearest guide, if within SNAP_DISTANCE. */
function snapAxis(axis: 'x' | 'y', box: Box, others: readonly Box[], page: PageBox): { offset: number; guide: number } | null {
  const [start, size] = axis === 'x' ? (['x', 'width'] as const) : (['y', 'height'] as const);
  const anchors = [box[start], box[start] + box[size] / 2, box[start] + box[size]];
  let best: { offset: number; guide: number } | null = null;
  for (const guide of guideLines(axis, others, page)) {
    for (const anchor of anchors) {
      const offset = guide - anchor;
      if (Math.abs(offset) <= SNAP_DISTANCE && (!best || Math.abs(offset) < Math.abs(best.offset))) best = { offset, guide };
    }
  }
  return best;
}

/**
 * Where a box dragged by (dx, dy) mm lands: snapped to the page's centre lines and the other
 * boxes' edges and centres within SNAP_DISTANCE, then kept on the page. The guides are the lines
 * it rests on (one a side at most), for the page to draw while dragging.
 */
export function dragBox<T extends Box>(
  box: T,
  delta: { dx: number; dy: number },
  others: readonly Box[],
  page: PageBox,
): { box: T; guides: Guide[] } {
  const moved = { ...box, x: box.x + delta.dx, y: box.y + delta.dy };
  const snapX = snapAxis('x', moved, others, page);
  const snapY = snapAxis('y', moved, others, page);
  const snapped = { ...moved, x: moved.x + (snapX?.offset ?? 0), y: moved.y + (snapY?.offset ?? 0) };
  const clamped = clampBox(snapped, page);
  // Keeping the box on the page may pull it off its guide; a line it no longer touches is not drawn.
  const guides: Guide[] = [];
  if (snapX && Math.abs(clamped.x - snapped.x) < 0.05) guides.push({ axis: 'x', at: snapX.guide });
  if (snapY && Math.abs(clamped.y - snapped.y) < 0.05) guides.push({ axis: 'y', at: snapY.guide });
  return { box: clamped, guides };
}

/** A box moved one step by an arrow key, kept on the page; no snapping, so every step is exact. */
export function nudgeBox<T extends Box>(box: T, direction: Direction, step: number, page: PageBox): T {
  const dx = direction === 'left' ? -step : direction === 'right' ? step : 0;
  const dy = direction === 'up' ? -step : direction === 'down' ? step : 0;
  return clampBox({ ...box, x: box.x + dx, y: box.y + dy }, page);
}

/** A box resized from its bottom-right corner by (dw, dh) mm, its top-left corner staying put. */
export function resizeBox<T extends Box>(box: T, delta: { dw: number; dh: number }, page: PageBox): T {
  return clampBox(
    { ...box, width: Math.min(box.width + delta.dw, page.width - box.x), height: Math.min(box.height + delta.dh, page.height - box.y) },
    page,
  );
}

export const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** Default text sizes in points: a card is read at arm's length, a certificate on a wall. */
const defaultFontSize = { certificate: 14, idcard: 8 } as const;

/** A new field's size for its type on a side of this size. */
function defaultSize(type: FieldType, page: PageBox, fontSize: number): { width: number; height: number } {
  const short = Math.min(page.width, page.height);
  switch (type) {
    case 'photo': {
      const width = Math.min(35, short * 0.4);
      return { width, height: width * 1.25 };
    }
    case 'signature': {
      const width = Math.min(50, page.width * 0.4);
      return { width, height: width * 0.4 };
    }
    case 'qr': {
      const side = Math.min(25, short * 0.3);
      return { width: side, height: side };
    }
    case 'barcode': {
      const width = Math.min(60, page.width * 0.7);
      return { width, height: width * 0.25 };
    }
    default:
      // One line of text with room for the descenders.
      return { width: page.width * (page.width < 100 ? 0.8 : 0.5), height: fontSize * MM_PER_POINT * 1.6 };
  }
}

/** The next free id of the form `f<n>`. */
export function nextFieldId(fields: readonly Pick<FormatField, 'id'>[]): string {
  const numbers = fields.map((field) => /^f(\d+)$/.exec(field.id)?.[1]).map(Number);
  return `f${Math.max(0, ...numbers.filter(Number.isFinite)) + 1}`;
}

/**
 * A new field of a type on a side: its default size, centred across the side, below the fields
 * already on it (so several new fields do not pile up), kept on the page.
 */
export function newField(type: FieldType, layout: FormatLayout, side: Side): FormatField {
  const page = sideSize(layout);
  const fontSize = defaultFontSize[layout.kind];
  const { width, height } = defaultSize(type, page, fontSize);
  const margin = Math.min(page.width, page.height) * 0.08;
  const lowest = Math.max(margin, ...layout.fields.filter((field) => field.side === side).map((field) => field.y + field.height + 2));
  const y = lowest + height > page.height ? margin : lowest;
  const box = clampBox({ x: (page.width - width) / 2, y, width, height }, page);
  // The font and colour are the layout's defaults.
  return formatField.parse({
    id: nextFieldId(layout.fields),
    type,
    side,
    ...box,
    fontSize,
    fontWeight: type === 'studentName' ? 'bold' : 'normal',
    align: imageFieldTypes.includes(type) ? 'left' : 'center',
    text: type === 'text' ? 'Text' : '',
  });
}

/** A number in millimetres as people read it: at most one decimal, none when whole. */
export const mm = (value: number) => String(tenth(value));

export const fieldLabel = (field: Pick<FormatField, 'type'>) => fieldTypeLabels[field.type];

/** Where a field is, as read out: its accessible name and what a move announces. */
export const positionText = (field: FormatField) => `${fieldLabel(field)}, ${mm(field.x)} mm from the left, ${mm(field.y)} mm from the top`;

export const sizeText = (field: FormatField) => `${fieldLabel(field)}, ${mm(field.width)} by ${mm(field.height)} millimetres`;
