-- KEYS[1]: the applied deliveries; ARGV[1]: the delivery key prefix; ARGV[2]: the horizon;
-- ARGV[3]: the signature key prefix. Deletes at most 500 a call.
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, 500)
for _, id in ipairs(ids) do
  local key = ARGV[1] .. id
  local signature = redis.call('HGET', key, 'signature')
  if signature then
    local sigKey = ARGV[3] .. signature
    if redis.call('GET', sigKey) == id then redis.call('DEL', sigKey) end
  end
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[1], id)
end
return #ids
