import { Document, Line, Page, Svg, View } from '@react-pdf/renderer';
import { pageSizes, sideSize, type Side } from '../../common/certificate-layout';
import {
  FormatSide,
  points,
  prepareCertificates,
  sidesOf,
  type CertificateFormat,
  type CertificateStudent,
  type PreparedFormat,
  type PreparedStudent,
} from './certificate';
import { renderPdf } from './render';

/** Millimetres between cards: room for the crop marks of both neighbours. */
const GAP = 3;
/** The least paper left around the cards, inside what office printers can print. */
const MARGIN = 6;
/** Crop marks stand off a card's corner, so none is printed on a card, and run out this far. */
const MARK_OFFSET = 0.5;
const MARK_LENGTH = 2;

interface Grid {
  orientation: 'portrait' | 'landscape';
  sheet: { width: number; height: number };
  card: { width: number; height: number };
  columns: number;
  rows: number;
  /** The top-left corner of the first card, centring the grid on the sheet. */
  left: number;
  top: number;
}

const fitting = (room: number, size: number) => Math.floor((room - 2 * MARGIN + GAP) / (size + GAP));

/**
 * The A4 sheet that holds the most cards of a size: ten CR80 cards, two columns by five rows of
 * landscape cards on a portrait sheet, five by two of portrait cards on a landscape one.
 */
function gridFor(card: { width: number; height: number }): Grid {
  const grids = (['portrait', 'landscape'] as const).map((orientation) => {
    const a4 = pageSizes.A4;
    const sheet = orientation === 'portrait' ? a4 : { width: a4.height, height: a4.width };
    const columns = fitting(sheet.width, card.width);
    const rows = fitting(sheet.height, card.height);
    const left = (sheet.width - columns * card.width - (columns - 1) * GAP) / 2;
    const top = (sheet.height - rows * card.height - (rows - 1) * GAP) / 2;
    return { orientation, sheet, card, columns, rows, left, top };
  });
  return grids.reduce((best, grid) => (grid.columns * grid.rows > best.columns * best.rows ? grid : best));
}

/** Where the card in a column and row lies on the sheet, in points. */
const cardAt = (grid: Grid, column: number, row: number) => ({
  left: points(grid.left + column * (grid.card.width + GAP)),
  top: points(grid.top + row * (grid.card.height + GAP)),
});

/** Short lines continuing each card's edges beyond its corners, for the guillotine. */
function CropMarks({ grid, cards }: { grid: Grid; cards: ReadonlyArray<{ left: number; top: number }> }) {
  const lines: Array<[number, number, number, number]> = [];
  for (const { left, top } of cards) {
    const [width, height] = [points(grid.card.width), points(grid.card.height)];
    const [near, far] = [points(MARK_OFFSET), points(MARK_OFFSET + MARK_LENGTH)];
    for (const [x, outX] of [
      [left, -1],
      [left + width, 1],
    ] as const) {
      for (const [y, outY] of [
        [top, -1],
        [top + height, 1],
      ] as const) {
        lines.push([x + outX * near, y, x + outX * far, y], [x, y + outY * near, x, y + outY * far]);
      }
    }
  }
  const sheet = { width: points(grid.sheet.width), height: points(grid.sheet.height) };
  return (
    <Svg style={{ position: 'absolute', left: 0, top: 0, ...sheet }} viewBox={`0 0 ${sheet.width} ${sheet.height}`}>
      {lines.map(([x1, y1, x2, y2], index) => (
        <Line key={index} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#000000" strokeWidth={0.5} />
      ))}
    </Svg>
  );
}

/**
 * One sheet's side. A back puts each card's back in the mirrored column, so turned over about its
 * vertical edge (the printer's usual flip for the sheet's orientation) each back lies behind its front.
 */
function SheetPage({ grid, format, cards, side }: { grid: Grid; format: PreparedFormat; cards: readonly PreparedStudent[]; side: Side }) {
  const places = cards.map((_, index) => {
    const column = index % grid.columns;
    return cardAt(grid, side === 'front' ? column : grid.columns - 1 - column, Math.floor(index / grid.columns));
  });
  return (
    <Page size="A4" orientation={grid.orientation}>
      <CropMarks grid={grid} cards={places} />
      {cards.map((card, index) => (
        <View key={index} style={{ position: 'absolute', ...places[index] }}>
          <FormatSide format={format} student={card} side={side} />
        </View>
      ))}
    </Page>
  );
}

/**
 * Cards of one format on A4 sheets to cut out: each sheet's fronts, then, when the format has a
 * back, its backs on the next page, ready to print double-sided.
 */
function IdCardSheetDocument({ format, students }: { format: PreparedFormat; students: readonly PreparedStudent[] }) {
  const grid = gridFor(sideSize(format.layout));
  const perSheet = grid.columns * grid.rows;
  const sheets: PreparedStudent[][] = [];
  for (let at = 0; at < students.length; at += perSheet) sheets.push(students.slice(at, at + perSheet));
  const sides = sidesOf(format.layout);
  return (
    <Document title="ID cards" creator="Institute administration">
      {sheets.flatMap((sheet, index) =>
        sides.map((side) => <SheetPage key={`${index}-${side}`} grid={grid} format={format} cards={sheet} side={side} />),
      )}
    </Document>
  );
}

/** The ID cards of one format, one a student, as print sheets in one PDF. */
export async function idCardSheetPdf(format: CertificateFormat, students: readonly CertificateStudent[]): Promise<Uint8Array> {
  return renderPdf(<IdCardSheetDocument {...await prepareCertificates(format, students)} />);
}
