/**
 * Every page is served with the headers of build/_headers (scripts/write-headers.ts): a strict
 * Content-Security-Policy under which the page's own inline scripts run and any other does not.
 * (Every other browser test also fails on a breach of the policy: see fixtures.ts.)
 */
import {expect, open, sitemapPaths, test} from './fixtures';

test('every page is answered with the security headers', async ({page}) => {
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(100);
  for (const path of [...paths, '/no-such-page', '/specs/accounts.yaml']) {
    const response = await page.request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    const policy = headers['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc.split(' ').slice(0, 2), path).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(scriptSrc, path).not.toMatch(/unsafe-inline|'unsafe-eval'|\*/);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'none'"]) {
      expect(policy.split('; '), path).toContain(directive);
    }
  }
});

test("the page's own inline scripts run, and a script it was not built with does not", async ({browser}) => {
  // A page of its own, outside the shared fixture, because this test causes a breach on purpose.
  const page = await browser.newPage();
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as {reportPolicyViolation: (d: string) => void}).reportPolicyViolation(event.effectiveDirective),
    );
  });
  // The colour mode script sets data-theme before the first paint; the loader starts React.
  await open(page, '/guides/payments/cancel-payments');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as {injectedScriptRan?: boolean}).injectedScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations).toEqual(['script-src-elem']);
  await page.close();
});
