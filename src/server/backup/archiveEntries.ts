import path from 'node:path';

/** An archive entry as tar reads it. */
export interface ArchiveEntry {
  path: string;
  type: string;
}

/** What a backup of ours holds: files and folders. Links, devices and the like come from elsewhere. */
const PLAIN_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

const TYPE_NAMES: Record<string, string> = { SymbolicLink: '符号链接', Link: '硬链接' };

/**
 * Why `entry` must not be extracted into DATA_DIR, or null when it may: a restore writes only
 * plain files and folders at relative paths that stay inside it. Checked on every entry before
 * anything is written, and again as each is extracted (the file could change in between).
 */
export function entryProblem(entry: ArchiveEntry): string | null {
  const name = entry.path;
  if (!PLAIN_TYPES.has(entry.type)) return `是${TYPE_NAMES[entry.type] ?? `${entry.type} 类型的条目`}`;
  if (!name || name.includes('\0') || name.includes('\\')) return '名字含有不允许的字符';
  if (path.posix.isAbsolute(name) || /^[A-Za-z]:/.test(name)) return '是绝对路径';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.some((segment) => segment === '..')) return '含有 ..，会写到 DATA_DIR 外面';
  if (segments.some((segment) => segment === '' || segment === '.')) return '路径不规范';
  return null;
}
