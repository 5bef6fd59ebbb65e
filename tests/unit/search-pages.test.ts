import {test} from 'node:test';
import assert from 'node:assert/strict';
import {pageToIndex} from '../../scripts/lib/search-pages';
import {loadApiModel} from '../../lib/api-model/model';
import {searchFacts} from '../../lib/api-render/search-facts';
import {excerptParts, kindOfRoute, searchQuery} from '../../src/lib/search';

test('a page’s kind comes from its route; pages outside the five sections have none', () => {
  assert.equal(kindOfRoute('/guides/refunds/refund-payments'), 'Guide');
  assert.equal(kindOfRoute('/concepts/webhooks'), 'Concept');
  assert.equal(kindOfRoute('/api/financial/create-payment'), 'API reference');
  assert.equal(kindOfRoute('/sdks/web/react'), 'SDK');
  assert.equal(kindOfRoute('/plugins/magento-payments'), 'Plugin');
  for (const route of ['/', '/search', '/404', '/category/payments', '/guidesx']) assert.equal(kindOfRoute(route), undefined, route);
});

test('stop words are left out of a query unless they are all it holds', () => {
  assert.equal(searchQuery('  How to refund a payment '), 'refund payment');
  assert.equal(searchQuery('POST /v1/payments'), 'POST /v1/payments');
  assert.equal(searchQuery('how to'), 'how to');
  assert.equal(searchQuery('!!! ???'), '!!! ???');
});

test('excerpts become text pieces: marks are kept as flags, any other markup stays text', () => {
  assert.deepEqual(excerptParts('Send an <mark>Idempotency-Key</mark> so a retry &amp; a &lt;b&gt; stay text'), [
    {text: 'Send an ', marked: false},
    {text: 'Idempotency-Key', marked: true},
    {text: ' so a retry & a <b> stay text', marked: false},
  ]);
  assert.deepEqual(excerptParts('&lt;img src=x onerror=alert(1)&gt; <mark>x</mark>'), [
    {text: '<img src=x onerror=alert(1)> ', marked: false},
    {text: 'x', marked: true},
  ]);
  assert.deepEqual(excerptParts(''), []);
});

const page = (body: string) =>
  `<html><body><nav>Menu</nav><main><article><div class="theme-doc-markdown markdown"><header><h1>${body}</h1></header><p>Text</p></div></article></main></body></html>`;

test('only doc articles with a kind are indexed, with the kind as filter and metadata', () => {
  assert.equal(pageToIndex(page('Home'), '/'), undefined);
  assert.equal(pageToIndex('<html><body><article>cards</article></body></html>', '/api/accounts/users'), undefined);
  const guide = pageToIndex(page('Refunds &amp; returns'), '/guides/refunds/refund-payments')!;
  assert.match(guide, /<div class="theme-doc-markdown markdown" data-pagefind-body><span data-pagefind-meta="kind:Guide"><\/span>/);
  assert.match(guide, /<span data-pagefind-meta="topic:Refunds &amp; returns"><\/span>/);
  assert.match(guide, /<span data-pagefind-filter="kind:Guide"><\/span>/);
  assert.match(pageToIndex(page('Rate limits'), '/api/rate-limits')!, /<span data-pagefind-meta="topic:Rate limits"><\/span>/);
});

test('an API operation page carries its endpoint, operationId and request fields, read from the specs', async () => {
  const operations = new Map(Object.entries(searchFacts(await loadApiModel('.'))));
  const createPayment = operations.get('/api/financial/create-payment')!;
  assert.equal(createPayment.endpoint, 'POST /v1/payments');
  assert.equal(createPayment.method, 'POST');
  assert.equal(createPayment.operation, 'createPayment');
  assert.ok(createPayment.fields.split(' ').includes('payment_method_id'), createPayment.fields);
  // An operation without a body has no fields.
  assert.equal(operations.get('/api/financial/get-all-payments')?.fields, '');

  const html = page('Create payment').replace(
    '<p>Text</p>',
    '<p class=api-endpoint><span>POST</span> <code>/v1/payments</code><p>Text</p>',
  );
  const indexed = pageToIndex(html, '/api/financial/create-payment', createPayment)!;
  assert.match(indexed, /<span data-pagefind-meta="endpoint:POST \/v1\/payments"><\/span>/);
  assert.match(indexed, /<span data-pagefind-meta="method:POST"><\/span>/);
  assert.match(indexed, /<p>createPayment<\/p><p class=api-endpoint data-pagefind-weight=10>/);
  // An operation's title is not repeated as its topic: a guide of the same words comes first.
  assert.doesNotMatch(indexed, /topic:/);
});

test('a page carries the codes that its tables headed "Code" define as fields; other tables define none', () => {
  const article = (tables: string) =>
    `<html><body><div class="theme-doc-markdown markdown"><header><h1>Errors</h1></header>${tables}<p>Branch on <code>code</code>.</p></div></body></html>`;
  const codes = `<table><thead><tr><th>Code<th>Type<tbody><tr><td><code>card_declined</code><td><code>processing_error</code><tr><td><code>R01</code><td><code>ach</code></table>`;
  const fields = `<table><thead><tr><th>Field<th>Type<tbody><tr><td><code>amount</code><td>integer</table>`;
  assert.match(pageToIndex(article(fields + codes), '/api/errors')!, /<span data-pagefind-meta="fields:card_declined R01"><\/span>/);
  assert.doesNotMatch(pageToIndex(article(fields), '/api/rate-limits')!, /data-pagefind-meta="fields:/);
});
