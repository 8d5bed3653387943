import type { Config } from 'jest';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS options file shared with swc
const swc = require('./jest.swc.cjs');
const root = path.resolve(__dirname, '..');
const transform: Config['transform'] = { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] };

const config: Config = {
  rootDir: root,
  // Every core: jest's default leaves one free, which on a two-core machine runs the files one by one
  // while most of them (the client's, the API's) use a single core. Two at a time takes a third off
  // the run (1385 s against 2050 s, measured side by side on two cores).
  maxWorkers: '100%',
  // A test shares the machine with another file's renders and browser, so a few seconds of waiting
  // are no sign of a hang: jest's 5 s default failed a queue test beside two render files. Tests
  // that wait longer set their own.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      rootDir: root,
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/client/setup.ts'],
      moduleNameMapper: { '\\.(css|less)$': '<rootDir>/tests/fixtures/styleStub.ts' },
      transform,
    },
    {
      displayName: 'server',
      rootDir: root,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/server/**/*.test.ts'],
      // app.inject loads light-my-request, whose `cookie` dependency ships ES modules only.
      transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
      transform,
    },
    {
      // One test per attack of the security review (SECURITY.md), against the real app.
      displayName: 'security',
      rootDir: root,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/security/**/*.test.ts'],
      transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
      transform,
    },
    {
      displayName: 'e2e',
      rootDir: root,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/e2e/globalTeardown.ts',
      transform,
    },
  ],
};

export default config;
