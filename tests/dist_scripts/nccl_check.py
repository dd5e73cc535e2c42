"""Run on as many ranks as there are GPUs (at most 2): NCCL collectives on cupy arrays,
and with 2 ranks DistributedOptimizer training on the GPU. Writes <out>/rank<r>.json."""
import json
import os
import sys

import cupy as cp
import numpy as np

import framework as tf
import framework.distributed as dist
import optim
from framework.distributed import nccl

rank, size = dist.rank(), dist.size()
results = {'rank': rank, 'size': size, 'device': dist.local_device()}
with cp.cuda.Device(nccl.gpu_index()):
    summed = cp.arange(4, dtype=cp.float32) + 10 * rank
    nccl.allreduce_in_place(summed, 'sum')
    results['sum'] = summed.get().tolist()
    root_value = cp.full(3, rank + 5.0)
    nccl.broadcast_in_place(root_value, 0)
    results['broadcast'] = root_value.get().tolist()
    gathered = cp.empty(2 * size, dtype=cp.float32)
    nccl.allgather(cp.full(2, rank, dtype=cp.float32), gathered)
    results['allgather'] = gathered.get().tolist()
with tf.device(dist.local_device()):
    mean = dist.allreduce(tf.constant(np.array([rank, 2.0 * rank])), op='mean')
    results['tensor_mean'] = mean.numpy().tolist()
    rng = np.random.default_rng(rank)
    weights = [tf.Variable(rng.normal(size=(4, 3))), tf.Variable(np.zeros(3))]
    x, y = dist.shard(np.arange(64.0).reshape(16, 4) / 64.0, np.ones((16, 3)))
    x, y = tf.constant(x), tf.constant(y)
    optimizer = dist.DistributedOptimizer(optim.SGD(0.1, momentum=0.9))
    dist.broadcast_variables(weights)
    dist.broadcast_optimizer_state(optimizer, weights)
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, weights[0]) + weights[1] - y))
        optimizer.apply_gradients(zip(tape.gradient(loss, weights), weights))
    results['on_gpu'] = bool(dist.local_device().startswith('/GPU'))
    results['weights'] = [w.numpy().tolist() for w in weights]
with open(os.path.join(sys.argv[1], 'rank%d.json' % rank), 'w') as f:
    json.dump(results, f)
