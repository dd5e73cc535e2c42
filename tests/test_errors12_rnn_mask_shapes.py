"""A recurrent layer's mask of shape (batch, steps, 1), which Keras 3.15 on TF 2.21 takes as the (batch, steps) one.

Golden values from /work/notes/progs/errors12/p/m1.py run under TF 2.21 + Keras 3.15 (seed 2): the outputs with
the (2, 4, 1) mask equal those with the (2, 4) mask, to the 6 digits printed."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)
M = np.array([[True, True, False, True], [True, False, False, False]])
TF_LAST = {'LSTM': [0.070783, 0.00331, 0.082433, 0.012125], 'GRU': [0.138331, -0.22489, 0.097123, -0.251007],
           'SimpleRNN': [0.409415, -0.464513, 0.718114, -0.478216]}


@pytest.mark.parametrize('name', sorted(TF_LAST))
def test_trailing_one_mask_is_the_steps_mask(name):
    try:
        keras.utils.set_random_seed(2)
        out = getattr(keras.layers, name)(2)(X3, mask=M[..., None]).numpy()
        np.testing.assert_allclose(out.ravel(), TF_LAST[name], atol=2e-6)
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()

