import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['build/**', 'public/build/**', 'data/**', 'bench/results/**', 'test-results/**', 'playwright-report/**', '.cache/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused arguments named with a leading underscore are a signature's placeholders.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // The first field of a sign-in page or a just-opened dialog takes focus: what keyboard users expect there.
      'jsx-a11y/no-autofocus': 'off',
      // The ui/ wrappers render the native control a label wraps.
      'jsx-a11y/label-has-associated-control': [
        'error',
        { controlComponents: ['Input', 'NativeCheckbox', 'NativeSelect', 'Textarea', 'DateInput'], depth: 3 },
      ],
    },
  },
);
