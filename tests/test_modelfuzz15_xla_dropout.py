"""fit of a model compiled with jit_compile=True draws Dropout's mask as TF 2.21's XLA does: XLA's
StatelessRandomUniformV2 reads the same Philox words as TF's kernel, but takes a float32's mantissa from
their high 23 bits ((w >> 9) | 0x3f800000, minus 1) where the kernel takes the low 23. tapeflow drew the
kernel's mask, so a jit_compile fit with Dropout trained on other masks (TF 2.21 numbers below, probe
/work/notes/progs/modelfuzz15/j1.py, x2.py)."""
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


def _history(jit_compile, dropout=True):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(8, 5)).astype('float32')
    y = rng.normal(size=(8, 2)).astype('float32')
    keras.utils.set_random_seed(4)
    layers = [keras.Input((5,)), keras.layers.Dense(6)] + ([keras.layers.Dropout(0.3)] if dropout else []) \
        + [keras.layers.Dense(2)]
    model = keras.Sequential(layers)
    model.set_weights([np.full(w.shape, 0.1 * (i + 1), 'float32') for i, w in enumerate(model.get_weights())])
    model.compile('sgd', 'mse', jit_compile=jit_compile)
    return model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False).history['loss']


@pytest.mark.parametrize('jit_compile, losses', [
    (True, [0.986781895160675, 0.9693768620491028]),        # TF 2.21, XLA's mask
    (False, [0.9683041572570801, 0.998174786567688]),       # TF 2.21, the kernel's mask
])
def test_dropout_mask_follows_the_compiler(jit_compile, losses):
    assert _history(jit_compile) == pytest.approx(losses, rel=1e-6)


def test_no_dropout_same_either_way():
    # TF 2.21: [1.066325068473816, 1.054712176322937] with and without jit_compile
    assert _history(True, dropout=False) == _history(False, dropout=False)
    assert _history(True, dropout=False) == pytest.approx([1.066325068473816, 1.054712176322937], rel=1e-6)


def test_xla_uniform_bits():
    # TF 2.21, stateless_uniform([4], seed=[1, 2]): the kernel's 0.8440604, 0.19204533, 0.9962232, 0.1603874;
    # in a jit_compile'd tf.function 0.25750792, 0.4046719, 0.9218676, 0.08625066 (words 0x41ec0a2c, ...)
    from framework import philox
    from framework.ops.stateless_random import _key_counter
    key, counter = _key_counter([1, 2], 'stateless_uniform')
    np.testing.assert_allclose(philox.uniform_values(key, counter, 4, np.float32),
                               [0.8440604, 0.19204533, 0.9962232, 0.1603874], rtol=1e-6)
    np.testing.assert_allclose(philox.uniform_values(key, counter, 4, np.float32, xla=True),
                               [0.25750792, 0.4046719, 0.9218676, 0.08625066], rtol=1e-6)
