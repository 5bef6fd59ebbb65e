import type {Config} from '@docusaurus/types';
import type * as Theme from '@docusaurus/theme-classic';
import type {UserThemeConfig} from '@docusaurus/theme-common';
import {version as siteVersion} from './package.json';
import {codeTheme} from './src/data/prism-themes';
import announcementBarId from './src/plugins/announcement-bar-id';
import {previewRoute, siteApis} from './lib/api-model/site';
import {tryItUrl} from './lib/try-it-target';
import {generatedStaticDir, type ApiReferenceOptions} from './src/plugins/api-reference';
import markdownTwins from './src/plugins/markdown-twins';
import rehypeTableScroll from './src/plugins/rehype-table-scroll';
import rehypeStaticTrees from './src/plugins/rehype-static-trees';
import {codeTokens, rehypeCodeTokens} from './src/plugins/code-tokens';
import {firstRequest} from './src/pages/_home/content';
import remarkDiagrams from './src/plugins/remark-diagrams';
import remarkRunRequests from './src/plugins/remark-run-requests';
import tryItPages from './src/plugins/try-it-pages';
import frameworkInternals from './src/internals/plugin';
import {internalOn} from './src/internals';
import {ssrTemplate} from './src/internals/ssr-template';

// Environment, read once. Every variable is optional; the README lists them.
// The site's APIs: Plaza's two, or with PLAZA_PREVIEW_SPEC (npm run preview) one spec's reference alone.
const {apis, preview} = siteApis();
const env = {
  // A preview is served where `npm run serve` serves it, unless told otherwise.
  siteUrl: process.env.PLAZA_SITE_URL ?? (preview ? 'http://127.0.0.1:3000' : 'https://docs.plaza.example'),
  repositoryUrl: process.env.PLAZA_REPOSITORY_URL ?? 'https://code.plaza.example/plaza/developer-docs',
  hideNavbarOnScroll: process.env.PLAZA_NAVBAR_HIDE_ON_SCROLL === 'true',
  followSystemColorMode: process.env.PLAZA_FOLLOW_SYSTEM_COLOR_MODE === 'true',
  // Only the fixture sites of the tests set it: their specs are not Plaza's, so Plaza's own spec rules do not apply,
  // and their small specs lack the operations the guides link to, so broken links only warn.
  foreignSpecs: process.env.PLAZA_FOREIGN_SPECS === 'true' || preview !== undefined,
  // Plaza's build stops at a `$ref` that points at nothing; a preview warns and shows it, unless `npm run preview -- --strict`.
  strictSpecs: preview === undefined || process.env.PLAZA_PREVIEW_STRICT === 'true',
  // Plaza's sandbox API as a second target of Try it; unset, Try it runs the sandbox in the reader's browser only.
  tryItUrl: tryItUrl() ?? null,
};
const brokenLinks = env.foreignSpecs ? 'warn' : 'throw';

// The brand lives here and nowhere else: pages read it from siteConfig.customFields. A preview site
// is its spec's, with nothing of Plaza's: no guides, home page, announcement, logo or links.
const brand = preview?.title ?? 'Plaza';

// The announcement: change the id whenever the content changes, so that readers who
// dismissed the previous one see the new one.
const announcement = {
  id: 'sandbox-webhook-replay-2026-11',
  content:
    'New: replay any webhook delivery from the sandbox with <a href="/api/accounts/requeue-a-webhook-event-by-id">Requeue a webhook event</a>.',
};

const config: Config = {
  title: preview ? brand : `${brand} Developer Documentation`,
  tagline: 'Accept payments, onboard sellers and pay them out with one API.',
  // Plaza's mark; a preview of another spec has none of Plaza's.
  ...(preview ? {} : {favicon: 'img/favicon.svg'}),
  url: env.siteUrl,
  baseUrl: '/',
  trailingSlash: undefined,
  organizationName: 'plaza',
  projectName: 'developer-docs',

  onBrokenLinks: brokenLinks,
  onBrokenAnchors: brokenLinks,
  onDuplicateRoutes: 'throw',
  markdown: {
    hooks: {onBrokenMarkdownLinks: brokenLinks, onBrokenMarkdownImages: 'throw'},
  },

  // Every faster flag but Rspack's persistent cache: with it, a build of 2,000 operations peaked at
  // 7.8 GB, without it at 6.1 GB in the same time (npm run bench, its levers). Builds from a clean
  // clone, as CI runs them, start with no cache to reuse anyway.
  future: {v4: true, faster: {rspackPersistentCache: false}},
  // Pages paint before their JavaScript loads (see the template). The base-URL banner would find
  // Docusaurus missing at DOMContentLoaded, which now comes before it starts, so it is off.
  ...(internalOn('ssr-template') ? {ssrTemplate} : {}),
  baseUrlIssueBanner: false,
  // What readers download (the specs and the Postman collections) is written from specs/ at build time.
  staticDirectories: ['static', generatedStaticDir],

  i18n: {defaultLocale: 'en', locales: ['en'], localeConfigs: {en: {direction: 'ltr', htmlLang: 'en'}}},

  // A preview's Try it answers from a mock of its spec (sandbox/mock), not from Plaza's sandbox.
  customFields: {brand, siteVersion, tryItUrl: env.tryItUrl, tryItMock: preview !== undefined},

  plugins: [
    [
      // The docs plugin, with the API reference generated from specs/ before the docs are read.
      './src/plugins/api-reference/index.ts',
      {
        routeBasePath: '/',
        // A preview reads only its generated reference, and its sidebar is that reference's.
        ...(preview ? {include: [`${previewRoute.slice(1)}/**/*.{md,mdx}`]} : {sidebarPath: './sidebars.ts'}),
        breadcrumbs: true,
        showLastUpdateTime: false,
        // ```mermaid blocks become their SVGs from static/diagrams (npm run diagrams renders them).
        beforeDefaultRemarkPlugins: [remarkDiagrams],
        // Each request block of the guides gets its Run control (src/components/TryIt).
        remarkPlugins: [[remarkRunRequests, {docsDir: 'docs'}]],
        // Tables scroll inside themselves instead of widening the page; code blocks get their
        // highlighting (src/plugins/code-tokens.ts); then the parts of a page that are only elements
        // and text become data (StaticTree), so that a large reference builds in far less memory.
        rehypePlugins: [rehypeTableScroll, rehypeCodeTokens, rehypeStaticTrees],
        apis,
        foreignSpecs: env.foreignSpecs,
        strict: env.strictSpecs,
        preview: preview !== undefined,
      } satisfies ApiReferenceOptions,
    ],
    // The home page, and what the Run controls of each guide send (fetched on the first Run).
    ...(preview ? [] : ['@docusaurus/plugin-content-pages', tryItPages]),
    '@docusaurus/plugin-sitemap',
    // Code highlighted at build time: the home page's first request here, the docs' code blocks above.
    codeTokens(preview ? [] : [{code: firstRequest, language: 'bash'}]),
    // The framework internals the site replaces, each with its flag (src/internals).
    frameworkInternals,
    // Every page as Markdown at its route + `.md`, with /llms.txt and /llms-full.txt.
    markdownTwins(
      preview
        ? {
            summary: preview.description || `The reference of ${brand}, made from its OpenAPI document.`,
            sections: [{title: brand, prefixes: ['/']}],
            home: false,
          }
        : {
            summary: `${brand} is a payments and accounts API for platforms and marketplaces: it onboards sellers, takes card, ACH bank account, Apple Pay and Google Pay payments, refunds them, splits them with sellers and pays balances out, and reports everything through transactions, settlements, dispute cases and webhooks. These docs hold step-by-step guides, the concepts behind them, the reference of the Accounts and Payments APIs generated from their OpenAPI specs, the web SDKs and the commerce plugins.`,
            sections: [
              {title: 'Guides', prefixes: ['/guides/']},
              {title: 'Concepts', prefixes: ['/concepts/']},
              {title: 'API topics', prefixes: ['/api/']},
              ...apis.map((api) => ({title: api.title, prefixes: [`${api.route}/`, api.categorySlug]})),
              {title: 'SDKs', prefixes: ['/sdks/']},
              {title: 'Plugins', prefixes: ['/plugins/']},
            ],
          },
    ),
  ],

  themes: [
    ['@docusaurus/theme-classic', {customCss: ['./src/css/custom.css', './src/css/api-reference.css']} satisfies Theme.Options],
    // After theme-classic, so that its script runs after the theme's own.
    ...(preview ? [] : [announcementBarId(announcement.id)]),
  ],

  clientModules: ['./src/client/chunk-load-error.ts', './src/client/table-scroll.ts', './src/client/search-highlight.ts'],

  themeConfig: {
    metadata: [
      {
        name: 'description',
        content: preview
          ? preview.description || `The reference of ${brand}.`
          : `${brand} developer documentation: guides, API reference and SDKs.`,
      },
    ],
    colorMode: {
      defaultMode: 'dark',
      disableSwitch: false,
      respectPrefersColorScheme: env.followSystemColorMode,
    },
    ...(preview
      ? {}
      : {
          announcementBar: {
            id: announcement.id,
            content: announcement.content,
            backgroundColor: '#312e81',
            textColor: '#f8fafc',
            isCloseable: true,
          },
        }),
    // A preview's navbar names its API and leads to its reference; Plaza's has its sections, logo and source link.
    navbar: preview
      ? {title: brand, hideOnScroll: env.hideNavbarOnScroll, items: [{to: '/', label: 'Reference', position: 'left'}]}
      : {
          title: '',
          hideOnScroll: env.hideNavbarOnScroll,
          logo: {
            alt: `${brand} Developers`,
            src: 'img/logo-light.svg',
            srcDark: 'img/logo-dark.svg',
            width: 124,
            height: 32,
          },
          items: [
            {to: '/guides/', label: 'Guides', position: 'left', activeBaseRegex: '^/(guides|concepts|plugins)/'},
            {to: '/api/', label: 'API', position: 'left', activeBaseRegex: '^/(api|category)/'},
            {to: '/sdks/', label: 'SDKs', position: 'left', activeBaseRegex: '^/sdks/'},
            {href: env.repositoryUrl, label: 'Source', position: 'right', 'aria-label': 'Source repository'},
          ],
        },
    ...(preview
      ? {}
      : {
          footer: {
            style: 'dark',
            logo: {
              alt: brand,
              src: 'img/logo-dark.svg',
              width: 124,
              height: 32,
              href: '/',
            },
            links: [
              {
                title: 'Build',
                items: [
                  {label: 'Guides', to: '/guides/'},
                  {label: 'SDKs', to: '/sdks/'},
                ],
              },
              {
                title: 'Reference',
                items: [
                  {label: 'API overview', to: '/api/'},
                  {label: 'Accounts API', to: '/category/accounts'},
                  {label: 'Payments API', to: '/category/payments'},
                ],
              },
              {
                title: 'Project',
                items: [{label: 'Source repository', href: env.repositoryUrl}],
              },
            ],
            copyright: `Copyright © ${new Date().getFullYear()} ${brand}. Documentation v${siteVersion}.`,
          },
        }),
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      // One theme of CSS variables for both modes (src/data/prism-themes.ts). Code is highlighted
      // at build time, with the languages src/plugins/code-tokens.ts loads, so the theme loads none.
      theme: codeTheme,
      darkTheme: codeTheme,
      additionalLanguages: [],
    },
  } satisfies UserThemeConfig,
};

export default config;
