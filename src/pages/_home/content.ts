// What the home page says, kept apart from how it is laid out.

/** The meta description of the home page. */
export const pageDescription = (brand: string) => `Guides, API reference and SDKs for integrating ${brand} payments, accounts and payouts.`;

export const hero = {
  title: 'Take payments, onboard sellers and pay them out, through one API.',
  lead: (brand: string) =>
    `${brand} gives platforms and marketplaces card, bank account, Apple Pay and Google Pay payments, seller onboarding and payouts. Build against the sandbox today, and go live once your account is approved.`,
  codeTitle: 'Your first payment, in the sandbox',
  /** Under the request: where its key and its test card come from. */
  codeNote:
    'Runs as it is with your sk_test_ key: card_testvisacredit0000000000 is a test card that every sandbox account can charge from its server.',
};

/** The buttons under the lead: the quickstart first, then the guides and the reference. */
export const heroActions = [
  {label: 'Take the 5-minute quickstart', to: '/guides/quickstart', primary: true},
  {label: 'Browse the guides', to: '/guides/', primary: false},
  {label: 'Browse the API', to: '/api/', primary: false},
];

export const headings = {
  start: 'Where to start',
  apis: 'Two APIs, one set of conventions',
  testMode: 'Test everything before real money moves',
};

export const apisLead = (brand: string) =>
  `Both ${brand} APIs share hosts, authentication, IDs, pagination, idempotency and one error shape, so what you learn from one works in the other.`;

export type StartingPath = {title: string; text: string; to: string; cta: string};

export const startingPaths: StartingPath[] = [
  {
    title: 'Accept a payment',
    text: 'Collect a card in the browser, create a payment on your server, and handle declines and webhooks.',
    to: '/guides/payments/process-card-payments',
    cta: 'Take a card payment',
  },
  {
    title: 'Onboard sellers',
    text: 'Invite the sellers of your marketplace, collect their business details, and split each payment with them.',
    to: '/guides/marketplaces/onboard-sellers',
    cta: 'Onboard your sellers',
  },
  {
    title: 'API reference',
    text: 'Every operation of the Accounts and Payments APIs, with parameters, schemas, errors and samples in six languages.',
    to: '/api/',
    cta: 'Open the reference',
  },
  {
    title: 'Web SDKs',
    text: 'Collect card, bank account, Apple Pay and Google Pay details in JavaScript or React without touching raw card data.',
    to: '/sdks/',
    cta: 'See the SDKs',
  },
  {
    title: 'Commerce plugins',
    text: 'Take Plaza payments in BigCommerce, Magento, Shopify and WooCommerce stores without writing code.',
    to: '/plugins/',
    cta: 'Find your platform',
  },
];

export const apis = [
  {
    name: 'Accounts API',
    summary: 'Who takes part: your account, your sellers and the people and keys behind them.',
    covers: [
      'Seller accounts, invitations, members and roles',
      'Onboarding: business details, owners, documents and review',
      'Customers, API keys, events and webhooks',
    ],
  },
  {
    name: 'Payments API',
    summary: 'How money moves: in from buyers, across to sellers and out to bank accounts.',
    covers: [
      'Card, ACH bank account, Apple Pay and Google Pay payments',
      'Authorize and capture, cancel, refund, and dispute cases',
      'Payouts, transfers, transactions and settlements',
    ],
  },
];

export const testModePromises = [
  {
    title: 'A full sandbox from day one.',
    text: 'Every account gets sk_test_ keys for https://api.sandbox.plaza.example, which behaves like production and moves no money.',
  },
  {
    title: 'Every outcome on demand.',
    text: 'Test cards, bank accounts, tax IDs and amounts trigger approvals, declines, bank returns and dispute cases, and sandbox operations move the clock past cutoffs and decide returns, disputes and onboarding in seconds.',
  },
  {
    title: 'Webhooks you can replay.',
    text: 'Sandbox events reach your endpoint like live ones, and any delivery can be sent again.',
  },
  {
    title: 'A short checklist to go live.',
    text: 'Once onboarding is approved, use sk_live_ and pk_live_ keys with https://api.plaza.example, create your webhooks again for new secrets, and drop the test values: nothing made in the sandbox exists in production.',
  },
];

export const firstRequest = `curl -X POST https://api.sandbox.plaza.example/v1/payments \\
  -H "X-API-KEY: $PLAZA_SECRET_KEY" \\
  -H "Idempotency-Key: 5d0c7f3e-8a41-4b8e-9f2a-6c1d2e3f4a5b" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amount": 2599,
    "currency": "USD",
    "payment_method_id": "card_testvisacredit0000000000",
    "description": "Order 5531"
  }'`;
