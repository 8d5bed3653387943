/**
 * npm run backup -- <file.tar.gz>
 *
 * A consistent backup of the embedded install while the server runs: the SQLite database's online
 * snapshot and DATA_DIR's data files (generated works, sites, uploads, published pages, zips,
 * secret.key) in one gzip tar, with a manifest. Reads the same environment as the server
 * (DATA_DIR, DATABASE_URL, STORAGE_BACKEND). See README.md, "Backups".
 */
import { takeBackup } from '../../src/server/backup/backup';
import { argumentPath, commandConfig, refusePostgres } from '../../src/server/backup/commandConfig';
import { runCommand } from '../../src/server/backup/runCommand';
import { formatBytes, formatCount, throttledPrinter } from '../../src/server/backup/progressLine';

const USAGE = '用法：npm run backup -- <备份文件.tar.gz>（例如 npm run backup -- /backups/wpg-2026-01-01.tar.gz）';

runCommand(USAGE, '备份失败：', async (argument) => {
  const config = commandConfig(process.env);
  refusePostgres(config, 'backup');
  const target = argumentPath(argument, process.env);
  const progress = throttledPrinter((line) => process.stderr.write(`${line}\n`));
  const { manifest, archiveBytes } = await takeBackup({
    dataDir: config.dataDir,
    storage: config.storage.backend,
    target,
    onProgress: (phase, count) => progress(formatCount(phase === 'staging' ? '清点文件' : '写入备份', count)),
  });
  process.stdout.write(`已备份到 ${target}：数据库（结构第 ${manifest.schemaVersion} 版）与 ${manifest.files - 1} 个文件，共 ${formatBytes(manifest.bytes)}，压缩后 ${formatBytes(archiveBytes)}。\n`);
  if (config.storage.backend === 's3') {
    process.stdout.write(`注意：STORAGE_BACKEND=s3，生成的文件在存储桶 ${config.storage.bucket} 里，不在这个备份中：请开启存储桶的版本控制或跨区域复制（见 README 的 Backups 一节）。\n`);
  }
  if (!manifest.secretKey) process.stdout.write('注意：DATA_DIR 里没有 secret.key（服务器用 JWT_SECRET）：恢复后请用同一个 JWT_SECRET 启动，登录状态与下载链接才继续有效。\n');
});
