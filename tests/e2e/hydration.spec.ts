import { demo, expect, loginAs, palette, test } from './fixtures';

/**
 * Keys pressed while a page is still loading: on a slow machine the page's data is decoded while
 * the keys come, and React must neither give up the page (error 345) nor throw away the server's
 * HTML (error 421); the fixture fails the test on either. Slow is made by throttling the CPU.
 */

test.describe.configure({ timeout: 120_000 });

const LOADS = 4;

for (const path of ['/admin', '/admin/students/registered']) {
  test(`keys pressed while ${path} loads leave it working`, async ({ page }) => {
    await loginAs(page, demo.northStaff.email, demo.northStaff.password, { to: '/admin/account/password' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    for (let load = 0; load < LOADS; load++) {
      await page.goto(path, { waitUntil: 'commit' });
      // As impatient hands do: the palette's key again and again until it opens.
      await expect(async () => {
        await page.keyboard.press('ControlOrMeta+k');
        await expect(palette(page)).toBeVisible({ timeout: 100 });
      }).toPass({ intervals: [50], timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    }
  });
}
