import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical violations on the page as it stands, one line per rule. */
export async function seriousViolations(page: Page, where: string) {
  // A toast fading in has its colours part-way, and axe reads them as they are.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return target?.closest('[data-sonner-toaster]') && animation.effect?.getTiming().iterations !== Infinity;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself, without the blank page AxeBuilder otherwise opens to
  // assemble frames' results: these pages have no frames, and it halves the time per page.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // Off by default in axe 4 (experimental), and exactly what WCAG 2.5.3 asks of every control.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''}`,
    );
}
