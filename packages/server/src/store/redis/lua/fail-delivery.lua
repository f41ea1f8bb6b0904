if redis.call('HGET', KEYS[1], 'status') ~= 'pending' or redis.call('HGET', KEYS[1], 'lease') ~= ARGV[2] then
  return 'lost'
end
redis.call('HSET', KEYS[1], 'error', ARGV[3])
if ARGV[4] == '' then
  redis.call('HSET', KEYS[1], 'status', 'parked', 'finished', ARGV[5])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
  return 'parked'
end
redis.call('HSET', KEYS[1], 'next', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
return 'retry'
