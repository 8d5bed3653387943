/* swc options shared by the jest projects: TypeScript + React's automatic runtime, emitted as CommonJS. */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};
