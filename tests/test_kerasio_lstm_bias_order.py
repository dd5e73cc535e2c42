"""LSTM adds its bias as Keras 3's LSTMCell does: implementation 2 (the default) computes
``(x @ kernel + h @ recurrent_kernel) + bias``, implementation 1 (and recurrent dropout, which
switches to it) ``(x @ kernel_g + bias_g) + h @ recurrent_kernel_g``. tapeflow projected every
step's ``x @ kernel + bias`` first, so from the second step on the default LSTM rounded
differently (keras.io's timeseries_weather_forecasting: LSTM(32) predictions in the last digit).

Golden values: this program under /opt/tfref/bin/python (Keras 3.15.1, TF 2.21), printed as
`.view(np.uint32).tolist()` of the layer's output sequences (small enough for tapeflow's default
exact-math mode to compute the gates with TF's bits).
"""
import numpy as np
import pytest

from framework import keras

IMPLEMENTATION_2_BITS = [[[1033346660, 1038866114], [1042183048, 1046318602], [1044447867, 1034106110], [1042367702, 1020045749], [1058290969, 3201686954], [1062239222, 3183869144]], [[1056739491, 3189483077], [1052310167, 3156655639], [1061302106, 3176509101], [1059762960, 1036300747], [1053802999, 1028311564], [1056595716, 1047565472]]]
IMPLEMENTATION_1_BITS = [[[1033346660, 1038866114], [1042183047, 1046318602], [1044447867, 1034106110], [1042367702, 1020045751], [1058290969, 3201686956], [1062239224, 3183869144]], [[1056739491, 3189483077], [1052310165, 3156655640], [1061302106, 3176509102], [1059762960, 1036300747], [1053802999, 1028311563], [1056595716, 1047565471]]]


def _arrays():
    rng = np.random.RandomState(5)
    x = rng.normal(size=(2, 6, 3)).astype('float32')
    weights = [rng.normal(size=(3, 8)).astype('float32'), rng.normal(size=(2, 8)).astype('float32'),
               rng.normal(size=(8,)).astype('float32')]
    return x, weights


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
@pytest.mark.parametrize('implementation,expected', [(2, IMPLEMENTATION_2_BITS), (1, IMPLEMENTATION_1_BITS)])
def test_every_step_has_tf_bits(implementation, expected):
    x, weights = _arrays()
    layer = keras.layers.LSTM(2, return_sequences=True, implementation=implementation)
    layer.build((None, 6, 3))
    layer.set_weights(weights)
    assert np.asarray(layer(x)).view(np.uint32).tolist() == expected


def test_without_bias_the_steps_are_unchanged():
    x, weights = _arrays()
    layer = keras.layers.LSTM(2, return_sequences=True, use_bias=False)
    layer.build((None, 6, 3))
    layer.set_weights(weights[:2])
    reference = keras.layers.LSTM(2, return_sequences=True, use_bias=False, implementation=1)
    reference.build((None, 6, 3))
    reference.set_weights(weights[:2])
    np.testing.assert_array_equal(np.asarray(layer(x)), np.asarray(reference(x)))
