-- The lease is the due time in the queue: a crashed worker's delivery comes due at expiry.
-- KEYS[1]: the due queue; ARGV[1]: the delivery key prefix; ARGV[2]: now; ARGV[3]: the lease's
-- end; ARGV[4]: the limit; ARGV[5]: the worker.
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
for _, id in ipairs(ids) do
  local key = ARGV[1] .. id
  redis.call('ZADD', KEYS[1], ARGV[3], id)
  redis.call('HINCRBY', key, 'attempts', 1)
  redis.call('HSET', key, 'lease', ARGV[5], 'next', ARGV[3])
  out[#out + 1] = redis.call('HGETALL', key)
end
return out
