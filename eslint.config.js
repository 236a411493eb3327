// One type-aware lint for every workspace: no floating promises, no `any`,
// exhaustive switches (STYLE.md "Guardrails over prose").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

// What a person reads in a component: JSX text and these attributes (Mantine's
// label, description, error... and ARIA names). Every other attribute is code.
const USER_FACING_ATTRIBUTES = [
  'title',
  'label',
  '\\w+Label',
  'description',
  'placeholder',
  'error',
  'alt',
  'message',
  'nothingFoundMessage',
  'tooltip',
  'caption',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read JSON answers untyped and assert their shape.
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No user-visible literal bypasses i18n (issue 9): texts are catalogue keys.
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'packages/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: USER_FACING_ATTRIBUTES, exclude: ['.*'] },
          words: {
            // Punctuation, digits, acronyms and lone symbols are the same in every language.
            exclude: ['[0-9!-/:-@[-`{-~\\s·–—…•×→←⋮]+', '[A-Z_-]+', /^\p{Emoji}+$/u],
          },
          callees: {
            // Their arguments are keys and field paths, not texts.
            exclude: ['i18n(ext)?', 't', 'errorOf', 'fieldError', 'fieldErrorText', 'errorText'],
          },
        },
      ],
    },
  },
);
