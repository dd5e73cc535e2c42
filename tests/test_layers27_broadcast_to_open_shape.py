"""keras.ops.broadcast_to on KerasTensors to a shape holding None, as Keras 3.15 on TF 2.21 gives it.

Keras's BroadcastTo.compute_output_spec checks the shapes broadcast, then returns the shape asked for as it is:
ops.broadcast_to(mask, ops.shape(x)) on keras.Input((4, 3)) is a (None, 4, 3) KerasTensor. tapeflow ran the op on
stand-ins, which cannot take None for a length ("Attempt to convert a value (None) ...").
Goldens: /work/notes/progs/layers27/catmask_gold.py and bcast2.py, run under TF 2.21.
"""
import re

import numpy as np
import pytest

from framework import keras

ops = keras.ops


@pytest.mark.parametrize('operand, shape, expected', [
    ('wide', 'of_x', (None, 4, 3)),
    ('wide', [None, 4, 3], (None, 4, 3)),
    ('mask', (5, None, 4), (5, None, 4)),
    ('wide', (None, None, None), (None, None, None)),
])
def test_broadcast_to_a_shape_holding_none(operand, shape, expected):
    x, mask = keras.Input((4, 3)), keras.Input((4,), dtype='bool')
    value = ops.expand_dims(mask, -1) if operand == 'wide' else mask
    out = ops.broadcast_to(value, ops.shape(x) if shape == 'of_x' else shape)
    assert (out.shape, out.dtype) == (expected, 'bool')


def test_broadcast_to_in_a_model_and_its_refusal():
    mask = keras.Input((4,), dtype='bool')
    out = ops.broadcast_to(ops.expand_dims(mask, -1), (2, 4, 3))
    model = keras.Model(mask, out)
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    assert re.findall(r'\((\w+)\)', '\n'.join(lines))[1:] == ['InputLayer', 'ExpandDims', 'BroadcastTo']
    assert model(np.array([[1, 0, 1, 1], [0, 0, 0, 1]], bool)).shape == (2, 4, 3)
    with pytest.raises(ValueError, match=re.escape(
            'Cannot broadcast shape, the failure dim has value 4, which cannot be broadcasted to 5. Input shapes are: '
            '[None, 4, 1] and [None, 5, 3].')):
        ops.broadcast_to(ops.expand_dims(mask, -1), (None, 5, 3))
