import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);

let registered = false;

/** Each family a document can name, from its npm package's subset, in regular and bold. */
const families = [
  { family: 'Noto', font: 'noto-sans', subset: 'latin' },
  { family: 'NotoDeva', font: 'noto-sans', subset: 'devanagari' },
  { family: 'NotoSerif', font: 'noto-serif', subset: 'latin' },
] as const;

/**
 * Noto Sans in two families: Latin, and Devanagari for Hindi names and for the rupee sign, which
 * the Latin subset lacks. A style names both, Latin first: each character comes from the first
 * family that has it.
 */
export const FONT_FAMILY = ['Noto', 'NotoDeva'];

/** Noto Serif has no Devanagari subset: a Hindi name in a serif field is set in Noto Sans Devanagari. */
export const SERIF_FONT_FAMILY = ['NotoSerif', 'NotoDeva'];

export function registerFonts() {
  if (registered) return;
  for (const { family, font, subset } of families) {
    const file = (weight: number) => require.resolve(`@fontsource/${font}/files/${font}-${subset}-${weight}-normal.woff`);
    Font.register({
      family,
      fonts: [
        { src: file(400), fontWeight: 400 },
        { src: file(700), fontWeight: 700 },
      ],
    });
  }
  // Words are not split across lines with hyphens: names and codes stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
