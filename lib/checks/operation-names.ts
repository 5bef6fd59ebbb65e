/**
 * Operations named in docs prose. An operation is named by its page title (its summary), linked to its
 * page: "call [Create payment](/api/financial/create-payment)", never by a third-person phrase of its
 * own such as "Creates a payment". Code, diagrams and inline code are not prose and are not read.
 */
import escapeRegExp from 'lodash/escapeRegExp';
import type {Link, RootContent} from 'mdast';
import type {Problem} from '../page-requests';
import {parseMdx} from '../api-render/spec-text';
import type {OperationPage} from '../api-render/webhook-events';

/** A verb in the third person: Create is Creates, Copy is Copies, Attach is Attaches; Cancels stays. */
export function thirdPerson(verb: string): string {
  if (/[^s]s$/.test(verb)) return verb;
  if (/(ch|sh|x|z|ss)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

type NamedOperation = {page: OperationPage; pattern: RegExp};

/**
 * The third-person phrase of each operation, as a pattern: its verb in the third person, an optional
 * article, then the rest of its summary up to "by" ("Get payment by ID" is named by "Gets a payment").
 */
export function thirdPersonNames(pages: readonly OperationPage[]): NamedOperation[] {
  return pages.map((page) => {
    // split gives at least one part: the default never applies.
    const [verb = '', ...rest] = page.title.split(' ');
    const object = rest
      .join(' ')
      .replace(/^(a|an|the) /, '')
      .split(' by ')[0];
    const phrase = `${escapeRegExp(thirdPerson(verb))} (?:(?:a|an|the|one) )?${escapeRegExp(object)}`;
    return {page, pattern: new RegExp(`\\b${phrase}\\b`, 'g')};
  });
}

const notProse = new Set(['code', 'inlineCode', 'html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

const words = (node: RootContent): string =>
  node.type === 'text'
    ? node.value
    : 'children' in node && !notProse.has(node.type)
      ? (node.children as RootContent[]).map(words).join('')
      : '';

/** The places in one MDX page where prose names an operation in the third person instead of by its title. */
export function checkOperationNames(file: string, source: string, pages: readonly OperationPage[]): Problem[] {
  const names = thirdPersonNames(pages);
  const problems: Problem[] = [];
  const visit = (node: RootContent): void => {
    if (notProse.has(node.type)) return;
    const line = node.position?.start.line ?? 0;
    if (node.type === 'link') {
      const label = words(node);
      const target = pages.find((page) => page.url === (node as Link).url.split('#')[0]);
      if (target && label === target.title) return;
      const named = names.find(({pattern}) => new RegExp(pattern.source, 'i').test(label));
      if (named) {
        problems.push({
          file,
          line,
          reason: `the link "${label}" names ${named.page.title} in the third person; label it with the page title "${named.page.title}"`,
        });
        return;
      }
    }
    if (node.type === 'text') {
      for (const {page, pattern} of names) {
        for (const match of node.value.matchAll(pattern)) {
          problems.push({
            file,
            line,
            reason: `"${match[0]}" names an operation in the third person; write its page title as a link: [${page.title}](${page.url})`,
          });
        }
      }
    }
    if ('children' in node) (node.children as RootContent[]).forEach(visit);
  };
  parseMdx(source).children.forEach(visit);
  return problems;
}
