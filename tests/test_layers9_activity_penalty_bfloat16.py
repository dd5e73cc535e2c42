"""ActivityRegularization under bfloat16 policies penalizes the bfloat16 activations in bfloat16, as Keras 3 on
TF 2.21; tapeflow took bfloat16 (numpy kind 'V') for a non-float and computed the penalty in float32 (loss
3.8468 where TF has 3.859375 in the layers9 harness). Printed by TF 2.21 (/work/notes/progs/layers9/actreg16.py):

    x = (np.arange(15, dtype='float32').reshape(3, 5) - 7) * 0.731
    l = keras.layers.ActivityRegularization(0.1, 0.2, dtype=policy); l(x); print(l.losses)
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('policy, dtype, value', [('mixed_bfloat16', 'bfloat16', 11.3125),
                                                  ('bfloat16', 'bfloat16', 11.3125),
                                                  ('mixed_float16', 'float16', 11.3359375)])
def test_penalty_in_the_activation_dtype(policy, dtype, value):
    layer = keras.layers.ActivityRegularization(0.1, 0.2, dtype=policy)
    layer((np.arange(15, dtype='float32').reshape(3, 5) - 7) * 0.731)
    (loss,) = layer.losses
    assert loss.dtype.name == dtype and float(loss) == value
