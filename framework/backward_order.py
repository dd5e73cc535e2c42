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
an L2 penalty; the mean squared error), and each op of the chain takes its own turn in the queue: such
a node goes back to the queue's end once per op, and each input counts as read at the turn of the op
that reads it (Dense's bias at its Add, the kernel and x at the MatMul after it). So a variable read by
a deep model and by a short penalty gets the penalty's gradients first, as in TensorFlow (Keras's l1_l2
on a Dense kernel: its three gradients add as (abs, square) + matmul there). The sweep takes a node's
gradients for all its inputs at one visit: at the turn of the first input read three times or more
(the one whose sum has an order), else at the node's last turn.
"""
from collections import deque

# Nodes that stand for a chain of TensorFlow's eager ops, and the turn (1 = the chain's first op from the
# output) at which each input is read: sum_of_squares with a scale (regularizers) is Mul, Sum, Square; the
# fused losses Mean, Square (or Abs), Sub; tf.nn.softmax_cross_entropy_with_logits Reshape, the op, Reshape
# (its rank-2 logits and labels flattened, the cost shaped back); clip_by_value (t, min, max) Maximum(., min),
# Minimum(t, max). Dense's 'affine' and 'affine_<activation>': (activation,) bias Add, MatMul, with or
# without the bias (tf_turns).
_CHAIN_TURNS = {'sum_of_squares': (3,), 'mean_squared_difference': (3, 3), 'mean_absolute_difference': (3, 3),
                'softmax_cross_entropy_with_logits': (3, 3), 'mul_reduced': (3, 3, 2), 'clip_by_value': (2, 1, 2)}
_AFFINE = frozenset(('affine_relu', 'affine_elu', 'affine_tanh'))
_CHAINS = _AFFINE | {'affine'} | set(_CHAIN_TURNS)     # (a set test per node: other tapes pay no call)


def tf_turns(node):
    """The turn of TensorFlow's queue at which each of a tape node's inputs is read (all 1 for one op)."""
    name, inputs = node[3], node[1]
    if name == 'affine' or name in _AFFINE:
        first = name != 'affine'        # the activation's turn
        if len(inputs) == 3:            # x, kernel, bias: MatMul after the bias Add
            return (first + 2, first + 2, first + 1)
        return (first + 1,) * len(inputs)
    return _CHAIN_TURNS.get(name) or (1,) * len(inputs)


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
    # chain nodes: their inputs' turns (only the counted ones) and the turn of their visit
    turns = {}
    for i in counted:
        node = nodes[i]
        if node[3] in _CHAINS:
            at = [t for t, x in zip(tf_turns(node), node[1]) if id(x) in tracked]
            if at and max(at) > 1:
                # (an input that gets no gradient, as the Shape an Mul's reduced gradient reads, constrains
                # neither: its sum has no order here, and its maker's gradient is not this node's to free)
                grads = [vjp is not None for x, vjp in zip(node[1], node[2]) if id(x) in tracked]
                shared = [t for t, xid, g in zip(at, counted[i], grads) if g and readers[xid] > 2]
                # (never after an input whose maker it frees: the maker is visited after this node)
                made = [t for t, xid, g in zip(at, counted[i], grads) if g and xid in producer]
                turns[i] = [0, min([min(shared) if shared else max(at)] + made), at]
    order = []
    while queue:
        i = queue.popleft()
        chain = turns.get(i)
        if chain is None:
            order.append(i)
            ids = counted[i]
        else:
            chain[0] = turn = chain[0] + 1
            if turn == chain[1]:
                order.append(i)
            at = chain[2]
            ids = [xid for t, xid in zip(at, counted[i]) if t == turn]
            if turn < max(at):
                queue.append(i)
        for xid in ids:
            left = readers[xid] - 1
            readers[xid] = left
            # (the op making a counted input was counted too: the walk above went to it)
            if not left and xid in producer:
                queue.append(producer[xid])
    return order
