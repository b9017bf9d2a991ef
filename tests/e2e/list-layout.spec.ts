import type { Page } from '@playwright/test';
import { lastSeededDay } from '../../api/db/seed';
import { demo, expect as baseExpect, loginAs, test } from './fixtures';

/**
 * Every record list on the laptop widths people use (1,280 and 1,366 px, the sidebar open): the
 * row menu is never clipped or pushed out of the table, a row opens its record on click and on
 * Enter, and closing a record's details gives focus back to the row that opened them.
 */

// Each test signs in and walks several pages of a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The seeded lists, most of whose rows carry status badges. */
const lists = [
  '/admin/students/registered',
  '/admin/students/passout',
  '/admin/new-students',
  '/admin/branches',
  '/admin/courses',
  '/admin/exam/list',
  '/admin/exam/result-entry',
];

const bodyRows = (page: Page) => page.locator('[data-slot="table-body"] tr');

/**
 * The least part of any matching element that the window and every scrolling box around it let
 * the user see, and whether each one is on top at its centre (a pinned column must cover the
 * cells that scroll under it, never the row menu).
 */
async function leastVisible(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.reduce(
      (least, element) => {
        const box = element.getBoundingClientRect();
        let { left, right, top, bottom } = box;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
        right = Math.min(right, document.documentElement.clientWidth);
        // Rows below the fold are not the question; their columns are the same as the first ones'.
        if (box.bottom > document.documentElement.clientHeight) return least;
        const fraction = (Math.max(0, right - left) * Math.max(0, bottom - top)) / (box.width * box.height);
        const centre = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        return {
          fraction: Math.min(least.fraction, fraction),
          onTop: least.onTop && Boolean(centre && element.contains(centre)),
        };
      },
      { fraction: 1, onTop: true },
    ),
  );
}

for (const width of [1280, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.beforeEach(async ({ page }) => {
      await loginAs(page, demo.admin.email, demo.admin.password);
    });

    test('every list shows its row menus whole, and its status badges', async ({ page }) => {
      for (const path of lists) {
        await page.goto(path);
        await expect(bodyRows(page).first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        baseExpect(overflow, `${path}: the page is as wide as the window`).toBe(0);
        const menu = await leastVisible(page, '[data-slot="table-body"] tr button[aria-label^="Actions for"]');
        baseExpect(menu.fraction, `${path}: the row menu is not clipped`).toBe(1);
        baseExpect(menu.onTop, `${path}: nothing covers the row menu`).toBe(true);
        const badge = await leastVisible(page, '[data-slot="table-body"] tr [data-slot="badge"]');
        baseExpect(badge.fraction, `${path}: the status badges are not cut`).toBe(1);
      }
    });

    test('Create Exam’s subject table keeps each row’s Remove button whole, the table scrolling under it', async ({ page }) => {
      await page.goto('/admin/exam/create');
      await page.getByLabel('Selected Course').selectOption({ label: 'Full Stack Web Development' });
      await expect(page.getByLabel(/^Subject Name, row \d+$/)).toHaveCount(5);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      baseExpect(overflow, 'the page is as wide as the window').toBe(0);
      const remove = await leastVisible(page, 'button[aria-label^="Remove row"]');
      baseExpect(remove.fraction, 'the Remove buttons are not clipped').toBe(1);
      baseExpect(remove.onTop, 'nothing covers the Remove buttons').toBe(true);
      // The Exam Paper column, last before them, is reached by scrolling the table itself.
      const table = page.getByRole('table', { name: 'Exam Subjects' });
      await table.evaluate((element) => element.parentElement!.scrollBy({ left: 10_000 }));
      const paper = await leastVisible(page, 'th:has-text("Exam Paper")');
      baseExpect(paper.fraction, 'the Exam Paper column comes whole into view').toBe(1);
      baseExpect(paper.onTop, 'nothing covers the Exam Paper column').toBe(true);
      const reached = await leastVisible(page, 'button[aria-label^="Remove row"]');
      baseExpect(reached.fraction, 'the Remove buttons stay whole').toBe(1);
    });

    test('a row opens its record on click, and on Enter; focus comes back to it on close', async ({ page }) => {
      // Seeded students only: other specs add and delete students of their own meanwhile.
      await page.goto(`/admin/students/registered?admissionTo=${lastSeededDay(new Date())}`);
      const row = bodyRows(page).first();
      const name = (await row.locator('td').first().innerText()).trim();

      // A click anywhere on the row, not only on its name.
      await row.locator('td[data-label="Course"]').click();
      await expect(page).toHaveURL(/[?&]view=/);
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).not.toHaveURL(/view=/);
      await expect(row).toBeFocused();

      // The keyboard: the row takes focus, Enter opens it, Escape comes back to it.
      const second = bodyRows(page).nth(1);
      await second.focus();
      await page.keyboard.press('Enter');
      const secondName = (await second.locator('td').first().innerText()).trim();
      await expect(page.getByRole('dialog', { name: secondName })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(second).toBeFocused();
    });

    test('a course row opens the course page on click and on Enter', async ({ page }) => {
      await page.goto('/admin/courses');
      const row = bodyRows(page).first();
      await row.locator('td[data-label="Duration"]').click();
      await expect(page).toHaveURL(/\/admin\/courses\/[^/?]+$/);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
      // Coming back, the page can still be settling when its heading shows, and what it renders
      // then can take the focus from the row: the row is focused again until it keeps it.
      await expect(async () => {
        await bodyRows(page).first().focus();
        await expect(bodyRows(page).first()).toBeFocused({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/courses\/[^/?]+$/);
    });

    test('the row menu still opens without opening the row', async ({ page }) => {
      await page.goto('/admin/branches');
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
      await expect(page).not.toHaveURL(/view=/);
    });
  });
}
