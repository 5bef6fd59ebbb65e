import {readFileSync} from 'node:fs';
import type {RootContent} from 'mdast';
import {parseMdx} from '../../lib/api-render/spec-text';
import {docPages, splitFrontMatter} from '../../lib/docs-source';
import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * The relevance of search, measured on the built index through the results page (the same
 * Pagefind, options and code as the navbar's box): queries a developer types, each with the page
 * that should come first. At least 90% must have it first, and every one in the top 3.
 */
const expectations: [query: string, page: string][] = [
  // Task phrases, stop words included.
  ['refund a payment', '/guides/refunds/refund-payments'],
  ['cancel a refund', '/guides/refunds/cancel-refunds'],
  ['onboard a seller', '/guides/marketplaces/onboard-sellers'],
  ['go live checklist', '/guides/production-checklist'],
  ['capture an authorized payment', '/guides/payments/authorize-and-capture-payments'],
  ['cancel a payout', '/guides/payouts/cancel-payouts'],
  ['cancel a payment', '/guides/payments/cancel-payments'],
  ['transfer funds to a seller', '/guides/marketplaces/transfer-funds-to-sellers'],
  ['how to collect card details', '/guides/payment-methods/collect-cards'],
  ['accept Apple Pay payments', '/guides/payments/process-apple-pay-payments'],
  ['process an ACH payment', '/guides/payments/process-ach-payments'],
  ['pay out to a card', '/guides/payouts/process-card-payouts'],
  ['verify a bank account', '/guides/payment-methods/collect-verified-bank-accounts'],
  ['view settlements', '/guides/transactions/view-settlements'],
  ['search for transactions', '/guides/transactions/search-and-view-transactions'],
  ['verifying webhook signatures', '/concepts/webhooks'],
  // Topics and resource names.
  ['rate limit', '/api/rate-limits'],
  ['idempotency key', '/api/idempotency'],
  ['pagination', '/api/pagination'],
  ['request correlation', '/api/request-correlation'],
  ['IP addresses', '/api/ip-addresses'],
  ['authentication', '/api/authentication'],
  ['dispute cases', '/concepts/dispute-cases'],
  ['fraud prevention', '/concepts/fraud-details-and-prevention'],
  ['api keys', '/concepts/api-keys'],
  ['onboarding', '/concepts/onboarding'],
  ['webhook events', '/api/webhook-events'],
  // API operations: by summary, method and path, operationId and request field.
  ['create payment', '/api/financial/create-payment'],
  ['POST /v1/payments', '/api/financial/create-payment'],
  ['GET /v1/payments', '/api/financial/get-all-payments'],
  ['createBalanceTransfer', '/api/financial/create-balance-transfer'],
  ['registerApplePayDomain', '/api/financial/register-apple-pay-domain'],
  ['getAllDisputeCases', '/api/financial/get-all-dispute-cases'],
  ['payment_method_id', '/api/financial/create-payment'],
  ['get all refunds for payment', '/api/financial/get-all-refunds-for-payment'],
  // Error codes.
  ['card_declined', '/api/errors'],
  ['api_key_revoked', '/api/errors'],
  ['R10 return code', '/guides/payments/process-ach-payments'],
  // SDKs and plugins.
  ['React SDK', '/sdks/web/react'],
  ['JavaScript SDK', '/sdks/web/javascript'],
  ['WooCommerce', '/plugins/woocommerce-payments'],
  ['Shopify Credit', '/plugins/shopify-credit'],
  ['Magento', '/plugins/magento-payments'],
  ['BigCommerce', '/plugins/bigcommerce-payments'],
  // Misspellings (Pagefind matches them through their stem: it has no edit-distance typo tolerance,
  // so `setlements` finds nothing), plurals and a trailing partial word.
  ['idempotancy', '/api/idempotency'],
  ['payout cancelation', '/guides/payouts/cancel-payouts'],
  ['refundes', '/guides/refunds/refund-payments'],
  ['refund payment', '/guides/refunds/refund-payments'],
  ['production check', '/guides/production-checklist'],
];

const form = (page: Page) => page.getByRole('search').getByRole('searchbox');
const status = (page: Page) => page.getByRole('status').last();

/** Runs a query on the results page and returns the paths of the pages it found, best first. */
async function resultsFor(page: Page, query: string): Promise<{paths: string[]; status: string}> {
  await form(page).fill(query);
  await form(page).press('Enter');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Results for “${query.trim()}”`);
  await expect(status(page)).not.toHaveText('Searching…');
  const hrefs = await page.locator('main ul li a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return {paths: hrefs.map((href) => new URL(href, 'http://x').pathname), status: (await status(page).textContent()) ?? ''};
}

test('a developer’s queries find the expected page first (≥90%) and always in the top 3', async ({page}) => {
  test.setTimeout(180_000);
  await open(page, '/search');
  const misses: string[] = [];
  let first = 0;
  for (const [query, expected] of expectations) {
    const {paths} = await resultsFor(page, query);
    const rank = paths.indexOf(expected) + 1;
    if (rank === 1) first += 1;
    else misses.push(`${query} → ${expected} at ${rank || 'none'} (first: ${paths.slice(0, 3).join(', ')})`);
  }
  console.log(`search relevance: ${first} of ${expectations.length} first\n${misses.join('\n')}`);
  expect(expectations.length).toBeGreaterThanOrEqual(40);
  expect(
    misses.filter((miss) => !/ at [23] /.test(miss)),
    'expected page not in the top 3',
  ).toEqual([]);
  expect(first / expectations.length).toBeGreaterThanOrEqual(0.9);
});

/**
 * Every distinct word of the headings the guides and concepts are written with (their MDX, read as
 * Docusaurus reads it): not of the built pages, so that a page or heading the index lost still counts.
 */
function headingWords(): string[] {
  const words = new Set<string>();
  // An explicit heading id ({/* #id */}) is not a word of the heading.
  const text = (node: RootContent): string =>
    node.type === 'mdxTextExpression'
      ? ''
      : 'value' in node
        ? node.value
        : 'children' in node
          ? node.children.map((child) => text(child as RootContent)).join(' ')
          : '';
  const visit = (node: RootContent): void => {
    if (node.type === 'heading')
      for (const word of text(node)
        .toLowerCase()
        .match(/[\p{L}\p{N}_'-]+/gu) ?? [])
        words.add(word);
    else if ('children' in node) node.children.forEach((child) => visit(child as RootContent));
  };
  for (const file of docPages().filter((path) => /^docs\/(guides|concepts)\//.test(path))) {
    parseMdx(splitFrontMatter(readFileSync(file, 'utf8')).body).children.forEach(visit);
  }
  return [...words];
}

test('every word of the guides’ and concepts’ headings finds pages without an error', async ({page}) => {
  test.setTimeout(300_000);
  const words = headingWords();
  expect(words.length).toBeGreaterThan(100);
  await open(page, '/search');
  const empty: string[] = [];
  for (const word of words) {
    const {paths, status: said} = await resultsFor(page, word);
    expect(said, word).not.toMatch(/could not load/);
    if (paths.length === 0) empty.push(word);
  }
  expect(empty, 'heading words that found nothing').toEqual([]);
});
