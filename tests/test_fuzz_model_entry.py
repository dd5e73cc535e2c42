"""fit / evaluate / predict arguments that TensorFlow refuses, refused here with the argument named
(found by fuzzing Model's entry points under Keras 3.15 on TF 2.21 and under tapeflow)."""
import numpy as np
import pytest

from framework import keras

X = np.ones((8, 4), np.float32)
Y = np.ones((8, 1), np.float32)


def model():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.compile('sgd', 'mse')
    return m


@pytest.mark.parametrize('call, error, words', [
    # TF: ValueError 'Invalid value in tensor used for shape: -8'; tapeflow ran no step and reported loss 0.0
    # (Keras sizes the batches ceil(8 / steps) and TF reshapes the indices to (8 // size, size))
    (lambda m: m.fit(X, Y, steps_per_epoch=-1, verbose=0), ValueError, '^Invalid value in tensor used for shape: -8\n'),
    (lambda m: m.evaluate(X, Y, steps=-2, verbose=0), ValueError, '^Invalid value in tensor used for shape: -2\n'),
    (lambda m: m.predict(X, steps=-1, verbose=0), ValueError, '^Invalid value in tensor used for shape: -8\n'),
    # TF: TypeError "'float' object cannot be interpreted as an integer"
    (lambda m: m.fit(X, Y, steps_per_epoch=2.5, verbose=0), TypeError, 'fit: steps_per_epoch must be a whole number'),
])
def test_bad_step_counts_raise_naming_the_argument(call, error, words):
    m = model()
    before = [w.copy() for w in m.get_weights()]
    with pytest.raises(error, match=words):
        call(m)
    for a, b in zip(before, m.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_numpy_integer_step_counts_work():
    assert len(model().fit(X, Y, steps_per_epoch=np.int64(2), verbose=0).history['loss']) == 1


@pytest.mark.parametrize('call, words', [
    # Keras 3.15's words for these calls (TypeError from os.fspath before)
    (lambda m: m.save(None), 'Invalid filepath extension for saving. .* Received: filepath=None.'),
    (lambda m: m.save(3), 'Invalid filepath extension for saving. .* Received: filepath=3.'),
    (lambda m: m.save_weights(None), r'The filename must end in `.weights.h5`. Received: filepath=None'),
])
def test_saving_to_no_path_names_the_suffix_keras_wants(call, words):
    with pytest.raises(ValueError, match=words):
        call(model())


def test_fit_after_compiling_without_an_optimizer_says_so_and_changes_nothing():
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    m.compile(optimizer=None, loss='mse')
    before = [w.copy() for w in m.get_weights()]
    # TF: AttributeError "'NoneType' object has no attribute 'apply_gradients'" (its class and words kept)
    with pytest.raises(AttributeError) as info:
        m.fit(X, Y, verbose=0)
    assert str(info.value) == "'NoneType' object has no attribute 'apply_gradients'"
    assert 'the model was compiled with optimizer=None' in info.value.__notes__[0]
    for a, b in zip(before, m.get_weights()):
        np.testing.assert_array_equal(a, b)


def test_save_takes_keras_3s_keywords(tmp_path):
    # TF 2.21 / Keras 3.15: save_format with a .h5 / .keras path only warns (TF 2 tutorials pass it); without
    # one it is a ValueError; unknown keywords are a ValueError too. tapeflow raised TypeError for all three.
    m = model()
    m.save(str(tmp_path / 'm.h5'), save_format='h5')
    m.save(tmp_path / 'm.keras', include_optimizer=False, zipped=True)
    assert (tmp_path / 'm.h5').exists() and (tmp_path / 'm.keras').exists()
    with pytest.raises(ValueError, match='The `save_format` argument is deprecated in Keras 3. Please remove'):
        m.save(str(tmp_path / 'saved'), save_format='tf')
    with pytest.raises(ValueError, match=r"The following argument\(s\) are not supported: \['foo'\]"):
        keras.saving.save_model(m, str(tmp_path / 'n.keras'), foo=1)
    assert not (tmp_path / 'n.keras').exists()


def test_evaluate_names_an_unknown_keyword_as_keras_does():
    # Keras 3: ValueError "Arguments not recognized: {'foo': 1}" (evaluate takes **kwargs); a TypeError before
    with pytest.raises(ValueError, match=r"Arguments not recognized: \{'foo': 1\}"):
        model().evaluate(X, Y, verbose=0, foo=1)


def test_to_categorical_refuses_non_numbers_and_reads_zero_classes_as_keras():
    # TF: TypeError from int() deep in numpy for None; Keras 3's `if not num_classes` takes 0 as None
    with pytest.raises(TypeError, match='to_categorical: labels must be integer class indices, got None'):
        keras.utils.to_categorical(None)
    with pytest.raises(ValueError, match="got \\['a', 'b'\\]"):     # TF: "invalid literal for int() ... 'a'"
        keras.utils.to_categorical(['a', 'b'])
    assert keras.utils.to_categorical([0, 1], num_classes=0).tolist() == [[1.0, 0.0], [0.0, 1.0]]


def test_callbacks_that_are_not_a_list_of_callbacks_are_named():
    # was "'int' object is not iterable" from list(3); TF: AttributeError "'int' object has no attribute 'set_model'"
    with pytest.raises(TypeError, match='callbacks: expected a list of Callback objects'):
        model().fit(X, Y, verbose=0, callbacks=3)


@pytest.mark.parametrize('kwargs', [dict(epochs=None), dict(epochs=1.5), dict(epochs='2'), dict(initial_epoch=None)])
def test_epoch_counts_must_be_integers(kwargs):
    # TF: TypeError from range() ("'NoneType' object cannot be interpreted as an integer"), naming nothing
    with pytest.raises(TypeError, match='fit: (epochs|initial_epoch) must be a whole number of epochs'):
        model().fit(X, Y, verbose=0, **kwargs)


def test_numpy_integer_epochs_work():
    assert len(model().fit(X, Y, verbose=0, epochs=np.int64(2)).history['loss']) == 2


@pytest.mark.parametrize('call', [lambda m: m.train_on_batch(None, Y), lambda m: m.test_on_batch(None, Y),
                                  lambda m: m.predict_on_batch(None)])
def test_on_batch_methods_name_a_missing_x(call):
    # was AttributeError "'NoneType' object has no attribute 'shape'"; TF: ValueError (input not optional),
    # the model's own refusal (tests/test_errors23_missing_inputs.py), with a note naming x
    with pytest.raises(ValueError, match="is not optional, but None was passed(.|\n)*_on_batch: x \\(the batch "
                                         "of inputs\\) is None"):
        call(model())


def test_pop_of_an_empty_sequential_is_keras_3s_index_error():
    # Keras 3.15: IndexError 'pop from empty list' (tapeflow raised tf.keras 2's TypeError)
    with pytest.raises(IndexError, match='Sequential.pop: there are no layers'):
        keras.Sequential().pop()
