/**
 * Why `npm run backup` or `npm run restore` will not do what it was asked, said to the operator in
 * one line (Chinese, naming the setting or file to change); the commands print it without a stack.
 */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}
