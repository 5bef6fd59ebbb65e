/** `import Name from 'source'` as an MDX tree holds it: its text, and the program the MDX compiler reads. */
export const mdxDefaultImport = (name: string, source: string) => ({
  type: 'mdxjsEsm',
  value: `import ${name} from '${source}';`,
  data: {
    estree: {
      type: 'Program',
      sourceType: 'module',
      body: [
        {
          type: 'ImportDeclaration',
          specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
          source: {type: 'Literal', value: source},
        },
      ],
    },
  },
});
