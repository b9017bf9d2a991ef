import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

const require = createRequire(import.meta.url);
const file = (name: string) => require.resolve(`@fontsource/noto-sans/files/${name}`);

let registered = false;

/**
 * Noto Sans in two families: Latin, and Devanagari for Hindi names and for the rupee sign, which
 * the Latin subset lacks. A style names both, Latin first: each character comes from the first
 * family that has it.
 */
export const FONT_FAMILY = ['Noto', 'NotoDeva'];

export function registerFonts() {
  if (registered) return;
  for (const [family, subset] of [
    ['Noto', 'latin'],
    ['NotoDeva', 'devanagari'],
  ] as const) {
    Font.register({
      family,
      fonts: [
        { src: file(`noto-sans-${subset}-400-normal.woff`), fontWeight: 400 },
        { src: file(`noto-sans-${subset}-700-normal.woff`), fontWeight: 700 },
      ],
    });
  }
  // Words are not split across lines with hyphens: names and codes stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
