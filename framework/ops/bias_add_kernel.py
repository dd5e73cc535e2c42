"""A channels-last bias add and its gradient, summed as TensorFlow's BiasAddGrad kernel sums it.

Keras 3 adds a layer's bias with ``tf.nn.bias_add`` (``keras.ops.add`` of a vector matching the
last axis; every Conv*D, Conv*DTranspose, DepthwiseConv, SeparableConv and Dense layer), so the
bias gradient is TF's BiasAddGrad, whose CPU kernel is ``ReduceOuterDimensions``
(tensorflow/core/kernels/redux_functor.h) run on TF's intra-op thread pool. On the gradient
viewed as (rows, channels):

- more than 32 channels per pool thread: the channels are split among threads and every column
  is summed row after row: numpy's order;
- else the rows are cut into ``blocks = min(rows, ceil(size / ceil(2000 / channels)), threads)``
  equal runs, and Eigen's ``parallelFor`` runs them in tasks of whole runs when its cost model
  finds the work worth several threads: each task sums its rows in order from zero into its own
  buffer, and the buffers are then added in run order. Cheap work stays one task: numpy's order.

So the bits depend on the pool's size, which TF takes from the CPUs this process may run on
(or ``tf.config.threading.set_intra_op_parallelism_threads``); tapeflow reads the same. Measured
against TF 2.21 (2 CPUs, oneDNN on and off alike): the bias gradients of mnist_convnet's
Conv2D(32) on (128, 26, 26, 32), of Conv2D(64), Conv1D(64) on (32, 500, 64), and of 8 bias
shapes from (4096, 16) to (100000, 8); a small conv (8, 14, 14, 16) stays in numpy's order.
tapeflow's convolution and EinsumDense layers add their bias here (``add_bias``), and Dense's
fused op (linalg.affine) sums its bias gradient with ``bias_grad_sum``. Sums over leading axes
of ``x + b`` written by hand (AddV2's gradient, a reduce_sum) take Eigen's reduction order
instead: framework/eigen_outer_sum.py.
"""
import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from .. import backend, config_threading
from ..errors import InvalidArgumentError
from ..tape import array_rule, pass_gradient
from ..tensor import Tensor
from . import conv_backprop_filter_order
from .bias_grad_channels_first import bias_grad_sum_channels_first
from .operands import ACTIVE, as_tensor, record
from .shapes import broadcast_to, reshape

_reduce = np.add.reduce      # (module attributes of numpy are not cached by CPython 3.11: see backend.py)

_MIN_BLOCK_WORK = 2000           # ReduceOuterDimensions' smallest run, in values
_COLUMNS_PER_THREAD = 32         # more channels than this per thread: split by columns instead
# Eigen's TensorCostModel (cycles): L2 load of a byte (11 / 64), one add per value, and the
# thresholds of ThreadPoolDevice::parallelFor
_CYCLES_PER_VALUE = 4 * 11 / 64 + 1
_STARTUP_CYCLES = 100000
_PER_THREAD_CYCLES = 100000
_TASK_CYCLES = 40000
# Below this many values (less up to 32 * threads**2 for the rounding of runs) no split pays in
# Eigen's cost model: blocks * cost >= _STARTUP_CYCLES + 1.1 * _PER_THREAD_CYCLES is needed
_SPLIT_FROM = int((_STARTUP_CYCLES + 1.1 * _PER_THREAD_CYCLES) / _CYCLES_PER_VALUE)


def bias_grad_sum(g):
    """Sum float array ``g`` over every axis but the last, in BiasAddGrad's order; shape (channels,)."""
    channels = g.shape[-1]
    rows = g.reshape(-1, channels) if g.ndim != 2 else g
    if type(g) is not ndarray or g.dtype.kind != 'f':
        if g.dtype == np.float16:       # cupy: float32 accumulators, as BiasAddGrad's for halves
            return rows.sum(axis=0, dtype=np.float32).astype(g.dtype)
        return rows.sum(axis=0)
    threads = config_threading.intra_op_pool_size()
    if g.size + _COLUMNS_PER_THREAD * threads * threads < _SPLIT_FROM and g.dtype.itemsize >= 4:
        if len(rows) == 1:      # BiasAddGrad's reducer copies a lone row: its -0.0 stays (numpy's sum adds it to +0.0)
            return rows[0].copy()
        return _reduce(rows, 0) if channels > 1 else _in_order(rows)   # too little work to split: row after row
    accumulated = rows.astype(np.float32) if g.dtype.itemsize < 4 else rows    # AccumT: float32 for halves
    if len(rows) == 0:
        return np.zeros(channels, g.dtype)
    starts = _task_starts(len(rows), channels, threads)
    total = None
    for start, stop in zip(starts, starts[1:] + [len(rows)]):
        part = np.add.reduce(accumulated[start:stop], 0) if channels > 1 else _in_order(accumulated[start:stop])
        total = part if total is None else total + part
    return total.astype(g.dtype, copy=False)


def _in_order(column):
    """The sum of a (rows, 1) array row after row, as BiasAddGrad adds a single channel: numpy's reduce of a
    contiguous column is pairwise (tf.nn.bias_add's gradient over 33 rows was an ulp off TF's)."""
    if len(column) < 8:                 # numpy adds fewer than 8 values in order too
        return np.add.reduce(column, 0)
    return np.cumsum(column[:, 0])[-1:]


def _task_starts(rows, channels, threads):
    """The first row of each task's run of rows, in order (one task: ``[0]``)."""
    if rows == 1 or channels > threads * _COLUMNS_PER_THREAD:
        return [0]
    blocks = min(rows, -(-rows * channels // -(-_MIN_BLOCK_WORK // channels)), threads)
    block_rows = -(-rows // blocks)
    return [first * block_rows for first in task_starts(blocks, block_rows * channels, threads)
            if first * block_rows < rows]


def task_starts(blocks, values, threads):
    """The first block of each task ``parallelFor`` makes of ``blocks`` blocks costing ``values``
    summed values each (``[0]``: one task)."""
    cost = values * _CYCLES_PER_VALUE
    if blocks == 1 or threads == 1 or _threads_worth(blocks, cost, threads) == 1:
        return [0]
    return list(range(0, blocks, _blocks_per_task(blocks, cost, threads)))


def _threads_worth(n, cost, threads):
    """TensorCostModel::numThreads."""
    return min(threads, max(1, int((n * cost - _STARTUP_CYCLES) / _PER_THREAD_CYCLES + 0.9)))


def _blocks_per_task(n, cost, threads):
    """ThreadPoolDevice::CalculateParallelForBlock's block size: blocks per task."""
    size = min(n, max(-(-n // (4 * threads)), int(_TASK_CYCLES / cost)))
    largest = min(n, 2 * size)
    count = -(-n // size)
    best = count / (-(-count // threads) * threads)
    previous = count
    while best < 1.0 and previous > 1:
        coarser = -(-n // (previous - 1))
        if coarser > largest:
            break
        coarser_count = -(-n // coarser)
        previous = coarser_count
        efficiency = coarser_count / (-(-coarser_count // threads) * threads)
        if efficiency + 0.01 >= best:
            size = coarser
            best = max(best, efficiency)
    return size


def bias_add(value, bias):
    """``value + bias`` over the last axis, whose bias gradient sums as TF's BiasAddGrad (above)."""
    value, bias = as_tensor(value, 'bias_add'), as_tensor(bias, 'bias_add')
    if value.ndim < 2 or bias.ndim != 1 or bias.shape[0] != value.shape[-1]:
        raise InvalidArgumentError('bias_add: bias of shape %s does not match the last axis of value %s (value '
                                   'needs rank >= 2)' % (tuple(bias.shape), tuple(value.shape)))
    if value.dtype != bias.dtype:
        return value + bias          # the add's own dtype rules and errors
    out = Tensor(value._data + bias._data)
    if ACTIVE:
        record('bias_add', (value, bias), out, _BIAS_ADD_VJPS)
    return out


def bias_add_grad(g):
    """TF's BiasAddGrad as an op: ``g`` summed over every axis but the last (so an outer tape sees it)."""
    g = as_tensor(g, 'bias_add_grad')
    out = Tensor(bias_grad_sum(g._data))
    if ACTIVE:
        record('bias_add_grad', (g,), out, _BIAS_ADD_GRAD_VJPS)
    return out


def _bias_rule(g, y, value, bias):
    fused = conv_backprop_filter_order.fused_bias_grad(g._data, value._data)
    if fused is None:
        return bias_add_grad(g)
    out = Tensor(fused)            # a traced Conv2D's bias: the fused oneDNN kernel's order
    if ACTIVE:
        record('bias_add_grad', (g,), out, _BIAS_ADD_GRAD_VJPS)
    return out


def _bias_array_rule(g, y, value, bias):
    fused = conv_backprop_filter_order.fused_bias_grad(g, value)
    return bias_grad_sum(g) if fused is None else fused


_BIAS_ADD_VJPS = (pass_gradient, array_rule(_bias_rule, _bias_array_rule))
_BIAS_ADD_GRAD_VJPS = (array_rule(lambda gb, y, g: broadcast_to(gb, g.shape),
                                  lambda gb, y, g: backend.array_module(gb).broadcast_to(gb, g.shape)),)


def add_bias(x, bias, channels_first=False):
    """A layer's ``x + bias``: ``bias_add`` where the bias runs along x's last axis in x's dtype
    (Keras's channels-last layers), else the plain broadcasting add. ``channels_first``: x is the
    channels-last view of a channels_first layer's output, whose bias gradient Keras sums as
    NCHW's BiasAddGrad (bias_grad_channels_first). A bias of one value (Conv2D(1, ...)) squeezes to no
    vector, so Keras's add is tf.add there, its gradient AddV2's reduce_sum (Eigen's order)."""
    if x.ndim >= 2 and bias.ndim == 1 and x.shape[-1] == bias.shape[0] > 1 and x.dtype == bias.dtype:
        if channels_first and x.ndim >= 3:
            if x.shape[-2] == bias.shape[0] > 1:
                return _bias_add_on_last_axis_first(x, bias)
            return _bias_add_channels_first(x, bias)
        return bias_add(x, bias)
    return x + bias


def _bias_add_channels_first(x, bias):
    out = Tensor(x._data + bias._data)
    if ACTIVE:
        record('bias_add', (x, bias), out, _BIAS_ADD_FIRST_VJPS)
    return out


def _bias_add_on_last_axis_first(x, bias):
    """Keras 3's TF backend adds a channels_first layer's bias with ops.add, which turns a bias-like
    operand into tf.nn.bias_add and picks NHWC whenever the output's last axis has the bias's size:
    a channels_first output (N, C, ..., W) with W == C gets the bias along W (TF 2.21 /
    Keras 3.15: DepthwiseConv2D(2, data_format='channels_first') of a (2, 3, 5, 4) input adds
    bias[w] at [n, c, h, w]). Here x is the channels-last view, where that axis is -2."""
    out = Tensor(x._data + bias._data[:, None])
    if ACTIVE:
        record('bias_add', (x, bias), out, _BIAS_ADD_LAST_FIRST_VJPS)
    return out


def _last_first_sum(g):
    """The channels-last gradient moved to channels_first and summed as NHWC's BiasAddGrad (over every
    axis but the last)."""
    return bias_grad_sum(np.ascontiguousarray(np.moveaxis(g, -1, 1)))


def _bias_last_first_rule(g, y, value, bias):
    out = Tensor(_last_first_sum(g._data))
    if ACTIVE:
        record('bias_add_grad', (g,), out, (array_rule(
            lambda gb, y, g: broadcast_to(reshape(gb, (-1, 1)), g.shape),
            lambda gb, y, g: backend.array_module(gb).broadcast_to(gb.reshape(-1, 1), g.shape)),))
    return out


_BIAS_ADD_LAST_FIRST_VJPS = (pass_gradient, array_rule(_bias_last_first_rule,
                                                       lambda g, y, value, bias: _last_first_sum(g)))


def _first_sum(g):
    """The channels-last gradient ``g`` moved to channels_first and summed as NCHW's BiasAddGrad."""
    return bias_grad_sum_channels_first(np.moveaxis(g, -1, 1))


def _bias_first_rule(g, y, value, bias):
    out = Tensor(_first_sum(g._data))
    if ACTIVE:
        record('bias_add_grad', (g,), out, _BIAS_ADD_GRAD_VJPS)
    return out


_BIAS_ADD_FIRST_VJPS = (pass_gradient, array_rule(_bias_first_rule, lambda g, y, value, bias: _first_sum(g)))


def bias_add_nchw(value, bias):
    """``value + bias`` along axis 1 of a (batch, channels, *spatial) value (``tf.nn.bias_add`` with
    data_format 'NCHW'), its bias gradient summed as NCHW's BiasAddGrad."""
    shape = (-1,) + (1,) * (value.ndim - 2)
    out = Tensor(value._data + bias._data.reshape(shape))
    if ACTIVE:
        record('bias_add', (value, bias), out, _BIAS_ADD_NCHW_VJPS)
    return out


def _bias_nchw_rule(g, y, value, bias):
    out = Tensor(bias_grad_sum_channels_first(g._data))
    if ACTIVE:
        record('bias_add_grad', (g,), out, (array_rule(
            lambda gb, y, g: broadcast_to(reshape(gb, (-1,) + (1,) * (g.ndim - 2)), g.shape),
            lambda gb, y, g: backend.array_module(gb).broadcast_to(gb.reshape((-1,) + (1,) * (g.ndim - 2)),
                                                                    g.shape)),))
    return out


_BIAS_ADD_NCHW_VJPS = (pass_gradient, array_rule(_bias_nchw_rule,
                                                 lambda g, y, value, bias: bias_grad_sum_channels_first(g)))
