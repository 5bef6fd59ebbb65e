/**
 * The setup project of playwright.config.ts: builds the kitchen-sink site once for every spec file
 * that checks its pages (tests/lib/kitchen-sink.ts says where), with `npm run preview`, which must
 * succeed with no warning: no broken link, nothing the bundler doubts.
 */
import {expect, test as setup} from '@playwright/test';
import {buildKitchenSink} from '../lib/kitchen-sink';

setup('npm run preview builds the kitchen-sink spec with no warning', () => {
  // Copying, generating and building take minutes, on a busy machine up to ten.
  setup.setTimeout(20 * 60_000);
  const {status, output} = buildKitchenSink();
  expect(status, output).toBe(0);
  expect(output).not.toMatch(/warning/i);
  expect(output).toMatch(/^preview: \d+ pages of .* built in \d+ s into /m);
});
