"""keras.layers.AlphaDropout is, in TF 2.21, Keras 3's legacy layer (keras/src/legacy/layers.py): it checks no rate
when made, always owns a SeedGenerator (one seed taken from Python's random even for rate 0), hands noise_shape to
the uniform draw as given, and its config holds rate and seed only. tapeflow had Keras 3's newer layer: rate
checked in [0, 1] ('Invalid value received for argument `rate`' for AlphaDropout(2) / (-0.1); a TypeError for
'a'), no generator for rate 0 (so every later draw from the global seed differed from TF's), noise_shape in the
config and None entries filled in.

Printed by TF 2.21 (notes/progs/errors42/alpha.py), x = np.ones((2, 3), 'float32'):
    keras.layers.AlphaDropout(2).rate / (-0.1) / ('a')   -> 2 / -0.1 / a
    AlphaDropout(0.5, seed=1)(x, training=True)           -> [[1.6655989, -0.7791938, 1.6655989], [-0.7791938, -0.7791938, -0.7791938]]
    AlphaDropout(0.5, noise_shape=(1, 3), seed=1)(x, training=True) -> rows [1.6655989, -0.7791938, 1.6655989] twice
    AlphaDropout(-0.1, seed=1)(x, training=True)          -> x (rate not > 0)
    AlphaDropout(2, seed=1)(x, training=True)             -> TypeError 'Cannot convert (2.284880014253064e-17-0.3731492240609924j) to EagerTensor of dtype float'
    AlphaDropout('a', seed=1)(x, training=True)           -> TypeError "'>' not supported between instances of 'str' and 'int'"
    AlphaDropout(0.5, noise_shape=(None, 3), seed=1)(x, training=True) -> ValueError 'Attempt to convert a value (None) ...'
    sorted(AlphaDropout(0.5, noise_shape=(1, 3), seed=3).get_config()) -> ['dtype', 'name', 'rate', 'seed', 'trainable']
    keras.utils.set_random_seed(1); AlphaDropout(0.0); Dropout(0.5)(x, training=True) -> [[2., 0., 2.], [2., 0., 2.]]
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((2, 3), 'float32')
KEPT, DROPPED = 1.6655988693237305, -0.7791938185691833


@pytest.mark.parametrize('rate', [2, -0.1, 'a'])
def test_no_rate_check_when_made(rate):
    assert keras.layers.AlphaDropout(rate).rate == rate


def test_values_in_training():
    out = keras.layers.AlphaDropout(0.5, seed=1)(X, training=True).numpy()
    np.testing.assert_allclose(out, [[KEPT, DROPPED, KEPT], [DROPPED, DROPPED, DROPPED]], rtol=0)
    out = keras.layers.AlphaDropout(0.5, noise_shape=(1, 3), seed=1)(X, training=True).numpy()
    np.testing.assert_allclose(out, [[KEPT, DROPPED, KEPT]] * 2, rtol=0)
    assert keras.layers.AlphaDropout(-0.1, seed=1)(X, training=True).numpy().tolist() == X.tolist()
    assert keras.layers.AlphaDropout('a', seed=1)(X).numpy().tolist() == X.tolist()     # inference: untouched


def test_bad_rates_fail_when_called_in_training():
    with pytest.raises(TypeError, match=r'Cannot convert \(2.284880014253064e-17-0.3731492240609924j\) to '
                                        r'EagerTensor of dtype float'):
        keras.layers.AlphaDropout(2, seed=1)(X, training=True)
    with pytest.raises(TypeError, match="'>' not supported between instances of 'str' and 'int'"):
        keras.layers.AlphaDropout('a', seed=1)(X, training=True)
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        keras.layers.AlphaDropout(0.5, noise_shape=(None, 3), seed=1)(X, training=True)


def test_config_holds_rate_and_seed():
    config = keras.layers.AlphaDropout(0.5, noise_shape=(1, 3), seed=3).get_config()
    assert sorted(config) == ['dtype', 'name', 'rate', 'seed', 'trainable']


def test_rate_zero_still_takes_a_seed():
    try:
        keras.utils.set_random_seed(1)
        keras.layers.AlphaDropout(0.0)
        assert keras.layers.Dropout(0.5)(X, training=True).numpy().tolist() == [[2., 0., 2.], [2., 0., 2.]]
    finally:
        keras.utils.set_random_seed(0)
