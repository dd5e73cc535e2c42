"""Layers that return their input unchanged: Identity, and ActivityRegularization
(which also adds an L1/L2 penalty on that input to ``losses``)."""

import numpy as np

from framework import nest
from framework.ops.graph_input_errors import eager_input_error
from framework.ops import cast, float_kernels

from . import regularizers
from .call_inputs import floating
from .functional.keras_tensor import KerasTensor
from .layer import Layer


class Identity(Layer):
    """Returns its input (a tensor, or a list / dict of them) unchanged."""
    supports_masking = True

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def compute_output_spec(self, inputs):
        """The inputs' own specs: an int32 input stays int32 (Keras 3's Identity); a floating one takes the
        dtype Keras 3's ``__call__`` casts it to first, float16 under 'mixed_float16' (TF 2.21: an Input of
        float32 gives a float16 KerasTensor, as the eager call gives a float16 tensor)."""
        target = np.dtype(self._input_cast_dtype()) if self.autocast else None
        return nest.map_structure(lambda spec: _cast_spec(spec, target), inputs)


def _cast_spec(spec, dtype):
    given = np.dtype(spec.dtype) if isinstance(spec, KerasTensor) else None
    if given is None or dtype is None or not floating(given) or given == dtype:
        return spec
    return KerasTensor(spec.shape, dtype.name, sparse=getattr(spec, 'sparse', False))


class _ActivityPenalty(regularizers.L1L2):
    """L1L2 of the activity taken as floats (Keras promotes integer inputs in the penalty)."""

    def __call__(self, x):
        kind = x._data.dtype.kind
        if kind in 'bc':
            # TF 2.21: the penalty's sum of bools meets AddV2's registry, a complex activity the float l1 / l2 in Mul
            error = float_kernels.string_refusal('add', 'bool') if kind == 'b' else eager_input_error('Mul', 1, x.dtype, 'float32')
            error.add_note('ActivityRegularization: its penalty l1 * sum|x| + l2 * sum x**2 takes real numbers, got '
                           'dtype %s; cast the input first' % x.dtype.name)
            raise error
        # (ml_dtypes' bfloat16 is numpy kind 'V': a float, penalized in its own precision as Keras does)
        return super().__call__(x if kind == 'f' or x._data.dtype.name == 'bfloat16' else cast(x, 'float32'))


class ActivityRegularization(Layer):
    """Returns its input and adds ``l1 * sum|x| + l2 * sum x**2`` (divided by
    the batch size, as every activity regularizer is) to ``losses``.

    Raises:
        TypeError: l1 or l2 not a number.
    """
    supports_masking = True

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        # Keras 3's L1L2 checks them: None is 0, a string or list its 'expected a non-negative float' ValueError
        super().__init__(activity_regularizer=_ActivityPenalty(l1=l1, l2=l2), **kwargs)
        self.l1, self.l2 = l1, l2
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.pop('activity_regularizer', None)      # rebuilt from l1 and l2, as in Keras 3
        config.update(l1=self.l1, l2=self.l2)
        return config
