import {defineConfig, devices} from '@playwright/test';
import {chromiumFlags, chromiumPath} from './scripts/lib/chromium';

// Browser tests run against the production build in build/, served on 127.0.0.1 only by
// the same server that the README uses. Chromium is Debian's: test tools cannot download one.
const port = Number(process.env.E2E_PORT ?? 4173);
const browser = {...devices['Desktop Chrome'], channel: undefined};

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: {timeout: 10_000},
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  // The kitchen-sink spec files check a site built from tests/fixtures/kitchen-sink.yaml, and the
  // try-it-url one a site built with PLAZA_TRY_IT_URL; a setup project builds each once per run, and
  // only when one of its spec files is selected.
  projects: [
    {name: 'chromium', testIgnore: /kitchen-sink|try-it-url/, use: browser},
    {name: 'kitchen-sink build', testMatch: /kitchen-sink\.setup\.ts$/},
    {name: 'kitchen-sink', testMatch: /kitchen-sink[\w-]*\.spec\.ts$/, dependencies: ['kitchen-sink build'], use: browser},
    {name: 'try-it-url build', testMatch: /try-it-url\.setup\.ts$/},
    {name: 'try-it-url', testMatch: /try-it-url\.spec\.ts$/, dependencies: ['try-it-url build'], use: browser},
  ],
  webServer: {
    command: `npx tsx scripts/serve-build.ts --dir build --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
