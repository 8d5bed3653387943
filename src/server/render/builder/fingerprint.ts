/**
 * What a component's pictures show, as one hash: its page and stylesheet rendered alone with its
 * defaults, plus the bytes of the pictures it copies. npm run builder-pictures records it in the
 * manifest beside the pictures; a test recomputes it, so a component changed without new pictures
 * fails.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ComponentType } from '../../../contract/builder';
import { listComponents } from './catalog';
import { builtStylesheet, renderBuiltBody } from './page';
import { planBuiltSite, type PartType } from './plan';
import { defaultRenderInput } from './renderBuiltSite';

export { PICTURE_MANIFEST_FILE } from './assets';

export interface PictureManifest {
  note: string;
  components: Record<string, { fingerprint: string }>;
}

export interface PictureSubject {
  /** `<type>-<id>`, the manifest's key. */
  key: string;
  type: ComponentType;
  id: number;
  fingerprint(): string;
}

export const PICTURED_TYPES: readonly ComponentType[] = ['main', 'head', 'banner', 'content', 'sidebar', 'footer'];

export function componentFingerprint(type: ComponentType, id: number): string {
  const plan = planBuiltSite(defaultRenderInput(type, id));
  const only: PartType | undefined = type === 'main' || type === 'logo' ? undefined : type;
  // The page's text, not its files: the display face's subset follows from the characters hashed here.
  const { body, chars } = renderBuiltBody(plan, only);
  const hash = crypto.createHash('sha256');
  hash.update(body).update('\0').update(builtStylesheet(plan, only, '')).update('\0').update([...chars].sort().join(''));
  for (const { from, to } of plan.copies) {
    if (body.includes(to)) hash.update('\0').update(to).update('\0').update(fs.readFileSync(from));
  }
  return hash.digest('hex').slice(0, 32);
}

export function pictureSubjects(): PictureSubject[] {
  return PICTURED_TYPES.flatMap((type) =>
    listComponents(type).map((component) => ({
      key: `${type}-${component.id}`,
      type,
      id: component.id,
      fingerprint: () => componentFingerprint(type, component.id),
    })),
  );
}
