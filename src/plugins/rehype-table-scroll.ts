/**
 * A rehype plugin for the docs: each table is wrapped in a <div className="table-scroll">, which
 * scrolls sideways when the table is wider than the column (on a phone, a table of error codes or
 * of IDs). The page itself never gets wider than the screen, and on wide screens the table still
 * fills the column.
 */
type HastNode = {type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[]};

export default function rehypeTableScroll() {
  const wrap = (node: HastNode): void => {
    node.children = node.children?.map((child) => {
      wrap(child);
      return child.type === 'element' && child.tagName === 'table'
        ? {type: 'element', tagName: 'div', properties: {className: ['table-scroll']}, children: [child]}
        : child;
    });
  };
  return wrap;
}
