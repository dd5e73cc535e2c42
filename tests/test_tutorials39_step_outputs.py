"""What a custom train_step / test_step returns reaches fit and evaluate through Keras 3's
tf.experimental.Optional.from_value (layers/training/traced_logs.py). Values printed by TF 2.21
(progs/tutorials39: t39_empty2.py, t39_empty3.py, t39_tob.py), e.g.

    class M(keras.Model):
        def train_step(self, data):
            return None                     # (a step without a return)
    model.compile('adam', run_eagerly=eager); model.fit(x, y, epochs=1, verbose=0)

TF 2.21: run_eagerly=True InvalidArgumentError "Length for attr 'Toutput_types' of 0 must be at
least minimum 1 ...", traced ValueError "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list
of length 0 less than minimum 1."; tapeflow logged {'loss': [0.0]}.
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

_EAGER_TEXT = ("Length for attr 'Toutput_types' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
               "OptionalFromValue}}; Op<name=OptionalFromValue; signature=components: -> optional:variant; "
               "attr=Toutput_types:list(type),min=1> [Op:OptionalFromValue] name: ")
_TRACED_TEXT = "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of length 0 less than minimum 1."


def _model(returned, run_eagerly):
    class Returns(keras.Model):
        def train_step(self, data):
            return returned

        def test_step(self, data):
            return returned

    keras.utils.set_random_seed(0)
    inputs = keras.Input((4,))
    model = Returns(inputs, keras.layers.Dense(1)(inputs))
    model.compile('adam', run_eagerly=run_eagerly)
    return model


def _data():
    rng = np.random.default_rng(0)
    return rng.random((16, 4)), rng.random((16, 1))


@pytest.mark.parametrize('returned', [None, (), {}, {'a': {}}, {'a': None}, {'a': [None]}])
@pytest.mark.parametrize('run_eagerly', [True, False])
def test_a_step_returning_no_tensor_fails_in_fit_and_evaluate(returned, run_eagerly):
    x, y = _data()
    model = _model(returned, run_eagerly)
    error_class, text = (InvalidArgumentError, _EAGER_TEXT) if run_eagerly else (ValueError, _TRACED_TEXT)
    with pytest.raises(error_class) as fit_error:
        model.fit(x, y, epochs=1, verbose=0)
    assert str(fit_error.value) == text
    with pytest.raises(error_class) as evaluate_error:
        model.evaluate(x, y, verbose=0)
    assert str(evaluate_error.value) == text


@pytest.mark.parametrize('run_eagerly', [True, False])
def test_an_empty_list_is_a_tensor_there(run_eagerly):
    x, y = _data()
    model = _model([], run_eagerly)
    assert model.fit(x, y, epochs=1, verbose=0).history == {}      # TF 2.21: {}
    assert model.evaluate(x, y, verbose=0) == []
    model = _model({'a': []}, run_eagerly)
    (logged,) = model.fit(x, y, epochs=1, verbose=0).history['a']
    assert isinstance(logged, np.ndarray) and logged.dtype == np.float32 and logged.shape == (0,)


@pytest.mark.parametrize('run_eagerly', [True, False])
def test_lists_and_strings_in_fit_logs_are_tensors(run_eagerly):
    # TF 2.21: {'a': [array([1., 2.], dtype=float32)], 'i': [array([1, 2], dtype=int32)],
    #           's': [array(b'str', dtype=object)], 't': [(<tf.Tensor 1.0 float32>, <tf.Tensor 2 int32>)]}
    x, y = _data()
    model = _model({'a': [1.0, 2.0], 'i': [1, 2], 's': 'str', 't': (1.0, 2)}, run_eagerly)
    history = model.fit(x, y, epochs=1, verbose=0).history
    (floats,), (ints,), (string,), (pair,) = history['a'], history['i'], history['s'], history['t']
    assert floats.dtype == np.float32 and floats.tolist() == [1.0, 2.0]
    assert ints.dtype == np.int32 and ints.tolist() == [1, 2]
    assert string.dtype == object and string.item() == b'str'
    assert [each.dtype.name for each in pair] == ['float32', 'int32']


def test_train_on_batch_returns_a_list_as_a_list_of_tensors():
    # TF 2.21 (the step's tf.function): 'b': [<tf.Tensor 1.0 float32>, <tf.Tensor 2.0 float32>],
    # 's': array(b'str', dtype=object); with run_eagerly=True the Python values as returned
    x, y = _data()
    logs = _model({'b': [1.0, 2.0], 's': 'str'}, False).train_on_batch(x, y, return_dict=True)
    assert [each.dtype.name for each in logs['b']] == ['float32', 'float32']
    assert logs['s'].dtype == object and logs['s'].item() == b'str'
    logs = _model({'b': [1.0, 2.0], 's': 'str'}, True).train_on_batch(x, y, return_dict=True)
    assert logs == {'b': [1.0, 2.0], 's': 'str'}
