import type { LazyFeature } from '../../app/lazyFeatures';
import { generationSaga } from './generationSaga';
import { keyArtSaga } from './keyArtSaga';

/** 生成 and its queue start with the config pages that have the button: no other page downloads them. */
export const generationFeature: LazyFeature = { name: 'generation', saga: generationSaga };

/** The key-art field's provider check, on the config pages that show the field. */
export const keyArtFeature: LazyFeature = { name: 'keyArt', saga: keyArtSaga };
