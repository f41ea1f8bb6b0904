-- A customer's review status (and deposit account status when ARGV[3] is '1'), only on the
-- link that names that customer. 1 when set.
-- KEYS: link hash, customer key. ARGV: customer id, status, has das, das, now ms.
if redis.call('HGET', KEYS[1], 'cid') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'updated', ARGV[5])
if ARGV[3] == '1' then redis.call('HSET', KEYS[1], 'das', ARGV[4]) end
return 1
