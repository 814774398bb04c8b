// ESLint for the engine, the plugins, the site, the scripts and the tests: the recommended rules
// of ESLint and typescript-eslint (syntax only, so linting stays seconds, not a type check:
// `npm run typecheck` is that), and React's rules of hooks. Formatting is Prettier's alone.
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      'dist/',
      'build/',
      '**/.e2e-build-*/',
      '**/.sheaf/',
      '**/.sheaf-cache/',
      '**/.tmp-*/',
      'test-results/',
      'bench/peers/',
      'bench/.corpus*/',
    ],
  },
  {
    // Scripts and the CLI's entry run in Node; site code and the client in browsers and Node.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_name` marks a binding kept on purpose (a position in a destructuring, a callback's arity).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Control characters in patterns are deliberate here: they are what input sanitizing strips.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests hand hostile and malformed values to typed APIs on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      // Fixtures copy the shape of other engines' files (an Rspress config without its types).
      '@typescript-eslint/ban-ts-comment': 'off',
    },
  },
  {
    // Playwright's fixtures call `use`, which is no React hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
)
