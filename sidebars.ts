import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// Three sidebars, one per top-level section of the navbar.
const sidebars: SidebarsConfig = {
  docs: [{type: 'doc', id: 'guides/index', label: 'Guides overview'}],
  api: [{type: 'doc', id: 'api/index', label: 'API overview'}],
  sdk: [{type: 'doc', id: 'sdks/index', label: 'SDKs overview'}],
};

export default sidebars;
