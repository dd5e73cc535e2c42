"""A model casts its inputs as Keras 3 does: a Sequential to its Input's dtype (Keras's Sequential.input_dtype),
a functional model to each Input's dtype inside call (it converts nothing in __call__). float64 data reaches a
float64 Input whole; tapeflow rounded it to the model's float32 first. Literals: TF 2.21's output of
/work/notes/progs/me28/f64h.py (predict rounds: Keras's data adapters hand float64 arrays over as floatx)."""
import numpy as np

from framework import keras


def _hexed(array):
    return [float(v).hex() for v in np.asarray(array).ravel()]


def test_float64_inputs_of_float64_models_are_not_rounded():
    keras.utils.set_random_seed(3)
    x64 = np.random.RandomState(0).randn(2, 3)
    sequential = keras.Sequential([keras.Input((3,), dtype='float64'), keras.layers.Dense(3, dtype='float64')])
    assert _hexed(sequential(x64)) == ['0x1.69f8b979492a8p+0', '0x1.f94b7c32c62e2p-4', '-0x1.9f90f8c79f3d1p+0',
                                       '0x1.18b29abd040eap+2', '-0x1.31e68a05c8c73p+0', '0x1.8b301a9a7d5d2p-1']
    assert _hexed(sequential.predict(x64, verbose=0)) == [
        '0x1.69f8b9fe95e56p+0', '0x1.f94b7e0c91494p-4', '-0x1.9f90f98b5fcfap+0',
        '0x1.18b29a785de84p+2', '-0x1.31e68a4719b48p+0', '0x1.8b301c1d35907p-1']
    inputs = keras.Input((3,), dtype='float64')
    functional = keras.Model(inputs, keras.layers.Dense(2, dtype='float64')(inputs))
    assert _hexed(functional(x64)) == ['-0x1.4164177b7ff67p+0', '-0x1.ad76fd7a54cd2p+0', '0x1.61a6b73aed4c0p-6',
                                       '-0x1.3cd7e727ff3dep+1']


def test_a_float32_input_still_takes_float64_data_as_float32():
    x64 = np.random.RandomState(0).randn(2, 3)
    sequential = keras.Sequential([keras.Input((3,)), keras.layers.Dense(3, dtype='float64')])
    inputs = keras.Input((3,))
    functional = keras.Model(inputs, keras.layers.Dense(2, dtype='float64')(inputs))
    for model in (sequential, functional):
        rounded = model(x64.astype(np.float32).astype(np.float64)).numpy()
        np.testing.assert_array_equal(model(x64).numpy(), rounded)
