/**
 * The setup project of playwright.config.ts: builds the kitchen-sink site once for every spec file
 * that checks its pages (tests/lib/site-copy.ts says where).
 */
import {test as setup} from '@playwright/test';
import {buildKitchenSink} from '../lib/kitchen-sink';

setup('build the site of the kitchen-sink spec', () => {
  // Copying, generating and building take minutes, on a busy machine up to ten.
  setup.setTimeout(20 * 60_000);
  buildKitchenSink();
});
