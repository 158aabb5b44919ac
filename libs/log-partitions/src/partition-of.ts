/**
 * The partition a record with this key goes to. The number is stored with every row of the SQL event
 * log, so this function must never change: every process, every version, must put a key where earlier
 * ones did (a key in two partitions loses its order). FNV-1a (32 bits) over the key's UTF-8 bytes, not
 * JavaScript's string hash nor anything seeded per process.
 */
export function partitionOf(key: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1) throw new RangeError(`partitions must be a positive integer, got ${partitions}`);
  if (partitions === 1) return 0;
  return fnv1a32(key) % partitions;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a32(key: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    // Keys are ids (ASCII); anything else goes through the UTF-8 encoder, so the bytes hashed do not
    // depend on how the runtime holds strings.
    if (code >= 0x80) return fnv1a32Bytes(new TextEncoder().encode(key));
    hash = Math.imul(hash ^ code, FNV_PRIME);
  }
  return hash >>> 0;
}

function fnv1a32Bytes(bytes: Uint8Array): number {
  let hash = FNV_OFFSET;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, FNV_PRIME);
  return hash >>> 0;
}
