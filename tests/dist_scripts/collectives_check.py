"""Run on 2+ ranks: every collective on rank-dependent values; each rank writes what it got
to <out>/rank<r>.json for the test to check."""
import json
import os
import sys

import numpy as np

import framework as tf
import framework.distributed as dist

out_dir = sys.argv[1]
rank, size = dist.rank(), dist.size()
mine = np.arange(4, dtype=np.float64) + 10.0 * rank          # rank r holds [10r, 10r+1, 10r+2, 10r+3]
results = {'rank': rank, 'size': size, 'pid': os.getpid(), 'local_rank': dist.local_rank()}
for op in ('sum', 'mean', 'max', 'min'):
    results[op] = dist.allreduce(mine, op=op).tolist()
results['int_sum'] = dist.allreduce(np.array([rank + 1], dtype=np.int64)).tolist()
reduced = dist.allreduce(tf.constant(mine.astype(np.float32)), op='mean')
results['tensor_mean'] = [type(reduced).__name__, reduced.dtype.name, reduced.numpy().tolist()]
results['scalar_sum'] = float(dist.allreduce(float(rank)))
results['mine_unchanged'] = mine.tolist()
# Root 1 sends a (2, 3) int32 array; the others hold something of another shape and dtype.
value = np.arange(6, dtype=np.int32).reshape(2, 3) * 7 if rank == 1 else np.zeros(5)
results['broadcast'] = dist.broadcast(value, root=1).tolist()
# Rank r contributes r + 1 rows of two columns.
gathered = dist.allgather(np.full((rank + 1, 2), rank, dtype=np.float32))
results['allgather'] = gathered.tolist()
results['allgather_scalar'] = dist.allgather(tf.constant(float(rank))).numpy().tolist()
results['broadcast_object'] = dist.broadcast_object({'seed': 1234} if rank == 0 else None)
results['allgather_object'] = dist.allgather_object('r%d' % rank)
x, y = dist.shard(np.arange(11), [10 * i for i in range(11)])
results['shard'] = [x.tolist(), y.tolist()]
dist.barrier()
with open(os.path.join(out_dir, 'rank%d.json' % rank), 'w') as f:
    json.dump(results, f)
