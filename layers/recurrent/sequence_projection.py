"""A recurrent layer's input projection ``x @ kernel (+ bias)`` over the whole sequence, with the
kernel's gradient summed as TensorFlow's loop sums it.

tapeflow projects a (batch, steps, features) sequence in one matmul before its step loop (rnn.py).
Keras on TensorFlow multiplies each step's input inside its ``while_loop``, so the kernel's gradient
is one ``x_t^T @ g_t`` product per step (depth: the batch), added up from the last step of the loop
back to the first (the tape's AddN of the reads' gradients in backprop order; the same in a graph's
backward loop). One product over batch * steps rows adds the same terms in another order: measured
on TF 2.21, an LSTM(4) over 6 steps differed in its kernel gradient's last bits (probe in
tests/test_tutorials5_parity_rnn_gradients.py), and the time-series tutorial's LSTM weights drifted.
An input bias (SimpleRNN, GRU) takes each step's column sum the same way, in BiasAddGrad's order
(``_bias_rule``).
The values are the one matmul's (each row's products are the same), and so is the inputs' gradient
from 16 rows of batch; under 16, each step's product takes oneDNN's few-rows kernel (``_input_grad_array``).
"""
import numpy as np

from framework.addn_chunks import addn_sum
from framework import onednn_policy
from framework.backend import array_module
from framework.ops.bias_add_kernel import bias_add_grad, bias_grad_sum
from framework.ops.sixteen_column_product import _TRANSPOSED_FROM_ROWS, rows_matmul_transposed
from framework.ops.linalg import _affine_input_grad, _affine_input_grad_array, _kernel_product, affine_array
from framework.ops.indexing import _scatter
from framework.ops.operands import ACTIVE, record
from framework.ops import add, concat, matmul, reduce_sum, stack
from framework.ops.reductions import _sum
from framework.tape import GradientTape, array_rule
from framework.tensor import Tensor
from framework.variable import Variable

from .sliced_gate_reads import sliced_reads_sum
from .step_gradients import StepGradients, dense_gradient
from .step_term_sums import chunked
from .time_steps import time_steps


def sequence_projection(inputs, kernel, bias, backwards, graph_order=None, gate_order=None, slices=None,
                        sliced_bias=False, gate_blocks=0, bias_added=False):
    """``inputs @ kernel + bias`` for (batch, steps, features) ``inputs`` whose steps a loop visits
    in order (last first when ``backwards``). ``graph_order``: the loop's steps in the order a traced
    unrolled loop's AddN adds their terms (unrolled_graph_order.py), else last step first.
    ``gate_order``: Keras's implementation 1 multiplies each step by each gate's block of the kernel
    apart, so the inputs' gradient is the sum of the blocks' products, in this order of the gates
    (the cell's ``input_gate_order``), where one product of the whole kernel rounds otherwise.
    ``slices``: the kernel is read per gate at every step, its terms added as sliced_gate_reads.py says (and
    the bias's too with ``sliced_bias``; first-order array sweeps: a recorded sweep keeps the running sum).
    ``gate_blocks``: Keras's implementation 1 multiplies by each of these gate blocks apart (float64 products
    are then one per block). ``bias_added``: and adds each block's bias with ``+=``, TF's AddV2, whose gradient
    is each block's reduce_sum, not BiasAddGrad's (they differ from 16 rows of batch on; progs/gradfuzz23/p9.py)."""
    tensors, y = _sequence_affine(inputs, kernel, bias, gate_blocks)
    out = Tensor(y)
    if ACTIVE:
        order = range(y.shape[1]) if backwards else range(y.shape[1] - 1, -1, -1)     # the loop's, reversed
        if graph_order is not None:
            order = _AddNOrder(y.shape[1] - 1 - s if backwards else s for s in graph_order)
        elif chunked(y.shape[1]):
            order = _AddNOrder(order)       # an eager loop's per-step reads (step_term_sums.py)
        input_grad, input_grad_array = _input_grad, _input_grad_array
        if gate_order is not None:
            input_grad = _gate_by_gate(_input_grad, gate_order, y.shape[-1] // len(gate_order), False)
            input_grad_array = _gate_by_gate(_input_grad_array, gate_order, y.shape[-1] // len(gate_order), True)
        # (the array forms may get the gradient as the steps' own, from ``tracked_projection_steps``)
        plus_steps = _stepwise if slices is None else _sliced_steps(slices, y.shape[-1] // len(slices))
        rules = (array_rule(input_grad, lambda g, *args: input_grad_array(dense_gradient(g), *args)),
                 array_rule(lambda g, y, x, k, *b: _stepwise(lambda t: matmul(x[:, t], g[:, t], transpose_a=True),
                                                              order, add),
                            lambda g, y, x, k, *b: plus_steps(
                                lambda t, g=dense_gradient(g): _blocked_kernel_product(x[:, t].T, g[:, t], gate_blocks),
                                order, _plus)),
                 _bias_rule(y.shape[-1], y.dtype, order, plus_steps if sliced_bias else _stepwise,
                            gate_blocks if bias_added else 0))
        record('affine', tensors, out, rules[:len(tensors)])
    return out


def _sequence_affine(inputs, kernel, bias, blocks=0):
    """``affine_array`` of a (batch, steps, features) sequence with each step's values as Keras's loop
    multiplies them, a (batch, features) product per step. float64 products are Eigen's, whose rounding
    of a row depends on how many rows there are (its coefficient-based kernel below rows + depth + units
    = 20, its blocks' remainder rows above): one product over batch * steps rows gave SimpleRNN(5) float64
    over (3, 5, 4) 3 of 15 outputs an ulp off TF 2.21 (progs/gradfuzz23/t7.py - t9.py), so float64 steps are
    multiplied one by one, and so are float32 ones where TF sums them in Eigen's contraction on an AVX2 CPU
    (an LSTM(9) over (16, 2, 5): the one product's last two rows summed as a last block, and the bias gradient
    two ulps off; notes/progs/epyc2/lstm.py). Elsewhere a float32 row comes out the same in either product.
    ``blocks``: Keras's implementation 1 multiplies by each gate's block of the kernel apart, and adds its
    bias block after: float64 products round by their width too, so each block is its own product, and so do
    float32 ones on the AVX2 CPU (Eigen's kernel for a product of M + K + N < 20, gebp's fused multiply-adds
    above: (8, 2) @ (2, 3) blocks and one (8, 2) @ (2, 12) product differ in 13 of 96 values in TF 2.21, and an
    LSTM(3, recurrent_dropout=0.1)'s outputs in 8 of 24; notes/progs/modelfuzz26/red/mm.py, s29m.py)."""
    data = inputs._data
    if blocks and data.ndim == 3 and _blocks_round_apart(data.dtype):
        return _gate_blocks_affine(inputs, kernel, bias, blocks)
    # float32 products too where TF runs Eigen's contraction on an AVX2 CPU (eigen_avx2_product.py): its last
    # block of rows sums in another order, so a row's bits depend on its place in the step's product
    if data.ndim != 3 or data.shape[1] < 2 or not (
            data.dtype == np.float64 or data.dtype == np.float32 and onednn_policy.eigen_avx2()):
        return affine_array(inputs, kernel, bias, 'affine')
    tensors, first = affine_array(Tensor(data[:, 0]), kernel, bias, 'affine')
    weights = tensors[1:]       # (kernel,) or (kernel, bias)
    y = array_module(data).empty(data.shape[:2] + first.shape[1:], first.dtype)
    y[:, 0] = first
    for t in range(1, data.shape[1]):
        y[:, t] = affine_array(Tensor(data[:, t]), weights[0], weights[1] if len(weights) > 1 else None, 'affine')[1]
    return (inputs,) + weights, y


def _blocks_round_apart(dtype):
    """Whether one product per gate block rounds otherwise than the whole kernel's: float64 (Eigen's), float32
    where TF runs Eigen's contraction on an AVX2 CPU (eigen_avx2_product.py)."""
    return dtype == np.float64 or dtype == np.float32 and onednn_policy.eigen_avx2()


def _gate_blocks_affine(inputs, kernel, bias, blocks):
    """``_sequence_affine`` of steps by Keras's implementation 1: x_t @ kernel_g, then + bias_g, per gate g."""
    data, k = inputs._data, kernel._data
    b = None if bias is None else bias._data
    width = k.shape[1] // blocks
    y = array_module(data).empty(data.shape[:2] + (k.shape[1],), data.dtype)
    for t in range(data.shape[1]):
        step = Tensor(data[:, t])
        for q in range(blocks):
            columns = slice(q * width, (q + 1) * width)
            block_bias = None if b is None else Tensor(np.ascontiguousarray(b[columns]))
            y[:, t, columns] = affine_array(step, Tensor(np.ascontiguousarray(k[:, columns])), block_bias, 'affine')[1]
    return (inputs, kernel) if bias is None else (inputs, kernel, bias), y


def _blocked_kernel_product(x_transposed, g, blocks):
    """A step's kernel term x_t.T @ g_t; by Keras's implementation 1 one product per gate block (as the gates'
    MatMuls' gradients are), side by side, where they round apart (``_blocks_round_apart``)."""
    if not blocks or not _blocks_round_apart(g.dtype):
        return _kernel_product(x_transposed, g)
    width = g.shape[-1] // blocks
    parts = [_kernel_product(x_transposed, np.ascontiguousarray(g[:, q * width:(q + 1) * width]))
             for q in range(blocks)]
    return array_module(g).concatenate(parts, axis=1)


def projection_steps(inputs, kernel, bias, backwards, gate_blocks=0, bias_added=False):
    """``time_steps(sequence_projection(inputs, kernel, bias, backwards), backwards)`` for ``inputs``
    that no tape tracks (a first layer's data): the steps' (batch, units) slices of the one matmul,
    each recorded as an op of the kernel (and bias) alone, whose rules are that step's terms above.

    Cut from a recorded projection, every step's slice got a gradient the size of the whole sequence
    (time_steps halves it: ~2 log2(T) full-size arrays), 30% of an LSTM(32)'s backward pass over 20
    steps. Here a step's gradient is its own: the sweep adds the kernel's terms as the tape visits the
    steps, last loop step first (TensorFlow's queue and the reverse record alike: the ops are recorded
    in loop order), which is ``_stepwise``'s order. The kernel and bias are read once, as the loop's
    recurrent weights are (rnn.py), so a traced step's reads do not add in forward order."""
    kernel = kernel._read_value() if type(kernel) is Variable else kernel
    if type(bias) is Variable:
        bias = bias._read_value()
    tensors, y = _sequence_affine(inputs, kernel, bias, gate_blocks)
    steps = [Tensor(y[:, t]) for t in range(y.shape[1])]
    if ACTIVE:
        x, weights = tensors[0], tensors[1:]
        for t in (range(y.shape[1] - 1, -1, -1) if backwards else range(y.shape[1])):
            record('affine', weights, steps[t],
                   _step_rules(x, t, y.shape[1] > 1, y.shape[-1], y.dtype, gate_blocks,
                               gate_blocks if bias_added else 0)[:len(weights)])
    return steps


def tracked_projection_steps(inputs, kernel, bias, backwards, gate_order=None, slices=None, sliced_bias=False,
                             gate_blocks=0, bias_added=False):
    """``time_steps(sequence_projection(inputs, kernel, bias, backwards), backwards)`` for ``inputs``
    a tape tracks (a stacked RNN's, an Embedding's): each step a slice op of the one projection whose
    first-order gradient is the step's own (step_gradients.py), not a sequence-sized array. Under
    nested tapes or an observer the sequence is cut by time_steps, whose rules an outer tape records."""
    sequence = sequence_projection(inputs, kernel, bias, backwards, gate_order=gate_order, slices=slices,
                                   sliced_bias=sliced_bias, gate_blocks=gate_blocks, bias_added=bias_added)
    if not (len(ACTIVE) == 1 and type(ACTIVE[0]) is GradientTape):
        return time_steps(sequence, backwards)
    y = sequence._data
    steps = [Tensor(y[:, t]) for t in range(y.shape[1])]
    for t, step in enumerate(steps):
        record('getitem', (sequence,), step, (_step_slice_rule(t, y.shape),))
    return steps[::-1] if backwards else steps


def _step_slice_rule(t, shape):
    """getitem's rule for step ``t`` of a sequence (zeros but the step); on arrays, the step's own gradient."""
    index = (slice(None), t)
    return array_rule(lambda g, y, sequence: _scatter(g, index, shape),
                      lambda g, y, sequence: StepGradients({t: g}, shape, g.dtype))


def untracked(x):
    """Whether no active tape tracks ``x`` (every active one a GradientTape): nothing asks for its gradient.
    A trainable variable given as the sequence is tracked by a tape that watches what it reads, though
    not yet read (a tape tracks a variable from its first read): its gradient is asked for."""
    return all(type(tape) is GradientTape and id(x) not in tape._tracked
               and not (type(x) is Variable and x._auto_watch and tape._watch_accessed) for tape in ACTIVE)


def _step_rules(x, t, several, units, dtype, gate_blocks=0, bias_added=0):
    """The kernel's and the bias's rules for step ``t`` of ``x`` (a term of the rules above each). A step
    cut from a sequence of several got its gradient summed with the others' zeros, + 0.0 (a -0.0 became
    +0.0, which a column sum of zeros keeps): ``several`` does that here. ``gate_blocks``: sequence_projection's;
    ``bias_added``: the number of blocks whose bias is added (0: a bias_add)."""
    def plus_zero(g):
        return g + g.dtype.type(0) if several else g

    def tensor_plus_zero(g):
        return g + 0.0 if several else g
    kernel_rule = array_rule(lambda g, y, k, *b: matmul(x[:, t], tensor_plus_zero(g), transpose_a=True),
                             lambda g, y, k, *b: _blocked_kernel_product(x._data[:, t].T, plus_zero(g), gate_blocks))
    if bias_added:
        return kernel_rule, array_rule(lambda g, y, k, b: _gate_sums(tensor_plus_zero(g), bias_added),
                                       lambda g, y, k, b: _gate_sums_array(plus_zero(g), bias_added))
    if units > 1 and dtype.kind == 'f':
        return kernel_rule, array_rule(lambda g, y, k, b: bias_add_grad(tensor_plus_zero(g)),
                                       lambda g, y, k, b: bias_grad_sum(plus_zero(g)))
    return kernel_rule, array_rule(lambda g, y, k, b: reduce_sum(tensor_plus_zero(g), 0),
                                   lambda g, y, k, b: _sum(plus_zero(g), (0,), False))


def _bias_rule(units, dtype, order, plus_steps=None, bias_added=0):
    """The input bias's gradient, one column sum per step. Keras's cells add it with ``ops.add``,
    which TF's backend turns into ``tf.nn.bias_add`` for a bias of more than one value: each step's
    sum is then BiasAddGrad's (row after row; measured on SimpleRNN and GRU, TF 2.21); a bias of one
    value stays an AddV2, whose gradient is reduce_sum's. ``plus_steps``: how the array sweep adds the
    steps' sums (``_stepwise``, or a sliced bias's ``_sliced_steps``); ``bias_added``: the number of gate blocks
    whose bias Keras adds with ``+=`` (0: a bias_add)."""
    plus_steps = plus_steps or _stepwise
    if bias_added:
        return array_rule(lambda g, y, x, k, b: _stepwise(lambda t: _gate_sums(g[:, t], bias_added), order, add),
                          lambda g, y, x, k, b: plus_steps(
                              lambda t, g=dense_gradient(g): _gate_sums_array(g[:, t], bias_added), order, _plus))
    if units > 1 and dtype.kind == 'f':
        return array_rule(lambda g, y, x, k, b: _stepwise(lambda t: bias_add_grad(g[:, t]), order, add),
                          lambda g, y, x, k, b: plus_steps(lambda t, g=dense_gradient(g): bias_grad_sum(g[:, t]),
                                                           order, _plus))
    return array_rule(lambda g, y, x, k, b: _stepwise(lambda t: reduce_sum(g[:, t], 0), order, add),
                      lambda g, y, x, k, b: plus_steps(lambda t, g=dense_gradient(g): _sum(g[:, t], (0,), False),
                                                       order, _plus))


def _gate_sums(g, gates):
    """A step's bias gradient where Keras's implementation 1 adds each gate's bias block with ``+=`` (AddV2):
    reduce_sum over the batch of each gate's block apart (TF's Sum rounds by the block's width), side by side."""
    width = g.shape[-1] // gates
    return concat([reduce_sum(g[:, q * width:(q + 1) * width], 0) for q in range(gates)], 0)


def _gate_sums_array(g, gates):
    width = g.shape[-1] // gates
    return array_module(g).concatenate([_sum(np.ascontiguousarray(g[:, q * width:(q + 1) * width]), (0,), False)
                                        for q in range(gates)])


def _gate_by_gate(input_grad, gate_order, width, arrays):
    """``input_grad`` summed over the kernel's gate blocks of ``width`` columns, in ``gate_order``."""
    def rule(g, y, x, kernel, *bias):
        total = None
        for gate in gate_order:
            columns = slice(gate * width, (gate + 1) * width)
            g_part, kernel_part = g[..., columns], kernel[:, columns]
            if arrays:
                g_part, kernel_part = np.ascontiguousarray(g_part), np.ascontiguousarray(kernel_part)
            part = input_grad(g_part, None, x, kernel_part)
            total = part if total is None else total + part
        return total
    return rule


def _input_grad(g, y, x, kernel, *bias):
    if g.shape[0] >= _TRANSPOSED_FROM_ROWS:
        return _affine_input_grad(g, y, x, kernel, *bias)
    return stack([matmul(g[:, t], kernel, transpose_b=True) for t in range(g.shape[1])], axis=1)


def _input_grad_array(g, y, x, kernel, *bias):
    """The inputs' gradient g @ kernel.T: one product of the batch * steps rows, the same rows as TF's
    per-step products, except for a batch under 16 rows, where each step's MatMul(transpose_b) takes
    oneDNN's few-rows kernel (another order: a stacked RNN's or an Embedding's gradient through an
    LSTM, fed 8 rows, differed in 72 of 192 values)."""
    if g.shape[0] >= _TRANSPOSED_FROM_ROWS:
        return _affine_input_grad_array(g, y, x, kernel, *bias)
    return np.stack([rows_matmul_transposed(np.ascontiguousarray(g[:, t]), kernel) for t in range(g.shape[1])], 1)


def _sliced_steps(slices, width):
    """``_stepwise``'s array form for a weight read per gate at every step (sliced_gate_reads.py)."""
    return lambda term, order, plus: sliced_reads_sum(term, order, slices, width)


class _AddNOrder(tuple):
    """Sequence positions whose terms add as one AddN (its kernel's chunks of eight), not one by one."""


def _stepwise(term, order, plus):
    if type(order) is _AddNOrder:
        return addn_sum([term(t) for t in order])
    total = None
    for t in order:
        total = term(t) if total is None else plus(total, term(t))
    return total


def _plus(a, b):
    return a + b
