/**
 * Why this replacement exists: the theme's Tabs keys itself on whether the page has hydrated (a
 * workaround for facebook/docusaurus#5653), so every tab group, with all the code blocks of its
 * panels, is built twice when a page loads: 300 to 370 elements on a guide or an API operation
 * page. The workaround was for a first render that already showed the reader's stored tab.
 * theme-common's useTabsContextValue now starts from the default tab and switches to a stored or
 * linked one in a layout effect after hydration, so the first render matches the server's HTML.
 * The markup, classes and keys (Enter chooses, the arrow keys move between tabs) are the theme's.
 * Checked against @docusaurus/theme-classic 3.10.2.
 */
import React, {useRef, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {
  TabsProvider,
  sanitizeTabsChildren,
  useScrollPositionBlocker,
  useTabs,
  useTabsContextValue,
} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/Tabs';
import styles from './styles.module.css';

function TabList({className}: {className?: string}): ReactNode {
  const {selectedValue, selectValue, tabValues, block} = useTabs();
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();
  const tabs = useRef<(HTMLLIElement | null)[]>([]);

  const choose = (tab: HTMLLIElement, value: string) => {
    if (value === selectedValue) return;
    // Keep the chosen tab where it is on screen while panels above it change height.
    blockElementScrollPositionUntilNextRender(tab);
    selectValue(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number, value: string) => {
    const count = tabValues.length;
    if (event.key === 'Enter') choose(event.currentTarget, value);
    else if (event.key === 'ArrowRight') tabs.current[(index + 1) % count]?.focus();
    else if (event.key === 'ArrowLeft') tabs.current[(index + count - 1) % count]?.focus();
  };

  return (
    <ul role="tablist" aria-orientation="horizontal" className={clsx('tabs', {'tabs--block': block}, className)}>
      {tabValues.map(({value, label, attributes}, index) => {
        const selected = value === selectedValue;
        return (
          <li
            role="tab"
            tabIndex={selected ? 0 : -1}
            aria-selected={selected}
            key={value}
            ref={(tab) => {
              tabs.current[index] = tab;
            }}
            onKeyDown={(event) => onKeyDown(event, index, value)}
            onClick={(event) => choose(event.currentTarget, value)}
            {...attributes}
            className={clsx('tabs__item', styles.tabItem, attributes?.className as string | undefined, {
              'tabs__item--active': selected,
            })}>
            {label ?? value}
          </li>
        );
      })}
    </ul>
  );
}

export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  return (
    <TabsProvider value={value}>
      <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
        <TabList className={props.className} />
        <div className="margin-top--md">{sanitizeTabsChildren(props.children)}</div>
      </div>
    </TabsProvider>
  );
}
