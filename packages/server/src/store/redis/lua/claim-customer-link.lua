-- Claims a user's customer link: creates it (owner hash, ref index) or takes over a claim whose
-- lease ran out; never one that already names a vault customer. 1 when claimed.
-- KEYS: link hash, ref key. ARGV: owner, ref, customer type, now ms, lease end ms.
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'ref', ARGV[2], 'type', ARGV[3], 'cid', '',
    'status', 'pending', 'das', '', 'until', ARGV[5], 'created', ARGV[4], 'updated', ARGV[4])
  redis.call('SET', KEYS[2], ARGV[1])
  return 1
end
if redis.call('HGET', KEYS[1], 'cid') ~= '' then return 0 end
local claimed = tonumber(redis.call('HGET', KEYS[1], 'until')) or 0
if claimed > tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'until', ARGV[5], 'updated', ARGV[4])
return 1
