"""train_on_batch / test_on_batch / predict_on_batch given a bare Python number or string for x: Keras 3
hands it to the model's call, which refuses it (texts printed by TF 2.21, progs/errors32/p_pob*.py)."""
import numpy as np
import pytest

from framework import keras


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('call, shown', [
    (lambda m: m.predict_on_batch('a'), "a (of type <class 'str'>)"),
    (lambda m: m.predict_on_batch(2.5), "2.5 (of type <class 'float'>)"),
    (lambda m: m.predict_on_batch(True), "True (of type <class 'bool'>)"),
    (lambda m: m.predict_on_batch(b'a'), "b'a' (of type <class 'bytes'>)"),
    (lambda m: m.train_on_batch(3, np.ones((1, 1))), "3 (of type <class 'int'>)"),
    (lambda m: m.test_on_batch('a'), "a (of type <class 'str'>)")])
def test_bare_scalar_x_is_refused_as_by_the_model_call(call, shown):
    with pytest.raises(ValueError) as info:
        call(_model())
    assert str(info.value) == ('Only input tensors may be passed as positional arguments. The following argument '
                               'value should be passed as a keyword argument: ' + shown)
