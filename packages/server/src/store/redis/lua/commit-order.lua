-- Commits a planned order change if nothing it read has changed since (compare and set):
-- record versions and index entries are checked, then removals and the write happen at once.
-- With nothing to remove or put it only checks (a conflict is decided on a snapshot that held).
-- ARGV[1]: the plan as JSON (strings only, so no number goes through Lua), with the key
-- prefixes of `keys.ts` under `keys`; ARGV[2]: the record.
local plan = cjson.decode(ARGV[1])
for _, check in ipairs(plan.versions) do
  local v = redis.call('HGET', check[1], 'v') or '0'
  if v ~= check[2] then return 0 end
end
for _, check in ipairs(plan.indexes) do
  local v = redis.call('GET', check[1]) or ''
  if v ~= check[2] then return 0 end
end
local K = plan.keys
for _, gone in ipairs(plan.remove) do
  redis.call('DEL', K.order .. gone.id)
  if gone.order_id ~= '' and redis.call('GET', K.orderId .. gone.order_id) == gone.id then
    redis.call('DEL', K.orderId .. gone.order_id)
  end
  if gone.tx_hash ~= '' and redis.call('GET', K.txHash .. gone.tx_hash) == gone.id then
    redis.call('DEL', K.txHash .. gone.tx_hash)
  end
  if gone.owner ~= '' then redis.call('ZREM', K.owner .. gone.owner, gone.id) end
  redis.call('ZREM', K.open, gone.id)
end
local put = plan.put
-- JSON null decodes to cjson.null, which Lua counts as true: a check-only commit has no put.
if put and put ~= cjson.null then
  local key = K.order .. put.id
  redis.call('HSET', key, 'json', ARGV[2])
  redis.call('HINCRBY', key, 'v', 1)
  if put.order_id ~= '' then redis.call('SET', K.orderId .. put.order_id, put.id) end
  if put.tx_hash ~= '' then redis.call('SET', K.txHash .. put.tx_hash, put.id) end
  if put.previous_owner ~= '' and put.previous_owner ~= put.owner then
    redis.call('ZREM', K.owner .. put.previous_owner, put.id)
  end
  if put.owner ~= '' then redis.call('ZADD', K.owner .. put.owner, put.created, put.id) end
  if put.open == '1' then
    redis.call('ZADD', K.open, put.touched, put.id)
  else
    redis.call('ZREM', K.open, put.id)
  end
end
return 1
