/* Legacy config format on purpose: DESIGN.md pins ESLint 9 run with ESLINT_USE_FLAT_CONFIG=false. */
module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
  plugins: ['@typescript-eslint', 'react-hooks'],
  extends: ['eslint:recommended', 'plugin:@typescript-eslint/recommended', 'plugin:react-hooks/recommended'],
  env: { es2022: true, node: true, browser: true, jest: true },
  ignorePatterns: ['dist/', 'node_modules/', 'data/', 'coverage/'],
  rules: {
    '@typescript-eslint/no-explicit-any': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
  },
  overrides: [
    {
      // Typed hooks only (STYLE.md habit 7): the untyped ones lose RootState.
      files: ['src/client/**/*.ts', 'src/client/**/*.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector / useAppDispatch from app/hooks.' },
            ],
          },
        ],
      },
    },
    {
      // The server's stores answer asynchronously (the queue, and the database and files when
      // configured elsewhere): a promise used as a value or left unawaited is a bug, found here.
      files: ['src/server/**/*.ts', 'src/server/**/*.tsx'],
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: __dirname },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
        '@typescript-eslint/await-thenable': 'error',
      },
    },
    {
      // Dependencies run one way, modules -> queue -> render (DESIGN.md section 6): a renderer
      // needs nothing of the server outside render/, so a render process can load it alone.
      files: ['src/server/render/**/*.ts', 'src/server/render/**/*.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: '^(\\.\\./)+(queue|modules|db|security|config|services|app|clock)(/|$)', message: 'render/ depends on nothing of the server outside it.' }] },
        ],
      },
    },
    {
      files: ['src/server/queue/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+modules(/|$)', message: 'The queue serves the modules; it never imports them.' }] }],
      },
    },
  ],
};
