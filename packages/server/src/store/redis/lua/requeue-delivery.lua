if redis.call('HGET', KEYS[1], 'status') ~= 'parked' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'pending', 'attempts', 0, 'next', ARGV[2])
redis.call('HDEL', KEYS[1], 'lease', 'finished')
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
