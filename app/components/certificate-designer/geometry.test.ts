import { describe, expect, it } from 'vitest';
import { layoutProblems, sideSize, type FormatLayout } from '../../../common/certificate-layout';
import { clampBox, dragBox, newField, nextFieldId, nudgeBox, resizeBox, type Box } from './geometry';

const a4Landscape = { width: 297, height: 210 };
const letter = sideSize({ pageSize: 'Letter', orientation: 'portrait' });

describe('clampBox', () => {
  it('leaves a box that lies on the page where it is, to a tenth of a millimetre', () => {
    expect(clampBox({ x: 10.04, y: 20.06, width: 50, height: 8 }, a4Landscape)).toEqual({ x: 10, y: 20.1, width: 50, height: 8 });
  });

  it('pulls a box back onto the page by each edge', () => {
    expect(clampBox({ x: -3, y: -0.5, width: 50, height: 8 }, a4Landscape)).toMatchObject({ x: 0, y: 0 });
    expect(clampBox({ x: 280, y: 209, width: 50, height: 8 }, a4Landscape)).toMatchObject({ x: 247, y: 202 });
  });

  it('shrinks a box larger than the page to the page, and never below a millimetre', () => {
    expect(clampBox({ x: 5, y: 5, width: 400, height: 0.2 }, a4Landscape)).toEqual({ x: 0, y: 5, width: 297, height: 1 });
  });

  it('keeps a box inside a page whose size is not a whole number of tenths after subtraction', () => {
    const box = clampBox({ x: 500, y: 500, width: 33.3, height: 11.1 }, letter);
    expect(box.x + box.width).toBeLessThanOrEqual(letter.width + 1e-9);
    expect(box.y + box.height).toBeLessThanOrEqual(letter.height + 1e-9);
  });
});

describe('dragBox', () => {
  const box: Box = { x: 10, y: 10, width: 40, height: 10 };

  it('moves by the delta when no guide is near', () => {
    expect(dragBox(box, { dx: 20, dy: 30 }, [], a4Landscape)).toEqual({ box: { x: 30, y: 40, width: 40, height: 10 }, guides: [] });
  });

  it('snaps the centre to the page centre lines within a millimetre', () => {
    // Centre lands at 148.1 (0.4 mm from 148.5) across and 104.2 (0.8 mm from 105) down.
    const { box: moved, guides } = dragBox(box, { dx: 118.1, dy: 89.2 }, [], a4Landscape);
    expect(moved).toMatchObject({ x: 128.5, y: 100 });
    expect(guides).toEqual([
      { axis: 'x', at: 148.5 },
      { axis: 'y', at: 105 },
    ]);
  });

  it('does not snap from farther than a millimetre', () => {
    expect(dragBox(box, { dx: 116.9, dy: 0 }, [], a4Landscape).box.x).toBe(126.9);
  });

  it('snaps an edge to another box’s edge, preferring the nearest guide', () => {
    const other: Box = { x: 100, y: 60, width: 30, height: 10 };
    // Left edge lands at 100.6: 0.6 mm from the other's left edge.
    const { box: moved, guides } = dragBox(box, { dx: 90.6, dy: 0 }, [other], a4Landscape);
    expect(moved.x).toBe(100);
    expect(guides).toEqual([{ axis: 'x', at: 100 }]);
    // Top edge lands at 70.5: 0.5 mm from the other's bottom edge.
    expect(dragBox(box, { dx: 0, dy: 60.5 }, [other], a4Landscape).box.y).toBe(70);
  });

  it('keeps a dragged box on the page and draws no guide it was pulled off', () => {
    const { box: moved, guides } = dragBox(box, { dx: 1000, dy: -1000 }, [], a4Landscape);
    expect(moved).toMatchObject({ x: 257, y: 0 });
    expect(guides).toEqual([]);
  });
});

describe('nudgeBox and resizeBox', () => {
  const box: Box = { x: 10, y: 10, width: 40, height: 10 };

  it('moves by the step in the arrow’s direction and stops at the edge', () => {
    expect(nudgeBox(box, 'right', 1, a4Landscape)).toMatchObject({ x: 11, y: 10 });
    expect(nudgeBox(box, 'up', 5, a4Landscape)).toMatchObject({ x: 10, y: 5 });
    expect(nudgeBox({ ...box, x: 0.4 }, 'left', 1, a4Landscape)).toMatchObject({ x: 0 });
  });

  it('resizes from the bottom-right corner without moving the box or passing the page', () => {
    expect(resizeBox(box, { dw: 5.25, dh: -20 }, a4Landscape)).toEqual({ x: 10, y: 10, width: 45.3, height: 1 });
    expect(resizeBox(box, { dw: 1000, dh: 1000 }, a4Landscape)).toEqual({ x: 10, y: 10, width: 287, height: 200 });
  });
});

describe('newField', () => {
  const card: FormatLayout = {
    kind: 'idcard',
    pageSize: 'CR80',
    orientation: 'portrait',
    background: { front: null, back: null },
    fields: [],
  };

  it('places a field centred across the side, below the fields on it, with the next id', () => {
    const photo = newField('photo', card, 'front');
    expect(photo).toMatchObject({ id: 'f1', side: 'front', width: 21.6, height: 27 });
    expect(photo.x + photo.width / 2).toBeCloseTo(27, 5);
    const name = newField('studentName', { ...card, fields: [photo] }, 'front');
    expect(name.y).toBeCloseTo(photo.y + photo.height + 2, 5);
    expect(name).toMatchObject({ id: 'f2', fontSize: 8, fontWeight: 'bold', align: 'center' });
    // The back has no fields yet: the new field starts at the top margin there.
    expect(newField('qr', { ...card, fields: [photo] }, 'back').y).toBe(photo.y);
  });

  it('starts again at the top when the side is full, and always gives a layout without problems', () => {
    let layout = card;
    for (let index = 0; index < 12; index += 1) {
      layout = { ...layout, fields: [...layout.fields, newField(index % 2 ? 'barcode' : 'text', layout, 'front')] };
    }
    expect(layoutProblems(layout)).toEqual([]);
  });

  it('numbers ids after the highest f<n>, ignoring other ids', () => {
    expect(nextFieldId([{ id: 'f2' }, { id: 'logo' }, { id: 'f10' }])).toBe('f11');
    expect(nextFieldId([])).toBe('f1');
  });
});
