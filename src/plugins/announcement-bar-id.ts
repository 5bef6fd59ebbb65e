import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * The classic theme hides a dismissed announcement bar before React runs, from the stored
 * "dismissed" flag alone. When the announcement's id has changed since, React reopens the
 * bar but the early "hidden" attribute stays, so the new announcement would stay hidden
 * until the next full page load. This script, injected after the theme's own, clears that
 * attribute when the stored id is not the current one. Checked against
 * @docusaurus/theme-classic 3.10.2.
 */
export default function announcementBarId(id: string): (context: LoadContext) => Plugin {
  return (context) => {
    const idKey = JSON.stringify(`docusaurus.announcement.id${context.siteStorage.namespace}`);
    const currentId = JSON.stringify(id);
    return {
      name: 'announcement-bar-id',
      injectHtmlTags() {
        return {
          preBodyTags: [
            {
              tagName: 'script',
              innerHTML: `(function(){try{if(localStorage.getItem(${idKey})!==${currentId}){document.documentElement.setAttribute('data-announcement-bar-initially-dismissed','false')}}catch(e){}})();`,
            },
          ],
        };
      },
    };
  };
}
