import {createContext} from 'react';

/** The encoded tokens of the code block being rendered (src/lib/code-tokens.ts), when the build made them. */
export const CodeTokens = createContext<string | undefined>(undefined);
