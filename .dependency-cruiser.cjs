/**
 * Import rules that eslint cannot see file by file. The server's domains lean on each other
 * (comments on the model registry, the registry on each domain's kind); a cycle among them means
 * two modules can only be understood, loaded and tested together, so none may come back.
 * Type-only imports count: they tie the modules' meaning together as much as values do.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle-in-server-modules',
      comment: 'Break the cycle: hand the value in as an argument, or move what both sides need into a file of its own.',
      severity: 'error',
      from: { path: '^src/server/modules/' },
      to: { path: '^src/server/modules/', circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.astro)/' },
  },
};
