"""LayerNormalization(epsilon=None) as Keras 3.15 runs it: keras.ops.layer_normalization's default, backend.epsilon().

Golden values from /work/notes/progs/errors12/p/n1.py run under TF 2.21 + Keras 3.15 (equal to these digits)."""
import numpy as np
import pytest

import framework as tf

from framework import keras

X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3) ** 2


def test_epsilon_none_normalizes_with_backend_epsilon_and_is_kept():
    layer = keras.layers.LayerNormalization(epsilon=None)
    out = layer(X3).numpy().ravel()[:6]
    np.testing.assert_array_equal(out, np.float32([-0.9758656024932861, -0.3903462886810303, 1.3662116527557373,
                                                   -1.1702877283096313, -0.10176420211791992, 1.2720513343811035]))
    np.testing.assert_array_equal(layer(X3).numpy(), keras.layers.LayerNormalization(epsilon=1e-7)(X3).numpy())
    assert layer.get_config()['epsilon'] is None


def test_list_epsilon_broadcasts_and_a_string_is_addv2s_refusal():
    # TF 2.21 + Keras 3.15 (p/n2.py): a list epsilon is added to the variance as it is
    out = keras.layers.LayerNormalization(epsilon=[0.1, 0.2, 0.3])(X3).numpy().ravel()[:6]
    np.testing.assert_array_equal(out, np.float32([-0.009962554089725018, -0.0028179087676107883, 0.008052913472056389,
                                                   -0.04579503461718559, -0.002816900610923767, 0.02875354513525963]))
    assert keras.layers.LayerNormalization(epsilon=[0.1]).get_config()['epsilon'] == [0.1]
    layer = keras.layers.LayerNormalization(epsilon='a')          # kept until the call, as Keras keeps it
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'cannot compute AddV2 as input #1\(zero-based\) was '
                                                             r'expected to be a float tensor but is a string tensor'):
        layer(X3)
