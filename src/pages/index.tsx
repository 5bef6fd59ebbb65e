import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Heading from '@theme/Heading';
import {apis, apisLead, firstRequest, headings, hero, heroActions, pageDescription, startingPaths, testModePromises} from './_home/content';
import styles from './_home/styles.module.css';

function Hero({brand}: {brand: string}): ReactNode {
  return (
    <div className={styles.hero}>
      <div className={`container ${styles.heroGrid}`}>
        <div>
          <p className={styles.eyebrow}>{brand} developer documentation</p>
          <Heading as="h1" className={styles.heroTitle}>
            {hero.title}
          </Heading>
          <p className={styles.heroLead}>{hero.lead(brand)}</p>
          <div className={styles.heroActions}>
            {heroActions.map((action) => (
              <Link
                key={action.to}
                className={`button button--lg ${action.primary ? 'button--primary' : 'button--secondary button--outline'}`}
                to={action.to}>
                {action.label}
              </Link>
            ))}
          </div>
        </div>
        <div className={styles.heroCode}>
          <CodeBlock language="bash" title={hero.codeTitle}>
            {firstRequest}
          </CodeBlock>
          <p className={styles.heroCodeNote}>{hero.codeNote}</p>
        </div>
      </div>
    </div>
  );
}

function StartingPaths(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="start-here">
      <div className="container">
        <Heading as="h2" id="start-here">
          {headings.start}
        </Heading>
        <ul className={styles.cards}>
          {startingPaths.map((path) => (
            <li key={path.title} className={styles.card}>
              <Link to={path.to} className={styles.cardLink}>
                <span className={styles.cardTitle}>{path.title}</span>
                <span className={styles.cardText}>{path.text}</span>
                <span className={styles.cardMore} aria-hidden="true">
                  {path.cta} →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Apis({brand}: {brand: string}): ReactNode {
  return (
    <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="two-apis">
      <div className="container">
        <Heading as="h2" id="two-apis">
          {headings.apis}
        </Heading>
        <p className={styles.sectionLead}>{apisLead(brand)}</p>
        <div className={styles.apiGrid}>
          {apis.map((api) => (
            <div key={api.name} className={styles.apiCard}>
              <Heading as="h3">{api.name}</Heading>
              <p>{api.summary}</p>
              <ul>
                {api.covers.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function TestMode(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="test-mode">
      <div className="container">
        <Heading as="h2" id="test-mode">
          {headings.testMode}
        </Heading>
        <ul className={styles.promises}>
          {testModePromises.map((promise) => (
            <li key={promise.title}>
              <strong>{promise.title}</strong>
              <span>{promise.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const brand = String(siteConfig.customFields?.brand);
  return (
    <Layout description={pageDescription(brand)}>
      <main>
        <Hero brand={brand} />
        <StartingPaths />
        <Apis brand={brand} />
        <TestMode />
      </main>
    </Layout>
  );
}
