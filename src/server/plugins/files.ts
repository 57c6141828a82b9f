/**
 * The file store of the app (services/file-store.ts), as `app.files`: the database backend with a
 * PostgreSQL server, the uploads folder with the embedded database, or what FILE_STORE says. At start,
 * what puts cut off by a stop left behind (incomplete, older than an hour) is removed, and so are the
 * temporary folders of a killed process (older than an hour too: another instance may be using one).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createFileStore,
  sweepTemporaryDirs,
  type FileStore,
  type FileStoreKind,
} from '../services/file-store';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

export interface FilesPluginOptions {
  kind: FileStoreKind;
  /** The folder backend's root (DATA_DIR/uploads). */
  uploadsDir: string;
}

export const filesPlugin = fp<FilesPluginOptions>(
  async (app: FastifyInstance, options) => {
    const files = createFileStore(options.kind, app.db, options.uploadsDir);
    app.decorate('files', files);
    const swept = await files.sweepIncomplete();
    if (swept > 0) app.log.info({ swept }, 'file incompleti rimossi');
    const temporary = await sweepTemporaryDirs();
    if (temporary > 0) app.log.info({ temporary }, 'cartelle temporanee rimaste rimosse');
  },
  { name: 'files', dependencies: ['db'] },
);
