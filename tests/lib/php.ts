import {Engine} from 'php-parser';

/**
 * Parses PHP source as PHP 8 would read it (the php-parser package, so no PHP install is needed
 * for samples that only have to parse). Returns the parser's message, with its line, or null.
 */
export function phpSyntaxError(code: string): string | null {
  const parser = new Engine({parser: {php8: true, suppressErrors: false, extractDoc: false}, ast: {withPositions: false}});
  try {
    parser.parseCode(code, 'sample.php');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
