/**
 * What src/internals/kept-from-hydration.tsx is with its flag off (PLAZA_INTERNALS_OFF): nothing.
 * The theme's code blocks and tabs are built again after hydration, as in stock Docusaurus, and
 * the code block's buttons read the browser context as the theme gives it.
 */
import type {ReactNode} from 'react';

export default function KeptFromHydration({children}: {children: ReactNode}): ReactNode {
  return children;
}

export function Hydrated({children}: {children: ReactNode}): ReactNode {
  return children;
}
