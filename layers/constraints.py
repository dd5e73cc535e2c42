"""Weight constraints (Keras 3): projections applied after each optimizer step.

A constraint maps a weight to its projected value. ``add_weight(constraint=...)``
sets it as the variable's ``constraint``, and the optimizer assigns
``constraint(variable)`` right after each update, outside any tape, as Keras 3's
optimizer does (in ``fit`` and in custom loops alike).
"""
from framework.ops import clip_by_value, maximum, reduce_sum, sqrt, square

from .keras_objects import KerasObjects
from framework.keras_repr import KerasObjectRepr

EPSILON = 1e-7       # Keras's backend.epsilon(): keeps an all-zero column finite


def _norms(w, axis):
    return sqrt(reduce_sum(square(w), axis=axis, keepdims=True))


class Constraint(KerasObjectRepr):
    """Base class: ``constraint(w)`` returns the projected weight."""

    def __call__(self, w):
        return w

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class MaxNorm(Constraint):
    """Rescale each slice along ``axis`` whose L2 norm exceeds ``max_value``."""

    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        # max_value as given, as Keras's ops.clip takes it: MaxNorm('a') is the conversion's TypeError
        # "Cannot convert 'a' to EagerTensor of dtype float" (float() said 'could not convert string to float')
        return w * (clip_by_value(norms, 0.0, self.max_value) / (EPSILON + norms))

    def get_config(self):
        return {'max_value': self.max_value, 'axis': self.axis}


class NonNeg(Constraint):
    """Clip negative weights to zero."""

    def __call__(self, w):
        return maximum(w, 0.0)


class UnitNorm(Constraint):
    """Scale each slice along ``axis`` to unit L2 norm."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        return w / (EPSILON + _norms(w, self.axis))

    def get_config(self):
        return {'axis': self.axis}


class MinMaxNorm(Constraint):
    """Move each slice's norm towards [min_value, max_value]:
    ``desired = rate * clip(norm, min, max) + (1 - rate) * norm``."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w):
        norms = _norms(w, self.axis)
        desired = (self.rate * clip_by_value(norms, float(self.min_value), float(self.max_value))
                   + (1 - self.rate) * norms)
        return w * (desired / (EPSILON + norms))

    def get_config(self):
        return {'min_value': self.min_value, 'max_value': self.max_value, 'rate': self.rate, 'axis': self.axis}


max_norm, non_neg, unit_norm, min_max_norm = MaxNorm, NonNeg, UnitNorm, MinMaxNorm

ALL_OBJECTS = {'MaxNorm': MaxNorm, 'NonNeg': NonNeg, 'UnitNorm': UnitNorm, 'MinMaxNorm': MinMaxNorm,
               'max_norm': MaxNorm, 'non_neg': NonNeg, 'unit_norm': UnitNorm, 'min_max_norm': MinMaxNorm,
               'Constraint': Constraint, 'constraint': Constraint}       # get('constraint'): the identity one


_OBJECTS = KerasObjects('constraint', 'keras.constraints', Constraint, ALL_OBJECTS)
# deserialize is keras.constraints.deserialize (an unknown name comes back); loaders use deserialize_known
serialize, deserialize, get = _OBJECTS.serialize, _OBJECTS.keras_deserialize, _OBJECTS.get
deserialize_known = _OBJECTS.deserialize

# Keras 3's names (dir(keras.constraints) lists these, not the ops imported above)
__all__ = ['Constraint', 'MaxNorm', 'MinMaxNorm', 'NonNeg', 'UnitNorm', 'deserialize', 'get', 'max_norm',
           'min_max_norm', 'non_neg', 'serialize', 'unit_norm']
