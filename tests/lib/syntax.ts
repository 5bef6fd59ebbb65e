import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {Engine} from 'php-parser';
import {Language, Parser} from 'web-tree-sitter';

/**
 * Syntax checks of sample languages that need no compiler on the machine: PHP with the php-parser
 * package, C# with the tree-sitter C# grammar (its WebAssembly build, run by web-tree-sitter).
 */

/** Parses PHP as PHP 8 reads it. Returns the parser's message, with its line, or null. */
export function phpSyntaxError(code: string): string | null {
  const parser = new Engine({parser: {php8: true, suppressErrors: false, extractDoc: false}, ast: {withPositions: false}});
  try {
    parser.parseCode(code, 'sample.php');
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A C# parser: returns the line and text of the first part it cannot read, or null. */
export async function csharpChecker(): Promise<(code: string) => string | null> {
  await Parser.init();
  const grammar = createRequire(import.meta.url).resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm');
  const parser = new Parser();
  parser.setLanguage(await Language.load(readFileSync(grammar)));
  return (code) => {
    const root = parser.parse(code)?.rootNode;
    if (!root) return 'the parser gave no tree';
    if (!root.hasError) return null;
    const bad = root.descendantsOfType(['ERROR']).find(Boolean) ?? [...walk(root)].find((node) => node.isMissing);
    return bad ? `line ${bad.startPosition.row + 1}: cannot read ${JSON.stringify(bad.text.slice(0, 60) || bad.type)}` : 'syntax error';
  };
}

type SyntaxNode = NonNullable<ReturnType<Parser['parse']>>['rootNode'];

function* walk(node: SyntaxNode): Generator<SyntaxNode> {
  yield node;
  for (const child of node.children) if (child) yield* walk(child);
}
