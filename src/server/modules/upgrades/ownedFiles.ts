import type { Sql } from '../../db/connection';
import { UPLOADS_URL_PREFIX } from '../uploads/paths';

/**
 * Who owns each file and folder the storage quota counts, by its storage key, as the records say
 * (the keys the writers of stored_bytes use): a mini site's folder (sites/<dir>), a builder site's
 * preview (sites/<dir>) and last completion (builder-sites/<id>), a published copy
 * (published/<slug>), and the uploads a builder site or one of its versions uses (uploads/<name>),
 * counted to that site's owner. An upload no record names has no known owner: it goes with its 14 days.
 */
export async function ownedFiles(sql: Sql): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  const own = (key: string, userId: number): void => {
    // A picture two users' sites use is counted once, to the first.
    if (!owners.has(key)) owners.set(key, Number(userId));
  };
  for (const site of await sql.selectFrom('mini_sites').select(['dir', 'user_id']).execute()) own(`sites/${site.dir}`, site.user_id);
  const builderSites = await sql.selectFrom('builder_sites').select(['id', 'dir', 'user_id', 'form_data']).execute();
  for (const site of builderSites) {
    own(`sites/${site.dir}`, site.user_id);
    own(`builder-sites/${site.id}`, site.user_id);
  }
  for (const copy of await sql.selectFrom('published_sites').select(['slug', 'user_id']).execute()) own(`published/${copy.slug}`, copy.user_id);
  const versions = await sql
    .selectFrom('builder_site_versions')
    .innerJoin('builder_sites', 'builder_sites.id', 'builder_site_versions.site_id')
    .select(['builder_sites.user_id', 'builder_site_versions.form_data'])
    .execute();
  for (const { user_id: userId, form_data: formData } of [...builderSites, ...versions]) {
    for (const name of uploadsNamedIn(formData)) own(`uploads/${name}`, userId);
  }
  return owners;
}

/** The upload names a builder form's values hold (a form is { component type: { field: value } }). */
function uploadsNamedIn(formData: string): string[] {
  let form: unknown;
  try {
    form = JSON.parse(formData);
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const fields of Object.values(form ?? {})) {
    for (const value of Object.values(fields ?? {})) {
      if (typeof value === 'string' && value.startsWith(UPLOADS_URL_PREFIX)) names.push(value.slice(UPLOADS_URL_PREFIX.length));
    }
  }
  return names;
}
