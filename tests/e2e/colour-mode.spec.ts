import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

const toggle = (page: Page) => page.getByRole('button', {name: /Switch between dark and light mode/});

async function storedTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^theme(-|$)/.test(name));
    return key ? localStorage.getItem(key) : null;
  });
}

async function scheme(page: Page): Promise<{theme: string | null; colorScheme: string}> {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    colorScheme: getComputedStyle(document.documentElement).colorScheme,
  }));
}

for (const system of ['light', 'dark'] as const) {
  test(`dark is the default when the system prefers ${system}`, async ({browser}) => {
    const context = await browser.newContext({colorScheme: system});
    const page = await context.newPage();
    await open(page, '/');
    expect(await scheme(page)).toEqual({theme: 'dark', colorScheme: 'dark'});
    expect(await storedTheme(page)).toBeNull();
    await context.close();
  });
}

test('the toggle switches between dark and light, stores the choice and keeps it after a reload', async ({page}) => {
  await open(page, '/guides/');
  await expect(toggle(page)).toBeEnabled();
  await expect(toggle(page)).toHaveAccessibleName(/currently dark mode/);

  await toggle(page).click();
  expect(await scheme(page)).toEqual({theme: 'light', colorScheme: 'light'});
  expect(await storedTheme(page)).toBe('light');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(toggle(page)).toHaveAccessibleName(/currently light mode/);

  await toggle(page).click();
  expect(await scheme(page)).toEqual({theme: 'dark', colorScheme: 'dark'});
  expect(await storedTheme(page)).toBe('dark');
});

test('the stored choice applies before the page renders, on any page', async ({page, allowConsole}) => {
  allowConsole(/Failed to load resource/);
  await open(page, '/');
  await toggle(page).click();
  // A fresh page load reads the stored choice in an inline script, before React runs.
  await page.route('**/assets/js/**', (route) => route.abort());
  await page.goto('/api/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

// The server writes code blocks before it knows the reader's mode, and hydration keeps them as
// written (src/internals/kept-from-hydration.tsx). A reader whose stored mode is light must see every
// token in the light colours once the page has loaded, exactly as after switching modes on the page.
test('a page loaded in light mode colours every code token as the light theme does', async ({page}) => {
  const colours = () =>
    page
      .locator('.theme-code-block')
      .evaluateAll((blocks) =>
        blocks.map((block) =>
          [
            getComputedStyle(block.querySelector('pre')!).backgroundColor,
            ...Array.from(block.querySelectorAll('.token'), (token) => getComputedStyle(token).color),
          ].join(' '),
        ),
      );
  await open(page, '/guides/payments/authorize-and-capture-payments');
  const dark = await colours();
  await toggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const switched = await colours();
  expect(switched).not.toEqual(dark);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expect(toggle(page)).toHaveAccessibleName(/currently light mode/);
  await expect.poll(colours).toEqual(switched);
  expect(switched.length).toBeGreaterThan(5);
});
