// Coordinators stay readable: a production function over about 150 lines (blank lines and
// comments aside) is split into named steps that read top-down. Specs and test support may
// be longer; a scenario reads best whole. Held on the repository by eslint.config.js and
// proven by test/lint/function-length.unit.spec.ts.

/** The longest a production function may be, blank lines and comments not counted. */
export const MAX_FUNCTION_LINES = 150;

/** Flat-config entries that hold production functions to `MAX_FUNCTION_LINES`. */
export const functionLength = () => [
  {
    files: ['src/**/*.ts', 'projections/**/*.ts', 'services/**/*.ts', 'schemas/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
];
