// Dependency rules of the monorepo (ARCHITECTURE.md, docs/adr/2026-11-24-dependency-rules.md), checked on resolved
// paths by dependency-cruiser: `npx depcruise apps/server/src apps/web/src packages/*/src` or the 'arch'
// vitest project (test/architecture.test.ts). Paths are relative to the directory cruised from, so the same
// rules run over the planted-violation fixture in test/fixtures/architecture/.

/** Workspace packages whose code is pure domain logic. */
const DOMAIN = '^packages/(i18n|contracts|tax|documents|importers)/';

/** Modules that reach the outside world: files, network, processes, databases, the web server. */
const IO_MODULES = [
  '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|dns/promises|tls|child_process|cluster|worker_threads|inspector|readline|repl|v8|vm)$',
  '^pg$',
  '^pg-',
  '^@electric-sql/pglite',
  '^fastify$',
  '^@fastify/',
  '^nodemailer$',
  '^undici$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes two modules one: neither can be read, tested or moved alone. Move the shared type or ' +
        'function to where both can import it (e.g. lib/), or pass it in.',
      from: { path: '^(apps/[^/]+/src|packages/[^/]+/src)/' },
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      comment: 'Packages are used by the apps, never the other way round.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'i18n-imports-no-workspace-package',
      severity: 'error',
      comment:
        'packages/i18n (the catalogues of every text) is the bottom layer: it imports no other workspace package.',
      from: { path: '^packages/i18n/' },
      to: { path: '^packages/', pathNot: '^packages/i18n/' },
    },
    {
      name: 'contracts-import-only-i18n',
      severity: 'error',
      comment:
        'packages/contracts sits on packages/i18n (its Russian texts come from the catalogues) and nothing else.',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/', pathNot: ['^packages/contracts/', '^packages/i18n/'] },
    },
    {
      name: 'domain-packages-import-only-contracts',
      severity: 'error',
      comment: 'packages/tax, documents and importers depend on packages/contracts and i18n only, never on each other.',
      from: { path: '^packages/(tax|documents|importers)/' },
      to: { path: '^packages/', pathNot: ['^packages/contracts/', '^packages/i18n/', '^packages/$1/'] },
    },
    {
      name: 'web-imports-only-contracts',
      severity: 'error',
      comment: 'The browser app shares only packages/contracts with the server; it never imports apps/server.',
      from: { path: '^apps/web/' },
      to: { path: '^(packages/(tax|documents|importers)/|apps/server/)' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      comment: 'The server serves the built SPA as files; it never imports its source.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'domain-packages-do-no-io',
      severity: 'error',
      comment:
        'contracts, tax, documents and importers are pure: bytes and data in, data out. Files, network, ' +
        'databases and the web server belong to apps/server.',
      from: {
        path: DOMAIN,
        pathNot: [
          // The files of documents that read their own bundled assets (read-only, next to the code): the XSD
          // schemas of the forms, the Roboto fonts embedded in the PDF, and the form templates
          // (ours, or the operator's KGD package from the folder the server names: read-only files as well).
          '^packages/documents/src/xml/validate\\.ts$',
          '^packages/documents/src/pdf/kit\\.ts$',
          '^packages/documents/src/template/load\\.ts$',
          // the catalogues of every text, read once by the server (the web bundles them per language instead)
          '^packages/i18n/src/node\\.ts$',
        ],
      },
      to: { path: IO_MODULES },
    },
    {
      name: 'web-features-only-through-index',
      severity: 'error',
      comment: "A web feature uses another feature only through that feature's index.ts (its public surface).",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'server-modules-only-through-index',
      severity: 'error',
      comment:
        "A server module uses another module only through that module's index.ts (its public surface; " +
        'scripts/module-index.mjs keeps the indexes and rewrites such imports).',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-code-uses-modules-through-index',
      severity: 'error',
      comment: 'Code outside the modules (server start, demo data, jobs) uses a module only through its index.ts.',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/[^/]+/' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-lib-and-db-never-import-modules',
      severity: 'error',
      comment: 'lib/ and db/ are below the feature modules: they must not know them.',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-providers-never-import-modules',
      severity: 'error',
      comment: 'providers/ adapt outside services for the modules; they must not call back into them.',
      from: { path: '^apps/server/src/providers/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve cannot be checked (and fails at run time).',
      from: { path: '^(apps/[^/]+/src|packages/[^/]+/src)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: a cycle through types still ties two modules together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages resolve through their node_modules symlinks to packages/<name>/src/index.ts.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
