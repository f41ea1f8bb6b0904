if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'event', ARGV[2], 'signature', ARGV[3], 'body', ARGV[4],
  'received', ARGV[5], 'status', 'pending', 'attempts', 0, 'next', ARGV[5])
redis.call('SET', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1])
return 1
