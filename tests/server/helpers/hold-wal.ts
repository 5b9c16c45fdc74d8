import BetterSqlite3 from 'better-sqlite3';

/** Opens a read of `database`'s current snapshot and keeps it open. */
function beginRead(database: BetterSqlite3.Database): void {
  database.exec('begin');
  database.prepare('select count(*) from enquiries').get();
}

/**
 * Holds a SQLite file's WAL where it is, until the returned function is called (more than once
 * is harmless).
 *
 * The server's checkpoint worker copies the WAL into the database file and lets it start over
 * (decision 0058), so on a full disk a write may still fit in the WAL's old room, or a late
 * copy may take the room a test left for its writes. Here what is in the WAL is copied first
 * and the WAL cut to nothing, so no room is left in it from an earlier round. Then a read stays
 * open on a snapshot that ends in the WAL: no checkpoint may copy past it and the WAL cannot
 * start over, so every later write needs room of its own on the disk.
 */
export function holdWal(file: string): () => void {
  const holder = new BetterSqlite3(file);
  holder.pragma('wal_checkpoint(TRUNCATE)');
  // While this read is open, nothing written after it can be copied into the file...
  const blocker = new BetterSqlite3(file);
  beginRead(blocker);
  // ...so this write of nothing new stays in the WAL, and the holder's snapshot ends there.
  holder.pragma(`user_version = ${Number(holder.pragma('user_version', { simple: true }))}`);
  beginRead(holder);
  blocker.exec('commit');
  blocker.close();
  return () => {
    if (!holder.open) return;
    holder.exec('commit');
    holder.close();
  };
}
