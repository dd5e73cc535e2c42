"""fit / evaluate / predict hand the model a tuple where x was a list, as Keras 3's array adapter does.

keras.io's timeseries/eeg_signal_classification predicts on `[np.asarray(...)]` (a list of one
array) with a single-input Functional model; Keras warns "The structure of `inputs` doesn't match
the expected structure" with `Received: inputs=('Tensor(shape=(7, 64, 1))',)`: its
ArrayDataAdapter turns lists into tuples (tree.lists_to_tuples) before making the tf.data pipeline.
tapeflow passed the list on and printed `['Tensor(...)']`. A direct call (and predict_on_batch,
train_on_batch, test_on_batch) keeps the list in Keras too.

Goldens: TF 2.21 + Keras 3.15 probes /work/notes/progs/kerasio14/d2.py, d3b.py (warning text, and
the type a subclassed model's call receives).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def _functional():
    keras.utils.set_random_seed(1)
    inp = keras.Input((3,))
    model = keras.Model(inp, keras.layers.Dense(2)(inp))
    model.compile(loss='mse', optimizer='sgd')
    return model


def _received(run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        run()
    texts = [str(w.message) for w in caught if "structure of `inputs`" in str(w.message)]
    assert len(texts) == 1
    return texts[0].splitlines()[-1]


X = np.ones((4, 3), np.float32)
Y = np.zeros((4, 2), np.float32)

# what TF 2.21 prints as the warning's last line (probe d2.py)
CASES = [
    ('predict', lambda m: m.predict([X], verbose=0), "Received: inputs=('Tensor(shape=(4, 3))',)"),
    ('evaluate', lambda m: m.evaluate([X], Y, verbose=0), "Received: inputs=('Tensor(shape=(None, 3))',)"),
    ('fit', lambda m: m.fit([X], Y, verbose=0), "Received: inputs=('Tensor(shape=(None, 3))',)"),
    ('call', lambda m: m([X]), "Received: inputs=['Tensor(shape=(4, 3))']"),
    ('predict_on_batch', lambda m: m.predict_on_batch([X]), "Received: inputs=['Tensor(shape=(4, 3))']"),
    ('train_on_batch', lambda m: m.train_on_batch([X], Y), "Received: inputs=['Tensor(shape=(4, 3))']"),
]


@pytest.mark.parametrize('name, run, golden', CASES, ids=[c[0] for c in CASES])
def test_structure_warning_shows_what_the_step_received(name, run, golden):
    model = _functional()
    assert _received(lambda: run(model)) == golden
    tf.random.set_seed(None)


class _Two(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.seen = []

    def call(self, inputs):
        self.seen.append(type(inputs).__name__)
        return self.dense(tf.concat([inputs[0], inputs[1]], -1))


def test_subclassed_model_gets_a_tuple_from_fit_evaluate_predict_and_a_list_when_called():
    a, b, y = np.ones((4, 2), np.float32), np.ones((4, 3), np.float32), np.zeros((4, 1), np.float32)
    model = _Two()
    model.compile(loss='mse', optimizer='sgd')
    model.fit([a, b], y, verbose=0, batch_size=2)
    assert model.seen[-1] == 'tuple'
    model.evaluate([a, b], y, verbose=0)
    assert model.seen[-1] == 'tuple'
    model.predict([a, b], verbose=0)
    assert model.seen[-1] == 'tuple'
    model.fit([a, b], y, validation_split=0.5, verbose=0)
    assert model.seen[-1] == 'tuple'
    model([a, b])
    assert model.seen[-1] == 'list'
    model.predict_on_batch([a, b])
    assert model.seen[-1] == 'list'


def test_two_input_functional_model_trains_the_same_from_a_list_or_a_tuple():
    def run(x):
        keras.utils.set_random_seed(3)
        i1, i2 = keras.Input((2,)), keras.Input((3,))
        out = keras.layers.Dense(1)(keras.layers.Concatenate()([i1, i2]))
        model = keras.Model([i1, i2], out)
        model.compile(loss='mse', optimizer='sgd')
        history = model.fit(x, np.arange(6, dtype=np.float32).reshape(6, 1), batch_size=2, verbose=0, epochs=2)
        return history.history['loss'], model.predict(x, verbose=0)
    a, b = np.linspace(0, 1, 12, dtype=np.float32).reshape(6, 2), np.ones((6, 3), np.float32)
    loss_list, pred_list = run([a, b])
    loss_tuple, pred_tuple = run((a, b))
    assert loss_list == loss_tuple
    np.testing.assert_array_equal(pred_list, pred_tuple)
    tf.random.set_seed(None)


class _Nested(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1, kernel_initializer='ones')
        self.seen = []

    def call(self, inputs):
        self.seen.append((type(inputs).__name__, type(inputs[1]).__name__))
        return self.dense(tf.concat([inputs[0], inputs[1][0]], -1))


def test_nested_list_inputs_are_a_structure_not_one_array():
    # Keras maps its conversion over [x, [h]] (TF 2.21 probes d3.py, d4.py: (4, 1) outputs; fit/evaluate/
    # predict see tuple/tuple, a direct call list/list). tapeflow tried to stack them into one array.
    a, b = np.ones((4, 2), np.float32), np.full((4, 3), 2.0, np.float32)
    model = _Nested()
    out = model([a, [b]])
    assert out.shape == (4, 1) and model.seen[-1] == ('list', 'list')
    np.testing.assert_array_equal(out.numpy(), np.full((4, 1), 8.0, np.float32))    # 2*1 + 3*2, zero bias
    assert model([tf.constant(a), [tf.constant(b)]]).shape == (4, 1)
    model.compile(loss='mse', optimizer='sgd')
    model.fit([a, [b]], np.zeros((4, 1), np.float32), batch_size=2, verbose=0)
    assert model.seen[-1] == ('tuple', 'tuple')
    assert model.predict([a, [b]], verbose=0).shape == (4, 1)
    assert model.seen[-1] == ('tuple', 'tuple')


def test_a_nested_list_of_numbers_is_not_taken_for_a_structure_of_arrays():
    # TF 2.21 + Keras 3.15 refuse it with these words (probe: Dense(1)([[1.0, 2.0], [3.0, 4.0]]))
    layer = keras.layers.Dense(1, kernel_initializer='ones')
    with pytest.raises(ValueError, match='Only input tensors may be passed as positional arguments'):
        layer([[1.0, 2.0], [3.0, 4.0]])
    # a list holding one array and a list of numbers is no structure of arrays either: one array, as before
    from layers.call_inputs import _holds_arrays
    assert not _holds_arrays([np.ones(2), [1.0, 2.0]]) and _holds_arrays([np.ones(2), [np.ones(3)]])
