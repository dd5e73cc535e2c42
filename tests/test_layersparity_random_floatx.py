"""keras.random's draws default to floatx(), as Keras's ``dtype = dtype or floatx()``: under
set_floatx('float64') they are TF 2.21's float64 draws (tapeflow drew float32), and AlphaDropout, whose
keep mask is such a draw, drops what TF drops. Values printed by TF 2.21."""
import numpy as np
import pytest

from framework import keras
from framework.keras.mixed_precision import reset_global_policy


@pytest.fixture
def float64_floatx():
    reset_global_policy()           # new layers follow floatx (a test's set_global_policy('float32') outranks it)
    keras.config.set_floatx('float64')
    yield
    keras.config.set_floatx('float32')


def test_draws_default_to_floatx(float64_floatx):
    drawn = keras.random.normal((3,), seed=2)
    assert drawn.dtype == 'float64'
    assert [float(v).hex() for v in drawn.numpy()] == ['-0x1.4098d5733a0cap-1', '-0x1.2f16b5afda897p+0',
                                                       '-0x1.6f6b846c327ddp+0']
    assert [float(v).hex() for v in keras.random.uniform((2,), seed=3).numpy()] == ['0x1.22758abf078eep-1',
                                                                                   '0x1.08662fdae9cf8p-2']
    for draw in (keras.random.gamma((2,), 2.0, seed=2), keras.random.binomial((2,), 5, 0.5, seed=2),
                 keras.random.beta((2,), 2.0, 3.0, seed=2)):
        assert draw.dtype == 'float64'


def test_alpha_dropout_drops_as_tf_under_float64(float64_floatx):
    x = np.linspace(-1, 1, 8).reshape(2, 4)
    out = keras.layers.AlphaDropout(0.5, seed=6)(x, training=True)
    assert [float(v).hex() for v in out.numpy().ravel()] == [
        '-0x1.8ef281c1a21efp-1', '0x1.2b1afdfd5d534p-3', '-0x1.8ef281c1a21efp-1', '-0x1.8ef281c1a21efp-1',
        '0x1.cfc80f02177a8p-1', '-0x1.8ef281c1a21efp-1', '0x1.698f2201f6748p+0', '0x1.aa64af426bd02p+0']


def test_float32_default_unchanged():
    assert keras.random.uniform((2,), seed=3).dtype == 'float32'
