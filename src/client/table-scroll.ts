/**
 * A table that is wider than the column scrolls inside its wrapper (src/plugins/rehype-table-scroll.ts).
 * Keyboard users need to reach that scroll: a wrapper that overflows becomes a focusable, named
 * group (not a region, since a page's landmarks need unique names); one that fits stays out of the
 * tab order. Checked after each page is shown and after the window is resized. Registered in
 * docusaurus.config.ts clientModules.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

function markScrollableTables(): void {
  document.querySelectorAll<HTMLElement>('.table-scroll').forEach((wrapper) => {
    if (wrapper.scrollWidth > wrapper.clientWidth) {
      wrapper.tabIndex = 0;
      wrapper.setAttribute('role', 'group');
      wrapper.setAttribute('aria-label', 'Table, scrolls sideways');
    } else {
      wrapper.removeAttribute('tabindex');
      wrapper.removeAttribute('role');
      wrapper.removeAttribute('aria-label');
    }
  });
}

if (ExecutionEnvironment.canUseDOM) {
  let frame = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(markScrollableTables);
  });
}

export function onRouteDidUpdate(): void {
  markScrollableTables();
}
