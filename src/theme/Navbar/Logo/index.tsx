/**
 * Why this wrapper exists: the navbar shows a compact logo (the mark alone) at widths of
 * 996 px and below, and the full themed logo above. The original renders the full logo;
 * this adds the compact one beside it, and CSS (styles.module.css) shows one of the two. A site
 * without a logo (a preview of another spec, `npm run preview`) shows the original's title alone.
 * Checked against @docusaurus/theme-classic 3.10.2.
 */
import React, {type ReactNode} from 'react';
import Logo from '@theme-original/Navbar/Logo';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useThemeConfig} from '@docusaurus/theme-common';
import styles from './styles.module.css';

export default function NavbarLogoWrapper(): ReactNode {
  const {navbar} = useThemeConfig();
  const compactSrc = useBaseUrl('/img/logo-compact.svg');
  if (!navbar.logo) return <Logo />;
  return (
    <>
      <div className={styles.full}>
        <Logo />
      </div>
      <Link to="/" className={`navbar__brand ${styles.compact}`}>
        <img src={compactSrc} alt={navbar.logo?.alt ?? ''} width={32} height={32} className="navbar__logo" />
      </Link>
    </>
  );
}
