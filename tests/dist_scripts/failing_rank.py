"""Run on 2 ranks: rank 1 raises while rank 0 waits in an allreduce that rank 1 never joins.
Each rank first writes its pid to <out>/pid<r> so the test can check that none survives."""
import os
import sys
import time

import numpy as np

import framework.distributed as dist

rank = dist.rank()
with open(os.path.join(sys.argv[1], 'pid%d' % rank), 'w') as f:
    f.write(str(os.getpid()))
dist.barrier()
if rank == 1:
    raise RuntimeError('deliberate failure on rank 1')
dist.allreduce(np.zeros(3))
time.sleep(120)
