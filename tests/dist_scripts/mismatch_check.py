"""Run on 2 ranks whose models differ (rank 1 has a wider layer): broadcast_variables must
raise on every rank, naming the difference, instead of sending mismatched bytes."""
import numpy as np

import framework as tf
import framework.distributed as dist

rank = dist.rank()
weights = [tf.Variable(np.zeros((3, 4 + rank))), tf.Variable(np.zeros(2))]
try:
    dist.broadcast_variables(weights)
except ValueError as err:
    print('rank %d raised: %s' % (rank, err), flush=True)
    raise
