/**
 * npm run restore -- <file.tar.gz>
 *
 * Brings back what `npm run backup` wrote, into an empty DATA_DIR (the same environment as the
 * server names it), whole or not at all; then `npm start` runs on it. See README.md, "Backups".
 */
import { restoreBackup } from '../../src/server/backup/restore';
import { argumentPath, commandConfig, refusePostgres } from '../../src/server/backup/commandConfig';
import { runCommand } from '../../src/server/backup/runCommand';
import { formatBytes, formatCount, throttledPrinter } from '../../src/server/backup/progressLine';

const USAGE = '用法：npm run restore -- <备份文件.tar.gz>（恢复到 DATA_DIR 指向的空目录）';

runCommand(USAGE, '恢复失败：', async (argument) => {
  const config = commandConfig(process.env);
  refusePostgres(config, 'restore');
  const file = argumentPath(argument, process.env);
  const progress = throttledPrinter((line) => process.stderr.write(`${line}\n`));
  const { manifest, files, bytes } = await restoreBackup({
    dataDir: config.dataDir,
    storage: config.storage.backend,
    file,
    onProgress: (count) => progress(formatCount('恢复中', count)),
  });
  process.stdout.write(`已把 ${manifest.createdAt} 的备份（程序版本 ${manifest.productVersion}）恢复到 ${config.dataDir}：${files - 1} 个文件与数据库，共 ${formatBytes(bytes)}。现在可以启动服务器（npm start）。\n`);
  if (!manifest.secretKey && !process.env.JWT_SECRET) {
    process.stdout.write('注意：备份里没有 secret.key（备份时服务器用的是 JWT_SECRET）：请用原来的 JWT_SECRET 启动，否则所有用户要重新登录，已发出的下载链接失效。\n');
  }
});
