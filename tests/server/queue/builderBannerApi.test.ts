/**
 * The builder's banner job (ab) is queued by the builder alone: the public generation calls of
 * the logo, banner and mini-site flows refuse it as a module, so nobody reaches it around the
 * builder's checks.
 */
import { DEFAULT_LOGO_TEXTS, GenerationMessages } from '../../../src/contract/generation';
import { post } from '../helpers';
import { buildGenerationApp, quickLogin, type GenerationTestApp } from './kit';

let t: GenerationTestApp;

afterEach(async () => {
  await t.close();
});

it('logoCreate and getLogoCreationDuration refuse the module ab', async () => {
  t = await buildGenerationApp();
  const { headers } = quickLogin(t);
  const created = await post(t, '/index/common/logoCreate', { ...DEFAULT_LOGO_TEXTS, logobg: 3, module: 'ab', prompt: '火', isFirst: true }, headers);
  expect(created).toMatchObject({ code: 422, msg: GenerationMessages.moduleInvalid });
  expect(t.runner.renders).toHaveLength(0);
  expect(await post(t, '/index/common/getLogoCreationDuration', { module: 'ab' })).toMatchObject({ code: 422, msg: GenerationMessages.moduleInvalid });
});
