"""Weight penalties (Keras 3): ``l1 * sum(|x|)``, ``l2 * sum(x**2)`` (no 1/2), and the orthogonality penalty.

A regularizer is a callable from a weight (or an output, for activity
regularizers) to a scalar tensor, computed with framework ops so that a
GradientTape records it.
"""
import math

import numpy as np

from framework.ops import graph_rewrites
from framework.ops import abs as abs_, cast, eye, matmul, minimum, reduce_sum, rsqrt, square, sum_of_squares, transpose
from framework.tensor import _is_variable, convert_to_tensor

from .keras_objects import KerasObjects
from framework.keras_repr import KerasObjectRepr


def _penalty(value, name):
    """``value`` as a float; Keras's message for a negative, infinite or non-number penalty."""
    if isinstance(value, bool) or not isinstance(value, (float, int)) or math.isinf(value) \
            or math.isnan(value) or value < 0:
        raise ValueError('Invalid value for argument %s: expected a non-negative float.Received: %s=%s'
                         % (name, name, value))
    return float(value)


def _float32_factor(value):
    """Keras's ops.cast(penalty, x.dtype) converts a Python float to float32 first: a float64
    weight is penalised by float64(float32(0.03)), a float32 one by float32(0.03) as before."""
    return float(np.float32(value))


class Regularizer(KerasObjectRepr):
    """Base class: ``regularizer(x)`` returns a scalar penalty tensor."""

    def __call__(self, x):
        return 0.0

    def get_config(self):
        # Keras 3.15 has no default config for a regularizer: a subclass that does not write one
        # fails wherever it is serialized (the layer's get_config, model.save), in these words
        raise NotImplementedError(f"{self} does not implement get_config()")

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1(Regularizer):
    """``l1 * reduce_sum(abs(x))``; ``l1`` defaults to 0.01."""

    def __init__(self, l1=0.01):
        self.l1 = _penalty(0.01 if l1 is None else l1, 'l1')

    @property
    def l1(self):
        return self._l1

    @l1.setter
    def l1(self, value):
        self._l1, self._l1_factor = value, _float32_factor(value)

    def __call__(self, x):
        return self._l1_factor * reduce_sum(abs_(x))

    def get_config(self):
        # Keras 3's L1 keeps l1 as a float32 tensor: its config says 0.0010000000474974513 for 0.001
        return {'l1': float(np.float32(self.l1))}


class L2(Regularizer):
    """``l2 * reduce_sum(square(x))``; ``l2`` defaults to 0.01."""

    def __init__(self, l2=0.01):
        self.l2 = _penalty(0.01 if l2 is None else l2, 'l2')

    @property
    def l2(self):
        return self._l2

    @l2.setter
    def l2(self, value):
        self._l2, self._l2_factor = value, _float32_factor(value)

    def __call__(self, x):
        return sum_of_squares(x, self._l2_factor)      # l2 * reduce_sum(square(x)), one op

    def get_config(self):
        return {'l2': self.l2}


class L1L2(Regularizer):
    """``l1 * sum(|x|) + l2 * sum(x**2)``; both default to 0 (Keras 3)."""

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _penalty(0.0 if l1 is None else l1, 'l1')
        self.l2 = _penalty(0.0 if l2 is None else l2, 'l2')

    l1 = L1.l1
    l2 = L2.l2

    def __call__(self, x):
        # Keras's convert_to_tensor(0.0, x.dtype), to which each penalty is added: the same value, and
        # the same ops for a tape, whose gradients a kernel read by its layer too adds in TF's queue order
        # (framework/backward_order.py; the l1 chain is one op deeper than the l2 one). Neither penalty:
        # +0, no gradient to x, NaN ignored.
        total = convert_to_tensor(0.0, dtype=convert_to_tensor(x).dtype)
        if self.l1 and self.l2 and _is_variable(x) and graph_rewrites.tracing():
            # In a traced step (fit) each op reads the variable anew, and grappler adds the reads'
            # gradients sorted by op name: 'gradient_tape/Abs/..' and '../Square/..' before the layer's
            # '../<model>/<layer>/MatMul/..', so the penalties' sum joins the layer's gradient last.
            # One read for both penalties adds them first (TF 2.21: progs/modelfuzz t_l1l2.py)
            x = x._read_value()
        if self.l1:
            total = total + self._l1_factor * reduce_sum(abs_(x))
        if self.l2:
            total = total + sum_of_squares(x, self._l2_factor)
        return total

    def get_config(self):
        return {'l1': self.l1, 'l2': self.l2}


class OrthogonalRegularizer(Regularizer):
    """``factor / 2 * mean |<u_i, u_j>|`` over pairs i != j of the L2-normalized rows (mode 'rows') or
    columns ('columns') of a rank-2 weight: pushes them towards orthogonality. ``factor`` is kept
    as a float32 number, as Keras keeps it as a tensor (its config reads 0.05000000074505806)."""

    def __init__(self, factor=0.01, mode='rows'):
        self.factor = float(np.float32(_penalty(factor, 'factor')))
        if mode not in ('rows', 'columns'):
            raise ValueError('Invalid value for argument `mode`. Expected one of {"rows", "columns"}. Received: '
                             'mode=%s' % (mode,))
        self.mode = mode

    def __call__(self, inputs):
        if len(inputs.shape) != 2:
            raise ValueError('Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape=%s'
                             % (tuple(inputs.shape),))
        axis = 1 if self.mode == 'rows' else 0
        unit = _normalized(inputs, axis)
        product = matmul(unit, transpose(unit)) if axis == 1 else matmul(transpose(unit), unit)
        size = unit.shape[0 if axis == 1 else 1]
        off_diagonal = product * (1.0 - eye(size, dtype=unit.dtype))
        pairs = size * (size - 1.0) / 2.0
        factor = cast(self.factor, 'float32') * 0.5
        return factor * reduce_sum(abs_(off_diagonal)) / pairs

    def get_config(self):
        return {'factor': float(np.float32(self.factor)), 'mode': self.mode}     # a float32 tensor in Keras, as L1's


def _normalized(x, axis):
    """Keras's utils.normalize: a numpy array divided by its norms (a 0 norm read as 1; Keras's
    ``axis or -1`` makes axis 0 the last axis), a tensor times min(rsqrt(sum of squares), 1 / epsilon)."""
    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, 2, axis))
        norm[norm == 0] = 1
        return convert_to_tensor(x / np.expand_dims(norm, axis or -1))
    from framework.keras.backend import epsilon
    x = convert_to_tensor(x)
    inverse = minimum(rsqrt(reduce_sum(square(x), axis=axis, keepdims=True)), 1.0 / epsilon())
    return x * inverse


# Keras 3 spells the classes in lower case too: l2(0.05) is L2(0.05).
l1, l2, l1_l2, orthogonal_regularizer = L1, L2, L1L2, OrthogonalRegularizer

# get()'s names, as Keras 3's: each class's name and its snake case ('l1l2': keras.regularizers.l1_l2
# is an attribute, not an identifier get() reads)
ALL_OBJECTS = {'Regularizer': Regularizer, 'regularizer': Regularizer, 'L1': L1, 'L2': L2, 'L1L2': L1L2, 'l1': L1,
               'l2': L2, 'l1l2': L1L2, 'OrthogonalRegularizer': OrthogonalRegularizer,
               'orthogonal_regularizer': OrthogonalRegularizer}


_OBJECTS = KerasObjects('regularizer', 'keras.regularizers', Regularizer, ALL_OBJECTS)
# deserialize is keras.regularizers.deserialize (an unknown name comes back); loaders use deserialize_known
serialize, deserialize, get = _OBJECTS.serialize, _OBJECTS.keras_deserialize, _OBJECTS.get
deserialize_known = _OBJECTS.deserialize

# Keras 3's names (dir(keras.regularizers) lists these, not the ops imported above)
__all__ = ['L1', 'L1L2', 'L2', 'OrthogonalRegularizer', 'Regularizer', 'deserialize', 'get', 'l1', 'l1_l2', 'l2',
           'orthogonal_regularizer', 'serialize']
