/**
 * Why this wrapper exists: docusaurus-lunr-search 3.6.1 fetches its two index files on every
 * page render. This renders a look-alike search box until the reader first hovers, clicks or
 * focuses it (or presses Ctrl/⌘+K), and only then mounts the plugin's own SearchBar, which
 * loads the index, shows "Loading..." until it is ready, and focuses itself. The navbar is
 * mounted again on every page, so the first activation is remembered for the whole visit.
 * Checked against docusaurus-lunr-search 3.6.1 and @docusaurus/core 3.10.2.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme-original/SearchBar';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof SearchBarType>;

function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
}

function shortcutLabel(platform: string): string {
  return platform.startsWith('Mac') ? 'Search ⌘+K' : 'Search Ctrl+K';
}

// Whether the reader has used search during this visit (survives the navbar's remounts).
let activatedThisVisit = false;

export default function SearchBarWrapper(props: Props): ReactNode {
  const [active, setActive] = useState(activatedThisVisit);
  // Focus the box once the index is ready only when this box was just used, not after navigating.
  const [focusWhenReady, setFocusWhenReady] = useState(false);
  const [placeholder, setPlaceholder] = useState('Search Ctrl+K');
  const activate = () => {
    activatedThisVisit = true;
    setFocusWhenReady(true);
    setActive(true);
  };

  useEffect(() => {
    setPlaceholder(shortcutLabel(window.navigator.platform));
    if (active) {
      return undefined;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (isShortcut(event)) {
        event.preventDefault();
        activate();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);

  if (active) {
    return <SearchBar {...props} autoFocus={focusWhenReady} />;
  }
  return (
    <div className="navbar__search">
      <input
        id="search_input_react"
        type="search"
        placeholder={placeholder}
        aria-label="Search"
        className="navbar__search-input search-bar"
        onMouseOver={activate}
        onFocus={activate}
        onClick={activate}
      />
    </div>
  );
}
