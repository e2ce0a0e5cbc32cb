// ESLint flat config: typescript-eslint, React hooks, kebab-case names, and DESIGN §2 import direction.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SOURCE_DIRS = '{domain,server,src,tests,bench,scripts}';

/** A relative import that reaches into one of the named top-level or src folders. */
const into = (...folders) => `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`;

const rule = (message, regex) => ({ regex, message });
const ANTD = rule(
  'UI-free code must not import antd or antd-mobile.',
  '^(?:antd|antd-mobile|@ant-design)(?:/|$)',
);
const NO_SERVER = rule('src/ never imports server/ (DESIGN §2).', into('server'));
const NO_SHELLS = rule(
  'Only the shells import src/desktop or src/mobile (DESIGN §2).',
  into('desktop', 'mobile'),
);

/** no-restricted-imports with regex patterns; flat config replaces, not merges, a rule per file. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server*/**',
      'node_modules/**',
      'data/**',
      'bench/results/**',
      'coverage/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'tests/**', '*.{js,ts,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**', 'tests/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [`${SOURCE_DIRS}/**/*`],
    // language folders keep their BCP 47 tags (zh-CN, en-US), the keys of every catalogue
    ignores: ['domain/i18n/zh-CN/**', 'domain/i18n/en-US/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      // kebab-case; a leading number is allowed for ordered files such as migrations (0001-foundation.ts)
      'check-file/filename-naming-convention': [
        'error',
        { [`${SOURCE_DIRS}/**/*.{ts,tsx,js,mjs,cjs}`]: '+([a-z0-9])*(-+([a-z0-9]))' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { [`${SOURCE_DIRS}/**/`]: 'KEBAB_CASE' }],
    },
  },
  // DESIGN §2 import direction: domain <- server, domain <- src; platforms, adapters <- pages <- desktop, mobile.
  {
    files: ['domain/**/*.ts'],
    rules: restrict(
      rule('domain/ imports only zod and domain/ (DESIGN §2).', '^(?!zod(?:/|$)|\\.)'),
      rule(
        'domain/ imports only zod and domain/ (DESIGN §2).',
        into('server', 'src', 'tests', 'bench', 'scripts'),
      ),
    ),
  },
  // The password rule's estimator (zxcvbn and its dictionaries: pure TypeScript and data, no I/O), so that
  // the server and the pages judge a password with one configuration. Only this file of domain/ may.
  {
    files: ['domain/rules/password-estimator.ts'],
    rules: restrict(
      rule(
        'domain/ imports only zod, domain/ and, here, @zxcvbn-ts (DESIGN §2).',
        '^(?!zod(?:/|$)|@zxcvbn-ts/|\\.)',
      ),
      rule(
        'domain/ imports only zod and domain/ (DESIGN §2).',
        into('server', 'src', 'tests', 'bench', 'scripts'),
      ),
    ),
  },
  // The label renderer's symbologies (jsbarcode's object renderer and qr, Paul Miller's QR encoder: pure JavaScript, no
  // DOM, no I/O), so the designer, the print page and the products' endpoint draw one label with one code.
  {
    files: ['domain/labels/barcode-svg.ts', 'domain/labels/qr-svg.ts'],
    rules: restrict(
      rule(
        'domain/ imports only zod, domain/ and, here, jsbarcode or qr (DESIGN §2).',
        '^(?!zod(?:/|$)|jsbarcode$|qr$|\\.)',
      ),
      rule(
        'domain/ imports only zod and domain/ (DESIGN §2).',
        into('server', 'src', 'tests', 'bench', 'scripts'),
      ),
    ),
  },
  // The monomer structure reader (OpenChemLib: pure JavaScript, no I/O), so that the server (the authority)
  // and the monomer screen read a SMILES with one library. Only this file of domain/ may.
  {
    files: ['domain/rules/monomer-structure.ts'],
    rules: restrict(
      rule(
        'domain/ imports only zod, domain/ and, here, openchemlib (DESIGN §2).',
        '^(?!zod(?:/|$)|openchemlib$|\\.)',
      ),
      rule(
        'domain/ imports only zod and domain/ (DESIGN §2).',
        into('server', 'src', 'tests', 'bench', 'scripts'),
      ),
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict(rule('server/ never imports src/ (DESIGN §2).', into('src'))),
  },
  // DESIGN §2: a service reaches repositories through withTransaction or the one read accessor
  // (readRepositories); it builds none itself.
  {
    files: ['server/services/**/*.ts'],
    rules: restrict(rule('server/ never imports src/ (DESIGN §2).', into('src')), {
      regex: '^\\.\\./repositories(?:/|$)',
      importNamePattern: '^create',
      message: 'A service reaches repositories through withTransaction or readRepositories (DESIGN §2).',
    }),
  },
  // DESIGN §2: an operator command is a front door like a route: it reads through readRepositories and
  // changes things through services, building no repositories itself.
  {
    files: ['server/commands/**/*.ts'],
    rules: restrict(rule('server/ never imports src/ (DESIGN §2).', into('src')), {
      regex: '^\\.\\./repositories(?:/|$)',
      importNamePattern: '^create',
      message: 'A command reads through readRepositories and writes through a service (DESIGN §2).',
    }),
  },
  // DESIGN §2: a route parses, calls one service and answers; the service does the reading and writing, so
  // a route builds no repositories, opens no transaction and calls no read accessor (row types it may name).
  {
    files: ['server/routes/**/*.ts'],
    rules: restrict(rule('server/ never imports src/ (DESIGN §2).', into('src')), {
      regex: '^\\.\\./repositories(?:/|$)',
      importNamePattern: '^(?:create|readRepositories$|withTransaction$|countingRepositories$)',
      message: 'A route calls a service, which reaches the repositories (DESIGN §2).',
    }),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: restrict(NO_SERVER),
  },
  // Issue 23: one formatter for dates and times (domain/rules/date-time.ts, useFormatTime in src/), tied to
  // the interface language and the user's time zone. The browser's locale, ISO text and hand-built patterns
  // each showed a different date on a different screen.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message:
            'Show dates with formatDateTime (domain/rules/date-time.ts) or useFormatTime: the interface language, not the browser locale.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toISOString']",
          message: 'Screens show dates with useFormatTime (src/i18n/use-t.ts), not ISO text.',
        },
        {
          selector: "CallExpression[callee.property.name='format'] > Literal.arguments[value=/YY|HH|mm/]",
          message: 'Screens show dates with useFormatTime (src/i18n/use-t.ts), not a hand-built pattern.',
        },
      ],
    },
  },
  {
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: restrict(NO_SERVER, ANTD, NO_SHELLS),
  },
  {
    files: ['src/platforms/**/*.{ts,tsx}', 'src/adapters/**/*.{ts,tsx}'],
    rules: restrict(
      NO_SERVER,
      ANTD,
      rule(
        'platforms/ and adapters/ sit below pages and the shells (DESIGN §2).',
        into('pages', 'desktop', 'mobile'),
      ),
    ),
  },
  {
    files: ['src/desktop/**/*.{ts,tsx}'],
    rules: restrict(
      NO_SERVER,
      rule('The desktop shell never imports the mobile shell or antd-mobile.', into('mobile')),
      rule('The desktop shell never imports the mobile shell or antd-mobile.', '^antd-mobile(?:/|$)'),
    ),
  },
  // The unit tests' cheaper argon2id cost (tests/helpers/cheap-password-hashes.ts) is for tests only: no
  // code that runs in production may lower the cost passwords are hashed with.
  {
    files: ['server/**/*.ts', 'scripts/**', 'bench/**', 'domain/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "ImportSpecifier[imported.name='setArgon2CostForTests']",
          "MemberExpression[property.name='setArgon2CostForTests']",
        ].map((selector) => ({
          selector,
          message: 'setArgon2CostForTests is for tests only: production hashes at OWASP cost.',
        })),
      ],
    },
  },
  {
    files: ['src/mobile/**/*.{ts,tsx}'],
    rules: restrict(
      NO_SERVER,
      rule('The mobile shell never imports the desktop shell.', into('desktop')),
      rule(
        'The mobile shell must not load antd (its login page budget excludes it).',
        '^(?:antd|@ant-design)(?:/|$)',
      ),
    ),
  },
);
