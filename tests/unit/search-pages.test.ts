import {test} from 'node:test';
import assert from 'node:assert/strict';
import {aliasesOf, indexedWords, keywordsOf, pageToIndex, routeOf} from '../../scripts/lib/search-pages';
import {loadApiModel} from '../../lib/api-model/model';
import {searchFacts} from '../../lib/api-render/search-facts';
import {
  correctQuery,
  correctWord,
  editDistance,
  excerptParts,
  kindOfRoute,
  plainWords,
  commonWordRelief,
  lackingCost,
  missingWordCost,
  preferProse,
  preferWholeTitle,
  relaxedRanking,
  searchQuery,
} from '../../src/lib/search';
import {operationVerbs, titleSynonyms} from '../../src/lib/search-synonyms';

test('a page’s kind comes from its route; pages outside the five sections have none', () => {
  assert.equal(kindOfRoute('/guides/refunds/refund-payments'), 'Guide');
  assert.equal(kindOfRoute('/concepts/webhooks'), 'Concept');
  assert.equal(kindOfRoute('/api/financial/create-payment'), 'API reference');
  assert.equal(kindOfRoute('/sdks/web/react'), 'SDK');
  assert.equal(kindOfRoute('/plugins/magento-payments'), 'Plugin');
  for (const route of ['/', '/search', '/404', '/category/payments', '/guidesx']) assert.equal(kindOfRoute(route), undefined, route);
});

test('a built page’s route is its canonical link’s path: a folder’s index page keeps its slash', () => {
  const page = (href: string) => `<html><head><link data-rh=true rel=canonical href=${href} /></head><body></body></html>`;
  assert.equal(routeOf(page('https://docs.plaza.example/sdks/')), '/sdks/');
  assert.equal(routeOf(page('https://docs.plaza.example/guides/quickstart')), '/guides/quickstart');
  assert.equal(routeOf('<link rel="canonical" href="https://docs.plaza.example/api/">'), '/api/');
  assert.equal(routeOf('<html><head></head></html>'), undefined);
});

test('stop words are left out of a query unless they are all it holds', () => {
  assert.equal(searchQuery('  How to refund a payment '), 'refund payment');
  assert.equal(searchQuery('POST /v1/payments'), 'POST /v1/payments');
  assert.equal(searchQuery('how to'), 'how to');
  assert.equal(searchQuery('!!! ???'), '!!! ???');
});

test('a leading verb of another API is searched in the words of the reference’s operation titles', () => {
  for (const [typed, searched] of [
    ['list payouts', 'get all payouts'],
    ['How to retrieve a customer', 'get id customer'],
    ['get a refund', 'get id refund'],
    ['Remove an API key', 'delete API key'],
    ['add a customer', 'create customer'],
    // "get" alone, a verb with nothing after it, and a verb later in the query stay as typed.
    ['get started with the API', 'get started API'],
    ['list', 'list'],
    ['payouts list', 'payouts list'],
    // "list of" names a list rather than asking for one.
    ['list of webhook event types', 'list webhook event types'],
  ] as [string, string][]) {
    assert.equal(searchQuery(typed), searched, typed);
  }
  // Every reader's verb of the table is rewritten to its title's words.
  for (const {readers, title} of operationVerbs) {
    for (const reader of readers) assert.equal(searchQuery(`${reader} widgets`), `${title} widgets`);
  }
});

test('a result whose title the query says whole comes first, if it scores half of the first and is half of the query', () => {
  const hits = (...found: [string, number][]) => found.map(([title, score]) => ({hit: {title}, score}));
  const order = (query: string, best: ReturnType<typeof hits>) => preferWholeTitle(query, best).map(({hit}) => hit.title);
  const updates = hits(['Update Google Pay payment method', 10], ['Update payment', 9]);
  assert.deepEqual(order('update payment', updates), ['Update payment', 'Update Google Pay payment method']);
  assert.deepEqual(order('update payment metadata', updates), ['Update payment', 'Update Google Pay payment method']);
  // Scoring less than half of the first, or asked for a third of the query, it stays where it is.
  assert.deepEqual(order('update payment', hits(['Update Google Pay payment method', 10], ['Update payment', 4])), [
    'Update Google Pay payment method',
    'Update payment',
  ]);
  const keys = hits(['Authentication', 10], ['API keys', 9]);
  assert.deepEqual(order('rotate secret API key downtime', keys), ['Authentication', 'API keys']);
  assert.deepEqual(order('restricted API keys', keys), ['API keys', 'Authentication']);
  // A code is one word: api_key_invalid does not say the title API keys.
  assert.deepEqual(order('401 api_key_invalid', keys), ['Authentication', 'API keys']);
});

test('a query in words puts a page in words scoring at least 25% of the reference page above it first', () => {
  const hits = (...scores: [number, boolean][]) => scores.map(([score, operation], index) => ({score, operation, index}));
  const order = (query: string, best: ReturnType<typeof hits>) => preferProse(query, best).map(({index}) => index);
  assert.deepEqual(order('seller accounts', hits([10, true], [5, true], [3, false], [9, false])), [2, 0, 1, 3]);
  // Too far below, or a page in words already first: the order stays.
  assert.deepEqual(order('seller accounts', hits([10, true], [2.4, false])), [0, 1]);
  assert.deepEqual(order('seller accounts', hits([10, false], [9, true])), [0, 1]);
  // A query put as the API puts it keeps the operation first.
  for (const query of ['get id customer', 'POST /v1/payments', 'payment_method_id', 'createPayment']) {
    assert.deepEqual(order(query, hits([10, true], [9, false])), [0, 1], query);
  }
  assert.deepEqual(order('anything', []), []);
});

test('a page’s title gets the readers’ words of every synonym its words hold, plurals and case aside', () => {
  const cancel = aliasesOf('Cancel payments');
  assert.ok(cancel.includes('void') && cancel.includes('charge'), cancel.join(' '));
  // Entries overlap: an entry of two words and those of its words all apply.
  const achPayouts = aliasesOf('Process ACH payouts');
  for (const word of ['accept', 'bank', 'credit', 'withdrawal']) assert.ok(achPayouts.includes(word), `${word}: ${achPayouts.join(' ')}`);
  assert.ok(!achPayouts.includes('debit'), 'an ACH payout is no debit');
  assert.deepEqual(aliasesOf('Quickstart'), titleSynonyms.find(({title}) => title === 'quickstart')?.readers);
  assert.deepEqual(aliasesOf('Commerce plugins'), []);
  const cards = aliasesOf('Collect cards');
  for (const word of ['save', 'tokenize', 'file']) assert.ok(cards.includes(word), `${word}: ${cards.join(' ')}`);
  // Every entry of the table is found in a title made of its own words.
  for (const {title, readers} of titleSynonyms) {
    for (const reader of readers) assert.ok(aliasesOf(title).includes(reader), `${title}: ${reader}`);
  }
});

test('typos: the edit distance counts added, dropped, changed and swapped letters, and stops past its limit', () => {
  assert.equal(editDistance('setlements', 'settlements', 2), 1);
  assert.equal(editDistance('onbaording', 'onboarding', 2), 1);
  assert.equal(editDistance('idempotancy', 'idempotency', 2), 1);
  assert.equal(editDistance('payout', 'payouts', 2), 1);
  assert.equal(editDistance('authentification', 'authentication', 2), 2);
  assert.equal(editDistance('refund', 'payout', 2), 3);
  assert.equal(editDistance('a', 'abcdef', 2), 3);
});

test('typos: a word is corrected to the nearest, most frequent word of the index that begins with its letter', () => {
  const words = ['settlements', 'settings', 'settlement', 'setup', 'sandbox'];
  assert.equal(correctWord('setlements', words), 'settlements');
  assert.equal(correctWord('settlment', words), 'settlement');
  // A word of the index, a word being typed, a short word or a far one is left alone.
  assert.equal(correctWord('settings', words), undefined);
  assert.equal(correctWord('settl', words), undefined);
  assert.equal(correctWord('sttl', words), undefined);
  assert.equal(correctWord('sxxxxxxxx', words), undefined);
  // Between two words as near, the more frequent (the earlier) wins.
  assert.equal(correctWord('setups', ['setup', 'setus']), 'setup');
});

test('typos: a query is corrected word by word, and codes, paths and IDs are never touched', async () => {
  const index: Record<string, string[]> = {b: ['beneficial', 'bank'], o: ['owner', 'onboarding'], r: ['refund'], s: ['settlements']};
  const asked: string[] = [];
  const known = async (letter: string) => {
    asked.push(letter);
    return index[letter] ?? [];
  };
  assert.equal(await correctQuery('Benficial owner', known), 'beneficial owner');
  assert.equal(await correctQuery('refund owner', known), undefined);
  assert.equal(
    await correctQuery('setlements card_declnd /v1/setlements pay_3f9k', known),
    'settlements card_declnd /v1/setlements pay_3f9k',
  );
  // Only the first letters of the words that could be corrected are fetched.
  assert.deepEqual([...new Set(asked)].sort(), ['b', 'o', 'r', 's']);
});

test('the words the correction knows are plain words: no digits, split at underscores, three letters or more', () => {
  assert.deepEqual(plainWords('Refund card_declined pay_3f9k2 in 2 days, R01 OK: setUp'), ['refund', 'card', 'declined', 'days', 'setup']);
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
  // A resource's page of the reference (the operations of a tag) is reference, as an operation is.
  const resource = pageToIndex(page('Holding accounts'), '/api/accounts/holding-accounts')!;
  assert.match(resource, /<span data-pagefind-meta="reference:resource"><\/span>/);
  assert.doesNotMatch(resource, /topic:/);
  // A plugin page's article weighs less than body text; a guide's carries no weight of its own.
  const plugin = pageToIndex(page('WooCommerce'), '/plugins/woocommerce-payments')!;
  assert.match(
    plugin,
    /<div class="theme-doc-markdown markdown" data-pagefind-body data-pagefind-weight=0\.3><span data-pagefind-meta="kind:Plugin">/,
  );
  assert.doesNotMatch(guide, /data-pagefind-weight/);
  // Its words still reach the typo correction.
  assert.ok(indexedWords(plugin).has('woocommerce'));
});

test('a page’s front matter keywords, as Docusaurus writes them in its head, are indexed as its keywords', () => {
  const head = (meta: string) => page('Cancel payments').replace('<html>', `<html><head>${meta}</head>`);
  const withKeywords = head('<meta data-rh=true name=keywords content="void an authorization,release held funds, undo a charge ">');
  assert.deepEqual(keywordsOf(withKeywords), ['void an authorization', 'release held funds', 'undo a charge']);
  assert.match(
    pageToIndex(withKeywords, '/guides/payments/cancel-payments')!,
    /<span data-pagefind-meta="keywords:void an authorization release held funds undo a charge"><\/span>/,
  );
  // One keyword of one word is written unquoted; entities are decoded, then escaped again in the metadata.
  assert.deepEqual(keywordsOf(head('<meta data-rh=true name=keywords content=throttling>')), ['throttling']);
  assert.deepEqual(keywordsOf(head('<meta name="keywords" content="Q&amp;A">')), ['Q&A']);
  // A page without keywords carries none.
  assert.deepEqual(keywordsOf(page('Quickstart')), []);
  assert.doesNotMatch(pageToIndex(page('Quickstart'), '/guides/quickstart')!, /keywords:/);
});

test('a page lacking one word of a long query is found, below the pages that hold all its words', () => {
  const ids = (pages: {id: string}[]) => pages.map(({id}) => id);
  const all = [{id: 'every-word', score: 10}];
  const each = [
    [
      {id: 'every-word', score: 4},
      {id: 'title', score: 24},
      {id: 'passing', score: 1},
    ],
    [
      {id: 'every-word', score: 3},
      {id: 'title', score: 24},
      {id: 'passing', score: 1},
    ],
    [{id: 'every-word', score: 3}],
  ];
  // In an index of 1,000 pages, lacking the third word (on one page) costs a page about three quarters
  // of the score of the other two.
  const rare = lackingCost(1 / 1000);
  assert.ok(rare > missingWordCost && rare < missingWordCost + 0.01, String(rare));
  assert.deepEqual(relaxedRanking(all, each, 1000), [
    {id: 'title', score: 48 * rare},
    {id: 'every-word', score: 10},
    {id: 'passing', score: 2 * rare},
  ]);
  // A page that holds the rest as weakly as the pages that hold every word comes after them.
  assert.deepEqual(ids(relaxedRanking([{id: 'every-word', score: 50}], each, 1000)), ['every-word', 'title', 'passing']);
  // A page lacking two rare words of four is not found; lacking two of five is.
  const four = [[{id: 'a', score: 9}], [{id: 'a', score: 9}], [{id: 'b', score: 1}], [{id: 'b', score: 1}]];
  assert.deepEqual(ids(relaxedRanking([], four, 1000)), []);
  assert.deepEqual(ids(relaxedRanking([], [...four, [{id: 'a', score: 9}]], 1000)), ['a']);
  // Two words: the pages of either only when no page holds both.
  const two = [[{id: 'x', score: 5}], [{id: 'y', score: 1}]];
  assert.deepEqual(ids(relaxedRanking([{id: 'both', score: 1}], two, 1000)), ['both']);
  assert.deepEqual(ids(relaxedRanking([], two, 1000)), ['x', 'y']);
});

test('lacking a word that many pages hold costs a page less than lacking a rare one', () => {
  assert.equal(lackingCost(0), missingWordCost);
  assert.equal(lackingCost(1), missingWordCost + (1 - missingWordCost) * commonWordRelief);
  assert.ok(lackingCost(0.5) > lackingCost(0.25) && lackingCost(0.25) > missingWordCost);
  // Of three words, "topic" lacks the one that half the 4 pages hold: it is found, with the score of
  // the two it holds times the cost of that word, and comes first as it holds them far better.
  // "other" lacks two words and is not found.
  const each = [
    [{id: 'topic', score: 8}],
    [{id: 'topic', score: 8}],
    [
      {id: 'every-word', score: 1},
      {id: 'other', score: 1},
    ],
  ];
  assert.deepEqual(relaxedRanking([{id: 'every-word', score: 4}], each, 4), [
    {id: 'topic', score: 16 * lackingCost(2 / 4)},
    {id: 'every-word', score: 4},
  ]);
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
    '<p class=api-endpoint><span>POST</span> <code>/v1/payments</code><p>Charges a card.</p>',
  );
  const indexed = pageToIndex(html, '/api/financial/create-payment', createPayment)!;
  assert.match(indexed, /<span data-pagefind-meta="endpoint:POST \/v1\/payments"><\/span>/);
  assert.match(indexed, /<span data-pagefind-meta="method:POST"><\/span>/);
  assert.match(indexed, /<span data-pagefind-meta="fields:[^"]*\bpayment_method_id\b/);
  assert.match(indexed, /<span data-pagefind-meta="operation:createPayment"><\/span>/);
  // The endpoint line under the title is left out, and the endpoint closes the first section
  // instead: the excerpt of a page found by its title starts with the operation's words.
  assert.match(indexed, /<p class=api-endpoint data-pagefind-ignore>/);
  assert.match(indexed, /Charges a card\.<\/p><p data-pagefind-weight=5>POST \/v1\/payments<\/p><\/div><\/article>/);
  const withSections = pageToIndex(
    html.replace('Charges a card.</p>', 'Charges a card.</p><h2 id=body>Body</h2>'),
    '/api/financial/create-payment',
    createPayment,
  )!;
  assert.match(withSections, /Charges a card\.<\/p> ?<p data-pagefind-weight=5>POST \/v1\/payments<\/p><h2 id=body>/);
  // An operation's title is not repeated as its topic: a guide of the same words comes first.
  assert.doesNotMatch(indexed, /topic:/);
  // The fields of an operation that changes a resource weigh less than those it is created with.
  const update = operations.get('/api/financial/update-payment')!;
  assert.match(
    pageToIndex(page('Update payment'), '/api/financial/update-payment', update)!,
    /data-pagefind-meta="changes:[^"]*\bstatement_descriptor\b/,
  );
});

test('words of cells, items and badges that touch in the minified HTML are indexed apart', () => {
  const html = page('Cancel payments').replace(
    '<p>Text</p>',
    '<table><thead><tr><th>Aspect<th>Cancel<th>Refund<tbody><tr><td>Payment status<td><code>ownership_percentage</code><span class=api-field__required>required</span></table><ul><li>one<li>two</ul>',
  );
  const words = indexedWords(pageToIndex(html, '/guides/payments/cancel-payments')!);
  for (const word of ['aspect', 'cancel', 'refund', 'payment', 'status', 'required', 'one', 'two']) assert.ok(words.has(word), word);
  for (const glued of ['aspectcancel', 'cancelrefund', 'refundpayment', 'statusrequired', 'percentagerequired', 'onetwo']) {
    assert.ok(![...words].some((word) => word.includes(glued)), glued);
  }
});

test('a table of codes: its codes are the page’s fields, and the rest of each row weighs less than prose', () => {
  const html = page('Errors').replace(
    '<p>Text</p>',
    '<p>Decide from the type.</p><table><thead><tr><th>Code<th>Type<th>Cause<tbody><tr><td><code>card_declined</code><td><code>processing_error</code><td>The issuer declined.<tr><td><code>amount_too_small</code><td><code>invalid_request_error</code><td>Below the minimum.</table><table><thead><tr><th>Field<th>Meaning<tbody><tr><td><code>param</code><td>The field at fault.</table>',
  );
  const indexed = pageToIndex(html, '/api/errors')!;
  assert.match(indexed, /data-pagefind-meta="fields:card_declined amount_too_small"/);
  // Every cell after a code weighs less than body text (1); the code's own cell and the page's prose keep their weight.
  const weights = [...indexed.matchAll(/<td data-pagefind-weight=([\d.]+)>/g)].map(([, weight]) => Number(weight));
  assert.equal(weights.length, 4);
  assert.ok(
    weights.every((weight) => weight > 0 && weight < 1),
    weights.join(' '),
  );
  assert.match(indexed, /<td><code>card_declined<\/code> <td data-pagefind-weight=[\d.]+><code>processing_error<\/code>/);
  assert.match(indexed, /<p>Decide from the type\.<\/p>/);
  // A table whose first column is not headed Code is left as it is.
  assert.match(indexed, /<td><code>param<\/code> <td>The field at fault\./);
});

test('the words the typo correction knows: the indexed text and metadata, not code, ignored parts or heading links', () => {
  const html = `<div class="theme-doc-markdown markdown"><header><h1>Refunds</h1></header><p>Visible prose<code>codeword</code></p><pre>preword</pre><div data-pagefind-ignore="all">ignoredword</div><a class=hash-link>linkword</a></div>`;
  const indexed = pageToIndex(html, '/guides/refunds/refund-payments')!;
  const words = indexedWords(indexed);
  for (const word of ['refunds', 'visible', 'prose', 'reimburse', 'guide']) assert.ok(words.has(word), word);
  for (const word of ['codeword', 'preword', 'ignoredword', 'linkword']) assert.ok(!words.has(word), word);
  // Outside the indexed article, nothing counts.
  assert.deepEqual([...indexedWords('<p>menu</p>')], []);
});

test('a page carries the codes that its tables headed "Code" define as fields; other tables define none', () => {
  const article = (tables: string) =>
    `<html><body><div class="theme-doc-markdown markdown"><header><h1>Errors</h1></header>${tables}<p>Branch on <code>code</code>.</p></div></body></html>`;
  const codes = `<table><thead><tr><th>Code<th>Type<tbody><tr><td><code>card_declined</code><td><code>processing_error</code><tr><td><code>R01</code><td><code>ach</code></table>`;
  const fields = `<table><thead><tr><th>Field<th>Type<tbody><tr><td><code>amount</code><td>integer</table>`;
  assert.match(pageToIndex(article(fields + codes), '/api/errors')!, /<span data-pagefind-meta="fields:card_declined R01"><\/span>/);
  assert.doesNotMatch(pageToIndex(article(fields), '/api/rate-limits')!, /data-pagefind-meta="fields:/);
});
