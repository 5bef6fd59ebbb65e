/** The setup project of playwright.config.ts: builds Plaza's site with PLAZA_TRY_IT_URL once (tests/lib/try-it-site.ts). */
import {test as setup} from '@playwright/test';
import {buildTryItSite} from '../lib/try-it-site';

setup('build the site with a Try it URL', async () => {
  // Copying and building take minutes, on a busy machine up to ten.
  setup.setTimeout(20 * 60_000);
  await buildTryItSite();
});
