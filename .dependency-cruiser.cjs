// Import graph rules (DESIGN §2), run by `npm run lint`: no import cycle anywhere, and inside server/ the
// arrows core <- repositories <- services <- routes, commands (presenters, files, integrations beside
// services). The folder rules for domain/ and src/ are ESLint's (eslint.config.js).
/** A server folder, as a path pattern. */
const server = (...folders) => `^server/(?:${folders.join('|')})/`;
const FRONT_DOORS = server('routes', 'commands');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycles anywhere (DESIGN §2): move what both sides need below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-no-server',
      comment: 'server/core/ is what every server folder may import: it imports nothing else of the server.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/', pathNot: '^server/core/' },
    },
    {
      name: 'routes-only-from-app',
      comment: 'routes/ is imported only by app.ts (and from inside routes/): a front door calls services.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/app\\.ts$', server('routes')] },
      to: { path: server('routes') },
    },
    {
      name: 'commands-only-from-cli',
      comment:
        'commands/ is imported only by cli.ts (and from inside commands/): a front door calls services.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/cli\\.ts$', server('commands')] },
      to: { path: server('commands') },
    },
    {
      name: 'services-below-front-doors',
      comment:
        'services/ and the folders beside it (presenters, files, integrations) never import routes, commands or plugins.',
      severity: 'error',
      from: { path: server('services', 'presenters', 'files', 'integrations') },
      to: { path: [FRONT_DOORS, server('plugins')] },
    },
    {
      name: 'beside-services-not-services',
      comment: 'presenters/, files/ and integrations/ sit beside services/: they do not import it.',
      severity: 'error',
      from: { path: server('presenters', 'files', 'integrations') },
      to: { path: server('services') },
    },
    {
      name: 'repositories-below-services',
      comment: 'repositories/ is SQL only: it imports core, db, security and domain, nothing above it.',
      severity: 'error',
      from: { path: server('repositories', 'db', 'security') },
      to: {
        path: [FRONT_DOORS, server('services', 'presenters', 'files', 'integrations', 'plugins')],
      },
    },
    {
      name: 'root-entry-points-stay-up',
      comment: 'No folder of the server imports its entry points (app.ts, cli.ts, main.ts).',
      severity: 'error',
      from: { path: '^server/[^/]+/', pathNot: '^server/commands/' },
      to: { path: '^server/(?:app|cli|main)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(?:node_modules|dist|dist-server)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
