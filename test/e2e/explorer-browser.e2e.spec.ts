import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FactVersionsResponseSchema } from '#schemas/api/fact-versions';
import { givenApi } from '../support/api-harness.ts';
import { TEST_DATABASES } from '../support/databases.ts';

// Debian's Chromium (apt-get install -y chromium), driven by playwright-core; .ci/run installs it.
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = path.resolve('test-results/explorer');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The browser suite, or its name saying why it is skipped. */
const describeInChromium = (name: string, suite: () => void) =>
  existsSync(CHROMIUM) ? describe(name, suite) : describe.skip(`${name} [skipped: ${CHROMIUM} is not present]`, suite);

/** "2025-01-28 06:20:59 UTC", as the page words an instant. */
const shown = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

// One database is enough: the page reads the same API on either, and a browser run is slow.
describeInChromium('the explorer in Chromium, on the sample', () => {
  const [database] = TEST_DATABASES;
  if (!database) throw new Error('no test database');
  const api = givenApi(database);
  let browser: Browser | undefined;
  let origin = '';

  beforeAll(async () => {
    origin = await api.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: CHROMIUM });
    await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** No serious or critical accessibility violation on the page as it stands. */
  const expectAccessible = async (page: Page, view: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${view}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
  };
  const snap = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  const openView = async (page: Page, label: string, id: string) => {
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.locator(`#view-${id}`).waitFor();
  };
  /** Presses ArrowRight on the slider until its text names `instant`. */
  /**
   * The explorer in a context of its own (axe-core runs its frames in pages of the same
   * context), the key entered; `errors` collects the page's uncaught errors.
   */
  const openExplorer = async () => {
    const context = await browser!.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/explore`);
    await page.getByLabel('API key').fill(api.key);
    await page.getByRole('button', { name: 'Use key' }).click();
    return { context, page, errors };
  };
  const slideTo = async (page: Page, slider: ReturnType<Page['locator']>, instant: string) => {
    await slider.focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < 100; step++) {
      if ((await slider.getAttribute('aria-valuetext'))?.includes(shown(instant))) return;
      await page.keyboard.press('ArrowRight');
    }
    throw new Error(`no filing stop at ${instant}`);
  };

  it('searches, opens Q3 FY25 revenue across 31 Jan 2025, its versions, the measure, ownership, prices and coverage', async () => {
    // What the sample holds: ACC's consolidated Q3 FY25 revenue, first filed, then revised on 31 Jan 2025.
    const chain = FactVersionsResponseSchema.parse(
      (await api.get('/v1/financials/versions?ticker=ACC&concept=Revenue&period_end=2024-12-31&period_type=quarterly')).json(),
    ).data[0];
    const [first, revised] = chain?.versions ?? [];
    if (!first || !revised) throw new Error('the sample holds no two versions of ACC Revenue Q3 FY25');
    expect([first.value, revised.value, first.scale]).toEqual(['52072900000', '59273800000', 'crore']);
    expect([first.known_at < '2025-01-31', revised.known_at.startsWith('2025-01-31')]).toEqual([true, true]);

    const { context, page, errors } = await openExplorer();

    // Company: candidates listed, one chosen with the keyboard, then its identity history.
    await page.getByLabel('Company name, ticker or ISIN').fill('ACC');
    await page.getByRole('button', { name: 'Search' }).click();
    const candidates = page.locator('.candidate');
    await candidates.first().waitFor();
    expect(await candidates.count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: /^ACC Limited/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'ACC Limited' }).waitFor();
    await expect.poll(() => page.locator('.profile').textContent()).toContain('INE012A01025');
    await snap(page, 'company');
    await expectAccessible(page, 'company');

    // Financials: as_of moved across 31 Jan 2025 with the slider, then with the date picker.
    await openView(page, 'Financials as of', 'financials');
    const revenueRow = page.locator('tr[data-fact="Revenue|consolidated|quarterly|2024-12-31"]');
    const valueAtA = revenueRow.locator('td.value-a');
    await valueAtA.waitFor();
    const sliderA = page.locator('input[name="as-of-a-slider"]');
    await slideTo(page, sliderA, first.known_at);
    await expect.poll(() => valueAtA.textContent()).toBe('₹5,207.29 cr');
    await slideTo(page, sliderA, revised.known_at);
    await expect.poll(() => valueAtA.textContent()).toBe('₹5,927.38 cr');
    await page.locator('input[name="as-of-a-date"]').fill('2025-01-31');
    await expect.poll(() => valueAtA.textContent()).toBe('₹5,207.29 cr');
    await expect.poll(() => revenueRow.getAttribute('class')).toBe('changed');
    expect(await valueAtA.locator('a').getAttribute('href')).toBe(first.source_url);
    await snap(page, 'financials');
    await expectAccessible(page, 'financials');
    await page.setViewportSize(PHONE);
    await snap(page, 'financials-phone');
    await page.setViewportSize(DESKTOP);

    // Restatement timeline: both versions, on a time axis.
    await page.getByRole('button', { name: 'Versions of Revenue Q3 FY2025 consolidated' }).click();
    const versions = page.locator('#view-timeline tr.version');
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.nth(0).textContent()).toContain('₹5,207.29 cr');
    expect(await versions.nth(1).textContent()).toContain('₹5,927.38 cr');
    expect(await versions.nth(1).textContent()).toContain(shown(revised.known_at));
    await page.locator('#view-timeline canvas').first().waitFor();
    await snap(page, 'timeline');
    await expectAccessible(page, 'timeline');

    // One measure over time: two lines, as known at 31 Jan 2025 and now, parting at Q3 FY25.
    await openView(page, 'Measure over time', 'measure');
    await page.getByLabel('As known at T').fill('2025-01-31');
    await page.getByRole('button', { name: 'Draw' }).click();
    await expect.poll(() => page.locator('#view-measure tr.changed').first().textContent()).toContain('Q3 FY2025');
    await page.locator('#view-measure canvas').first().waitFor();
    await snap(page, 'measure');
    await expectAccessible(page, 'measure');

    await openView(page, 'Ownership', 'ownership');
    await page.locator('#view-ownership canvas').first().waitFor();
    expect(await page.locator('#view-ownership tbody tr').count()).toBeGreaterThan(1);
    await snap(page, 'ownership');
    await expectAccessible(page, 'ownership');

    // Prices: RELIANCE, whose daily history the sample holds, as published and adjusted.
    await openView(page, 'Company', 'company');
    await page.getByLabel('Company name, ticker or ISIN').fill('RELIANCE');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /^Reliance Industries/ }).click();
    await page.getByRole('heading', { name: /^Reliance Industries/ }).waitFor();
    await openView(page, 'Prices', 'prices');
    const adjustment = page.locator('#view-prices .adjustment');
    await expect.poll(() => adjustment.textContent()).toContain('as published');
    await page.locator('#view-prices canvas').first().waitFor();
    await page.getByLabel('Adjusted for splits and bonuses').check();
    await expect.poll(() => adjustment.textContent()).toContain('Adjusted (splits, backward)');
    await snap(page, 'prices');
    await expectAccessible(page, 'prices');

    await openView(page, 'Coverage', 'coverage');
    await expect.poll(() => page.locator('#view-coverage').textContent()).toContain('What is held about Reliance Industries');
    await expect.poll(() => page.locator('#view-coverage').textContent()).toContain('latest');
    await snap(page, 'coverage');
    await expectAccessible(page, 'coverage');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('drops a late answer: the prices of the adjustment chosen last stay shown when an earlier choice answers after it', async () => {
    const { context, page, errors } = await openExplorer();
    await page.getByLabel('Company name, ticker or ISIN').fill('RELIANCE');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: /^Reliance Industries/ }).click();
    await page.getByRole('heading', { name: /^Reliance Industries/ }).waitFor();
    await openView(page, 'Prices', 'prices');
    const adjustment = page.locator('#view-prices .adjustment');
    await expect.poll(() => adjustment.textContent()).toContain('as published');

    // The answer for splits is held back until the one for all, asked after it, is shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = () => {};
    const lateAnswerSent = new Promise<void>((resolve) => (answered = resolve));
    await page.route(/\/v1\/prices\?.*adjust=splits/, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
      answered();
    });
    await page.getByLabel('Adjusted for splits and bonuses').check();
    await page.getByLabel('Adjusted for splits, bonuses, dividends and rights').check();
    await expect.poll(() => adjustment.textContent()).toContain('Adjusted (all,');
    release();
    await lateAnswerSent;
    // Time for the page to read the late answer, which it would show were it not dropped.
    await page.waitForTimeout(500);
    expect(await adjustment.textContent()).toContain('Adjusted (all,');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
