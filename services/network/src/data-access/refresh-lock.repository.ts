import { randomUUID } from 'node:crypto';
import type { Redis } from '@shm/platform/redis';
import type { RefreshSchedule } from '../domain/refresh-ports';

// KEYS: the poll named next ("<id>|<due ms>"), the due time of the last one named. ARGV: a new id,
// spacing, within. One script, so two replicas never name two polls; the clock is Redis's own.
const NEXT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local current = redis.call('GET', KEYS[1])
if current then
  local bar = string.find(current, '|', 1, true)
  return { string.sub(current, 1, bar - 1), math.max(0, tonumber(string.sub(current, bar + 1)) - now), 0 }
end
local spacing, within = tonumber(ARGV[2]), tonumber(ARGV[3])
local last = redis.call('GET', KEYS[2])
local due = now
if last then due = math.max(now, tonumber(last) + spacing) end
if due - now >= within then return false end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. string.format('%d', due), 'PX', due - now + within)
redis.call('SET', KEYS[2], string.format('%d', due), 'PX', due - now + math.max(spacing, 1))
return { ARGV[1], due - now, 1 }
`;
const STARTED = `
local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, #ARGV[1] + 1) == ARGV[1] .. '|' then redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The next refresh poll, shared by every replica. The name expires once no caller could still be
 * waiting for it (should its job never have been queued); the due time once the spacing has passed.
 */
export function refreshLockRepository(redis: Redis, prefix: string): RefreshSchedule {
  const next = `${prefix}refresh-next`;
  const due = `${prefix}refresh-due`;
  return {
    async next(spacingMs, withinMs) {
      const within = Math.floor(withinMs);
      if (within <= 0) return null;
      const named = (await redis.eval(NEXT, 2, next, due, randomUUID(), Math.floor(spacingMs), within)) as [string, number, number] | null;
      return named ? { id: named[0], delayMs: named[1], opened: named[2] === 1 } : null;
    },
    async started(id) {
      await redis.eval(STARTED, 1, next, id);
    },
  };
}
