"""A traced Dense output minus (or plus) captured numpy data, regrouped as grappler's ConstantPushDown does.

A tf.function training step that closes over numpy arrays holds them as Const nodes:
``loss = tf.reduce_mean(tf.square(model(X) - Y))`` or ``tf.square(Y - model(X))``. When the model ends in a
Dense layer with a bias and no activation, its output is ``Add(MatMul, ReadVariableOp)``, and grappler's
constant folding pushes the constant into the Add whose output nothing else reads, joining the second of its
name-sorted inputs: the bias read ('.../Add/ReadVariableOp') sorts before 'MatMul', so TF computes
``(Y - x @ kernel) - bias`` for ``Y - out`` and ``bias + (x @ kernel - Y)`` for ``out - Y``, with data Y or
a scalar alike; ``out + C`` (or ``C + out``) is ``(C + bias) + x @ kernel`` for a scalar C and
``(C + x @ kernel) + bias`` for data (p_add.py; constant_push_down.py has the rule for a user's ``v + t``).
That is a Dense(1)'s Add; a bias of more units is Keras's BiasAdd, regrouped only in a sum (``_bias_add_joins``).
Measured on TF 2.21 (notes/progs/optimtraj11/p_sub.py, c20_capnp.py): 14 of 32 differences ``Y - out`` an
ulp off the eager ones, all equal to the regrouped sum, and every weight of such a loop off from the first
step, since the square's gradient reads the difference. A step that also returns or reads the Dense output
keeps Keras's order (TF: no rewrite of an Add with two readers); tapeflow cannot count readers and regroups
there too. Only the value changes: the tape records the written op, whose gradients do not read it.
"""
import numpy as np

from . import graph_rewrites
from .fusable_outputs import affine_parts

_CONSTANTS = (float, int, np.floating, np.ndarray)     # a Const in TF's graph of the step
_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def pushed_value(op, left, right):
    """The array TF's graph gives for ``left - right`` (op 'subtract') or ``left + right`` ('add') when one
    side is a marked 2-D Dense output (fusable_outputs.AFFINE_PARTS) and the other a Python or numpy
    constant, in a constant-folding trace on static shapes; else None. Call only while AFFINE_PARTS holds
    something (it is empty outside traced steps)."""
    if isinstance(right, _CONSTANTS):
        dense, constant, constant_first = left, right, False
    elif isinstance(left, _CONSTANTS):
        dense, constant, constant_first = right, left, True
    else:
        return None
    parts = affine_parts(dense)
    if parts is None or dense._data.dtype not in _FLOATS:
        return None
    if not (graph_rewrites.folds_constants() and graph_rewrites.static_shapes()):
        return None
    if _keras_loss_or_metric():
        return None
    shape = np.shape(constant)
    if len(shape) > dense._data.ndim or any(c > d for c, d in zip(shape[::-1], dense._data.shape[::-1])):
        return None         # grappler's check: the constant may not broadcast the product it joins
    from ..tape import paused
    from .arithmetic import add, subtract
    from .linalg import matmul
    inputs, kernel, bias = parts
    bias_add = bias._data.size > 1          # Keras's BiasAdd: TF regroups less there (_bias_add_joins)
    joins = _bias_add_joins(op, shape, bias._data.size) if bias_add else None
    if bias_add and joins is None:
        return None
    with paused():
        product = matmul(inputs, kernel)
        if not np.array_equal(add(product, bias)._data, dense._data):
            # the weights moved since the layer's call (a Keras step's metrics read y_pred after the optimizer
            # step): the output is read twice there, which TF's ConstantPushDown leaves as written
            return None
        if bias_add:
            value = add(add(constant, bias), product) if joins == 'bias' else add(add(product, constant), bias)
        elif op == 'add' and np.size(constant) <= bias._data.size:
            value = add(add(constant, bias), product)       # a scalar joins the bias: (C + b) + x @ kernel
        elif op == 'add':
            value = add(add(constant, product), bias)
        elif constant_first:
            value = subtract(subtract(constant, product), bias)
        else:
            value = add(bias, subtract(product, constant))
    return value._data


def _bias_add_joins(op, constant_shape, bias_size):
    """Where a constant joins a Dense output whose bias has more than one element, or None (Keras's order).

    Keras 3's TF backend adds such a bias with ``tf.nn.bias_add`` (its ``ops.add`` makes a vector-like
    second operand a BiasAdd), and grappler's ConstantPushDown regroups only Add / Sub children: a
    difference stays ``(x @ kernel + bias) - C`` (TF 2.21: Dense(3) minus (64, 3) data, every value
    Keras's order; Dense(1)'s Add is regrouped as above). ConstantPushDownBiasAdd regroups a sum: a constant of
    the output's rank joins the bias, ``(C + bias) + x @ kernel`` (every value of Dense(2 / 3 / 8) plus
    (64, units) data), a vector the product, ``(x @ kernel + C) + bias``; a scalar stays as written (Dense(3)
    plus a numpy float32). A (n, 1) constant beside units > 1 breaks TF's rewritten BiasAdd (an
    InvalidArgumentError there): left in Keras's order here."""
    if op != 'add':
        return None
    if len(constant_shape) == 2 and constant_shape[-1] == bias_size:
        return 'bias'
    if len(constant_shape) == 1 and constant_shape[0] == bias_size:
        return 'product'
    return None


def _keras_loss_or_metric():
    """Whether a Keras fit / evaluate step's loss or metrics run now (outside any layer's call): they read the
    model's output y_pred, which every built-in loss joining it to a constant reads more than once (poisson,
    tversky's 1 - y_pred, the focal losses' p_t) and each compiled metric reads again, so TF's ConstantPushDown
    (one reader only) keeps Keras's order there (notes/progs/metrics11/f4.py: Tversky(axis=-1) and
    BinaryFocalCrossentropy fits on a linear Dense match TF only unregrouped). A user's loss reading y_pred once,
    with no metrics, is regrouped by TF and not here."""
    from ..graph_random_ops import current
    state = current()
    return state is not None and state.keras_step and not graph_rewrites.in_layer_call()
