import type { Clock } from '../../clock';
import type { Sql } from '../../db/connection';
import type { DataFiles } from '../../storage/dataFiles';
import type { OneOffTask } from './oneOffTasks';
import { ownedFiles } from './ownedFiles';

/** The top folders of the store whose entries a user owns (ownedFiles.ts). */
const COUNTED_FOLDERS = ['sites', 'builder-sites', 'published', 'uploads'] as const;
const ROWS_PER_INSERT = 200;

/**
 * The storage quota counts a file or folder when it is written (stored_bytes, migration v19):
 * what an install stored before then counted for nothing. This counts it once: the size of every
 * owned file and folder as the store lists it (the bucket with S3, DATA_DIR otherwise), written
 * as the row its writer would have written, only where there is no row yet (a row is what was
 * written since, and already right). Running it again adds nothing.
 */
export function storedBytesCount(deps: { sql: Sql; files: DataFiles; now: Clock }): OneOffTask {
  return {
    name: 'stored-bytes-count',
    run: async (progress) => {
      const { sql, files, now } = deps;
      const owners = await ownedFiles(sql);
      for (const folder of COUNTED_FOLDERS) {
        if (progress.from && COUNTED_FOLDERS.indexOf(folder) <= COUNTED_FOLDERS.indexOf(progress.from as (typeof COUNTED_FOLDERS)[number])) continue;
        const sizes = new Map<string, number>();
        for (const { key, size } of await files.store.listWithTimes(`${folder}/`)) {
          const entry = key.split('/').slice(0, 2).join('/');
          sizes.set(entry, (sizes.get(entry) ?? 0) + size);
        }
        const rows = [...sizes]
          .filter(([key]) => owners.has(key))
          .map(([key, bytes]) => ({ key, user_id: owners.get(key) ?? 0, bytes, updated_at: now() }));
        for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
          await sql
            .insertInto('stored_bytes')
            .values(rows.slice(start, start + ROWS_PER_INSERT))
            .onConflict((conflict) => conflict.column('key').doNothing())
            .execute();
        }
        await progress.save(folder);
      }
      return true;
    },
  };
}
