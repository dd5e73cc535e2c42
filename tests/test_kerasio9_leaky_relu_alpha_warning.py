"""LeakyReLU(alpha=...) warns from Keras's own line, as Keras 3 does: Python's default filter then
shows it once per process, not once per line of the user's model (the keras.io DCGAN example
builds five LeakyReLU(alpha=0.2) layers and TF 2.21 prints the warning once; kerasio9/p7_dcgan.py)."""
import warnings

from framework import keras


def test_alpha_warning_shows_once_under_default_filter():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        first = keras.layers.LeakyReLU(alpha=0.2)
        second = keras.layers.LeakyReLU(alpha=0.1)
    texts = [str(w.message) for w in caught if 'negative_slope' in str(w.message)]
    assert texts == ['Argument `alpha` is deprecated. Use `negative_slope` instead.']
    assert not caught[0].filename.endswith(__file__.rsplit('/', 1)[-1])
    assert (first.negative_slope, second.negative_slope) == (0.2, 0.1)
