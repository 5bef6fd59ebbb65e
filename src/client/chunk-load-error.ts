/**
 * When a page's JavaScript cannot be loaded on a full page load (after Docusaurus has
 * already reloaded once because a client-side navigation failed), React never starts and
 * the reader would be left with a page that looks fine but does not respond. This shows
 * the error and a Retry button instead. Registered in docusaurus.config.ts clientModules.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

function isChunkLoadError(reason: unknown): reason is Error {
  return reason instanceof Error && (reason.name === 'ChunkLoadError' || /Loading (CSS )?chunk/.test(reason.message));
}

function showError(message: string): void {
  if (document.getElementById('page-load-error')) return;
  const box = document.createElement('div');
  box.id = 'page-load-error';
  box.className = 'page-load-error';
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = `This page could not finish loading: ${message}`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  box.append(text, retry);
  document.body.prepend(box);
  retry.focus();
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && document.documentElement.dataset.hasHydrated !== 'true') {
      event.preventDefault();
      console.error(event.reason);
      showError(event.reason.message.split('\n')[0] ?? '');
    }
  });
}
