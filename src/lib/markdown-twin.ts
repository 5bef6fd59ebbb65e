/**
 * Where a page's Markdown twin lives: its route with `.md` appended, and `index.md` for a route
 * that ends in a slash (the home page's twin is `/index.md`). The build writes the twins there,
 * and the pages link to them; both use this one function.
 */
export function twinPath(route: string): string {
  return route.endsWith('/') ? `${route}index.md` : `${route}.md`;
}
