"""The order in which TensorFlow's tape visits ops backwards, so that gradients add in its order.

A tensor read by several ops receives one gradient from each. TensorFlow's eager tape
(tensorflow/c/eager/tape.h, ``ComputeGradient``) collects them in a list and adds the list with
AddN, ``(g0 + g1) + g2 ...`` for up to nine, once every reader has been visited; it visits ops
from a queue: an op is queued, first in first out, when the last reader of its output has been
visited (readers are counted among the ops the targets depend on), and queued ops are taken in
that order. The reverse recording order that tapeflow sweeps by is another valid order, and where a
tensor has three or more readers it can pair the first two gradients differently: the sum then
differs in the last bit (gelu's tanh form, 0.5 * x * (1 + tanh(c * (x + 0.044715 * x**3))), reads
x three times). Two gradients add the same in either order.

Measured against TensorFlow 2.21 (progs/kernels/order_tf.py): y = (x*a + x*b) + x*c adds its
three gradients for x as (c, a, b), y = x*a + (x*b + x*c) as (a, b, c), as this queue gives.

Some of tapeflow's nodes stand for a chain of TensorFlow's ops (Dense's matmul, bias and activation;
an L2 penalty; the mean squared error), and each op of the chain takes its own turn in the queue:
such a node waits ``tf_ops`` turns before it is visited, so a variable read by a deep model and by a
short penalty gets the penalty's gradients first, as in TensorFlow (Keras's l1_l2 on a Dense kernel:
its three gradients add as (abs, square) + matmul there).
"""
from collections import deque

# Nodes that stand for several of TensorFlow's eager ops in a chain, and how many (the last reads the
# inputs): sum_of_squares with a scale (regularizers) is Square, Sum, Mul; the fused losses Sub, Square
# (or Abs), Mean. Dense's 'affine' and 'affine_<activation>' count theirs from their inputs (tf_ops).
_CHAIN_OPS = {'sum_of_squares': 3, 'mean_squared_difference': 3, 'mean_absolute_difference': 3}
_AFFINE = frozenset(('affine_relu', 'affine_elu', 'affine_tanh'))
_CHAINS = _AFFINE | {'affine'} | set(_CHAIN_OPS)     # (a set test per node: other tapes pay no call)


def tf_ops(node):
    """How many turns of TensorFlow's queue the op(s) of a tape node take."""
    name = node[3]
    if name == 'affine':                # MatMul (+ bias Add): x, kernel (, bias)
        return len(node[1]) - 1
    if name in _AFFINE:                 # ... then the activation
        return len(node[1])
    return _CHAIN_OPS.get(name, 1)


def tf_backward_order(nodes, targets, tracked, many=None):
    """The indices of ``nodes`` (the tape's records) that lead to ``targets``, in TensorFlow's
    visiting order. Tensors are counted by id; only ``tracked`` ones have readers that count.
    ``many``: a dict to fill with the tensors no node makes (variable reads, watched tensors)
    that have more than nine readers, and their counts (addn_chunks.py)."""
    producer = {}
    for i, node in enumerate(nodes):
        if node is not None:
            producer[id(node[0])] = i
    readers = {}                  # tensor id -> readers among the ops the targets depend on
    counted = {}                  # each op the targets depend on -> its inputs' ids that count
    stack = [producer[id(t)] for t in targets if id(t) in producer]
    while stack:
        i = stack.pop()
        if i in counted:
            continue
        counted[i] = ids = [xid for xid in map(id, nodes[i][1]) if xid in tracked]
        for xid in ids:
            if xid in readers:
                readers[xid] += 1
            else:
                readers[xid] = 1
                if xid in producer:
                    stack.append(producer[xid])
    if many is not None:
        many.update((xid, n) for xid, n in readers.items() if n > 9 and xid not in producer)
    # The targets' own ops start the queue (TensorFlow's starting order is a hash map's; one
    # target gives one op)
    queue = deque(sorted((i for i in counted if id(nodes[i][0]) not in readers), reverse=True))
    # a node standing for a chain of n ops goes back to the queue's end n - 1 times before its visit
    waits = {i: n - 1 for i in counted if nodes[i][3] in _CHAINS and (n := tf_ops(nodes[i])) > 1}
    order = []
    while queue:
        i = queue.popleft()
        if i in waits:
            left = waits.pop(i)
            if left > 1:
                waits[i] = left - 1
            queue.append(i)
            continue
        order.append(i)
        for xid in counted[i]:
            left = readers[xid] - 1
            readers[xid] = left
            # (the op making a counted input was counted too: the walk above went to it)
            if not left and xid in producer:
                queue.append(producer[xid])
    return order
