import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import accountsReference from './docs/api/accounts/sidebar';
import paymentsReference from './docs/api/financial/sidebar';
import {apis, type ApiName} from './scripts/lib/specs';

// Three sidebars, one per top-level section of the navbar. The two reference categories are
// generated from specs/ by `docusaurus gen-api-docs` before every start and build.

const categorySlug = (name: ApiName) => apis.find((api) => api.name === name)!.categorySlug;

const group = (label: string, dir: string, slugs: string[]) => ({
  type: 'category' as const,
  label,
  collapsed: false,
  items: slugs.map((slug) => `guides/${dir}/${slug}`),
});

const sidebars: SidebarsConfig = {
  docs: [
    {type: 'doc', id: 'guides/index', label: 'Guides overview'},
    {type: 'doc', id: 'guides/quickstart', label: 'Quickstart'},
    group('Payment methods', 'payment-methods', [
      'collect-cards',
      'collect-bank-accounts',
      'collect-verified-bank-accounts',
      'collect-apple-pay',
      'collect-google-pay',
    ]),
    group('Payments', 'payments', [
      'process-card-payments',
      'authorize-and-capture-payments',
      'cancel-payments',
      'process-ach-payments',
      'process-apple-pay-payments',
      'process-google-pay-payments',
    ]),
    group('Refunds', 'refunds', ['refund-payments', 'cancel-refunds']),
    group('Payouts', 'payouts', ['process-ach-payouts', 'process-card-payouts', 'cancel-payouts']),
    group('Transactions', 'transactions', ['search-and-view-transactions', 'view-settlements']),
    group('Marketplaces', 'marketplaces', ['onboard-sellers', 'transfer-funds-to-sellers']),
    {type: 'doc', id: 'guides/production-checklist', label: 'Production checklist'},
    {
      type: 'category',
      label: 'Concepts',
      link: {type: 'doc', id: 'concepts/index'},
      items: [
        'concepts/accounts',
        'concepts/onboarding',
        'concepts/api-keys',
        'concepts/transactions',
        'concepts/dispute-cases',
        'concepts/fraud-details-and-prevention',
        'concepts/webhooks',
      ],
    },
    {
      type: 'category',
      label: 'Plugins',
      link: {type: 'doc', id: 'plugins/index'},
      items: [
        'plugins/bigcommerce-payments',
        'plugins/magento-payments',
        'plugins/shopify-payments',
        'plugins/shopify-credit',
        'plugins/woocommerce-payments',
      ],
    },
    {type: 'link', label: 'API reference', href: '/api/'},
    {type: 'link', label: 'SDKs', href: '/sdks/'},
  ],
  api: [
    {type: 'doc', id: 'api/index', label: 'API overview'},
    'api/authentication',
    'api/errors',
    'api/idempotency',
    'api/pagination',
    'api/rate-limits',
    'api/request-correlation',
    'api/ip-addresses',
    'api/testing',
    'api/webhook-events',
    'api/changelog',
    {
      type: 'category',
      label: 'Accounts Reference',
      link: {
        type: 'generated-index',
        title: 'Accounts Reference',
        description: 'Every operation of the Accounts API, grouped by resource.',
        slug: categorySlug('accounts'),
      },
      items: accountsReference,
    },
    {
      type: 'category',
      label: 'Payments Reference',
      link: {
        type: 'generated-index',
        title: 'Payments Reference',
        description: 'Every operation of the Payments API, grouped by resource.',
        slug: categorySlug('financial'),
      },
      items: paymentsReference,
    },
  ],
  sdk: [
    {type: 'doc', id: 'sdks/index', label: 'SDKs overview'},
    {type: 'category', label: 'Web', collapsed: false, items: ['sdks/web/javascript', 'sdks/web/react']},
  ],
};

export default sidebars;
