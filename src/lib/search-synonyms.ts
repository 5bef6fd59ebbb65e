/**
 * The payments vocabulary of the site search, as data: the words a reader may bring from other
 * payment platforms, card networks, banks or everyday speech, for the words Plaza's pages use.
 */

/**
 * Applied when the site is indexed (scripts/lib/search-pages.ts): a page whose title holds the words
 * of `title` (plurals and case aside) gets `readers` as its `aliases` metadata, which Pagefind
 * matches and ranks (searchRanking): "void an authorization" finds Cancel payments, "KYC" the
 * concept Onboarding (the review it explains; the guide Onboard sellers is the task). Entries may
 * overlap: "Collect cards" takes those of "collect" and of "collect card", "Process ACH payouts"
 * those of "ach payout" and of "payout".
 */
export const titleSynonyms: {title: string; readers: string[]}[] = [
  {title: 'cancel', readers: ['void', 'reverse', 'stop', 'undo']},
  {title: 'payment', readers: ['charge', 'purchase']},
  {title: 'process', readers: ['accept', 'take', 'receive']},
  {title: 'authorize', readers: ['hold', 'preauthorization', 'preauth', 'auth']},
  {title: 'capture', readers: ['delayed']},
  {title: 'refund', readers: ['reimburse', 'reimbursement']},
  {title: 'payout', readers: ['withdrawal', 'withdraw', 'disbursement', 'disburse', 'cashout']},
  {title: 'dispute', readers: ['chargeback']},
  {title: 'onboard', readers: ['underwriting', 'signup']},
  {title: 'onboarding', readers: ['kyc', 'kyb', 'underwriting', 'signup']},
  {title: 'seller', readers: ['merchant', 'submerchant', 'vendor']},
  {title: 'customer', readers: ['buyer', 'payer', 'shopper']},
  {title: 'ach payment', readers: ['bank', 'debit', 'direct', 'echeck']},
  {title: 'ach payout', readers: ['bank', 'credit', 'deposit']},
  {title: 'collect', readers: ['save', 'store', 'tokenize', 'tokenization', 'vault', 'set', 'setup', 'integrate']},
  {title: 'collect card', readers: ['file', 'cof']},
  {title: 'transfer fund', readers: ['split', 'pay']},
  {title: 'transaction', readers: ['ledger', 'history', 'activity']},
  {title: 'settlement', readers: ['reconcile', 'reconciliation', 'batch']},
  {title: 'holding account', readers: ['balance', 'wallet']},
  {title: 'api key', readers: ['secret', 'publishable', 'credential', 'token']},
  {title: 'account invitation', readers: ['invite', 'team', 'teammate', 'colleague', 'user']},
  {title: 'account member', readers: ['team', 'teammate', 'colleague', 'user']},
  {title: 'webhook', readers: ['callback', 'notification', 'endpoint', 'subscribe', 'subscription']},
  {title: 'quickstart', readers: ['start', 'started', 'tutorial', 'first']},
  {title: 'production checklist', readers: ['live', 'launch', 'golive']},
  {title: 'idempotency', readers: ['retry', 'retries', 'duplicate']},
  {title: 'rate limit', readers: ['throttling', 'throttle', '429']},
  {title: 'pagination', readers: ['paging', 'paginate', 'cursor', 'results']},
  {title: 'error', readers: ['decline', 'failure']},
  {title: 'fraud', readers: ['risk', 'cvv', 'cvc', 'avs']},
  {title: 'authentication', readers: ['auth', 'credential', 'login']},
  {title: 'testing', readers: ['sandbox', 'simulate', 'simulation']},
  {title: 'ip address', readers: ['allowlist', 'whitelist', 'firewall']},
  {title: 'request correlation', readers: ['trace', 'tracing', 'request id']},
  {title: 'changelog', readers: ['release', 'version', 'breaking']},
  {title: 'plaza payment', readers: ['plugin', 'app', 'extension', 'module', 'install', 'setup']},
  {title: 'plaza credit', readers: ['plugin', 'app', 'extension', 'install', 'setup']},
  {title: 'javascript sdk', readers: ['@plaza/web', 'plaza.js', 'elements']},
  {title: 'react sdk', readers: ['@plaza/react', 'hooks', 'components']},
];

/**
 * Applied to each query (src/lib/search.ts, searchQuery): a query that starts with the words of one
 * of `readers` is searched with `title` in their place, the words the API reference titles its
 * operations with: "list payouts" finds Get all payouts, "retrieve a customer" and "get a refund" Get
 * customer by ID and Get refund by ID. "get" alone is left as typed: "get started" is no operation.
 */
export const operationVerbs: {readers: string[]; title: string}[] = [
  {readers: ['list', 'list all', 'show all', 'fetch all', 'retrieve all', 'see all'], title: 'get all'},
  {readers: ['retrieve', 'fetch', 'read', 'show', 'look up', 'get a', 'get an', 'get one'], title: 'get id'},
  {readers: ['remove'], title: 'delete'},
  {readers: ['add'], title: 'create'},
  {readers: ['edit', 'modify', 'change'], title: 'update'},
];
