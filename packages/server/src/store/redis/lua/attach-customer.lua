-- Names the link's vault customer, unless the link names another one or another owner holds
-- that customer (then 1 with nothing changed; the caller reads the link). 0 when no link.
-- KEYS: link hash, customer key. ARGV: customer id, status, deposit account status, now ms.
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local current = redis.call('HGET', KEYS[1], 'cid')
if current ~= '' and current ~= ARGV[1] then return 1 end
local holder = redis.call('GET', KEYS[2])
if holder and holder ~= redis.call('HGET', KEYS[1], 'owner') then return 1 end
redis.call('HSET', KEYS[1], 'cid', ARGV[1], 'status', ARGV[2], 'das', ARGV[3], 'until', '',
  'updated', ARGV[4])
redis.call('SET', KEYS[2], redis.call('HGET', KEYS[1], 'owner'))
return 1
