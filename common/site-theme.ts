/**
 * The public site's colours and how readable they are together: the theme page checks them as
 * the editor types and the API answers the same checks, by WCAG 2's contrast ratio. A pair
 * below AA is a warning, not a refusal: the institute may want its brand colours anyway.
 */

export const siteFonts = {
  system: { label: 'System sans-serif', stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
  humanist: { label: 'Humanist sans-serif', stack: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", sans-serif' },
  serif: { label: 'Serif', stack: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif' },
  rounded: { label: 'Rounded', stack: 'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, "Arial Rounded MT", sans-serif' },
} as const;
export type SiteFont = keyof typeof siteFonts;

export type SiteMode = 'light' | 'dark';

/** The text colour of each mode: body text is near black on a light page and near white on a dark one. */
export const modeTextColour: Record<SiteMode, string> = { light: '#111827', dark: '#f9fafb' };

/** A button's label on the primary colour. */
export const BUTTON_TEXT = '#ffffff';

/** WCAG AA for body text. */
export const AA_RATIO = 4.5;

const HEX = /^#[0-9a-f]{6}$/i;
export const isHexColour = (value: string) => HEX.test(value);

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours, 1 to 21, rounded to two decimals. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
}

export interface ThemeColours {
  primary: string;
  accent: string;
  background: string;
  mode: SiteMode;
}

export interface ContrastCheck {
  label: string;
  ratio: number;
  passes: boolean;
}

/** The pairs a visitor reads: text on the page, a button's label, a link. */
export function themeContrast(theme: ThemeColours): ContrastCheck[] {
  const text = modeTextColour[theme.mode];
  return [
    { label: 'Text on the background', pair: [text, theme.background] },
    { label: 'Button text on the primary colour', pair: [BUTTON_TEXT, theme.primary] },
    { label: 'Links in the accent colour on the background', pair: [theme.accent, theme.background] },
  ].map(({ label, pair }) => {
    const ratio = isHexColour(pair[0]!) && isHexColour(pair[1]!) ? contrastRatio(pair[0]!, pair[1]!) : 1;
    return { label, ratio, passes: ratio >= AA_RATIO };
  });
}
