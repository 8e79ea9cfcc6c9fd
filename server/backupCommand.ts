/**
 * `npm run backup -- <file>`: backs up the database and uploads named by DATABASE_PATH and
 * UPLOADS_DIR (the same environment the server runs with) while the server keeps running.
 * Restoring is copying the two back with the server stopped (docs/operations.md#backups).
 */
import { BackupError, backupTo } from './backup';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('usage: npm run backup -- <file>   (writes <file> and <file>.uploads/)');
    process.exit(2);
  }
  const config = loadConfig();
  const result = await backupTo(file, config);
  console.log(`wren: backed up ${config.databasePath} to ${result.databaseFile} and ${result.uploads} upload(s) to ${result.uploadsDir}/`);
}

main().catch((error) => {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`wren: ${error.message}`);
  } else {
    console.error('wren: backup failed', error);
  }
  process.exit(1);
});
