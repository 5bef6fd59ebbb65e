/**
 * The path of the current page's Markdown twin, or undefined on a URL that is no page of the
 * site (the not-found page has no twin). For the browser: it reads the site's route table.
 */
import {useLocation} from '@docusaurus/router';
import routes from '@generated/routes';
import {twinPath} from './markdown-twin';

type Route = {path: string; routes?: Route[]};

const pages = new Set<string>();
const collect = (list: Route[]): void =>
  list.forEach((route) => (route.routes ? collect(route.routes) : route.path !== '*' && pages.add(route.path)));
collect(routes as Route[]);

export function useTwinPath(): string | undefined {
  const {pathname} = useLocation();
  const route = [pathname, `${pathname}/`, pathname.replace(/\/$/, '')].find((candidate) => pages.has(candidate));
  return route && twinPath(route);
}
