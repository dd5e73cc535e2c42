"""LayerNormalization(epsilon=None) as Keras 3.15 runs it: keras.ops.layer_normalization's default, backend.epsilon().

Golden values from /work/notes/progs/errors12/p/n1.py run under TF 2.21 + Keras 3.15 (equal to these digits)."""
import numpy as np

from framework import keras

X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3) ** 2


def test_epsilon_none_normalizes_with_backend_epsilon_and_is_kept():
    layer = keras.layers.LayerNormalization(epsilon=None)
    out = layer(X3).numpy().ravel()[:6]
    np.testing.assert_array_equal(out, np.float32([-0.9758656024932861, -0.3903462886810303, 1.3662116527557373,
                                                   -1.1702877283096313, -0.10176420211791992, 1.2720513343811035]))
    np.testing.assert_array_equal(layer(X3).numpy(), keras.layers.LayerNormalization(epsilon=1e-7)(X3).numpy())
    assert layer.get_config()['epsilon'] is None
