import { isGenerationModule, type GenerationModule } from '../../../contract/generation';

/** The logo config page's module: tl or al; anything else in the address is treated as tl. */
export function logoModuleOf(value: string | null): 'tl' | 'al' {
  return value === 'al' ? 'al' : 'tl';
}

/** The banner pages' module: the one in the address when it is a module at all, else fsa. */
export function bannerModuleOf(value: string | null): GenerationModule {
  return isGenerationModule(value) ? value : 'fsa';
}
