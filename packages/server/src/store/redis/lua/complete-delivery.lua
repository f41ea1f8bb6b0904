if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'applied', 'finished', ARGV[2])
redis.call('HDEL', KEYS[1], 'error')
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'received'), ARGV[1])
return 1
