"""fit / evaluate / predict arguments Keras 3 reads without checking: tapeflow reads them the same
way instead of refusing them (outputs printed by TensorFlow 2.21 + Keras 3 for the same calls)."""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(8, 3).astype('float32')
Y = np.random.RandomState(1).rand(8, 1).astype('float32')


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    return model


@pytest.mark.parametrize('verbose', [3, -1, 2.5, 'loud'])
def test_a_verbose_keras_does_not_know_prints_only_the_epoch_headers(verbose, capsys):
    # Keras's ProgbarLogger prints 'Epoch k/n' for any truthy verbose; its Progbar draws for 1 and 2 only
    model = _model()
    model.fit(X, Y, epochs=2, batch_size=4, validation_split=0.25, verbose=verbose)
    model.evaluate(X, Y, verbose=verbose)
    model.predict(X, verbose=verbose)
    assert capsys.readouterr().out == 'Epoch 1/2\nEpoch 2/2\n'


def test_verbose_none_prints_nothing(capsys):
    model = _model()
    model.fit(X, Y, epochs=2, verbose=None)
    model.evaluate(X, Y, verbose=None)
    model.predict(X, verbose=None)
    assert capsys.readouterr().out == ''


def test_a_batch_size_of_zero_is_keras_default():
    # Keras 3's array adapter: ``if not batch_size: batch_size = 32``
    zero, default = _model(), _model()
    assert zero.fit(X, Y, batch_size=0, epochs=2, shuffle=False, verbose=0).history == \
        default.fit(X, Y, epochs=2, shuffle=False, verbose=0).history
    assert zero.evaluate(X, Y, batch_size=0, verbose=0) == default.evaluate(X, Y, verbose=0)
    np.testing.assert_array_equal(zero.predict(X, batch_size=0, verbose=0), default.predict(X, verbose=0))


def test_a_negative_batch_size_is_still_refused():
    # TF 2.21's reshape of 8 sample indices to (8 // -2, -2) (test_fit_batch_size_refusals.py)
    with pytest.raises(ValueError, match='Invalid value in tensor used for shape: -4'):
        _model().fit(X, Y, batch_size=-2, verbose=0)


def test_shuffle_is_read_by_its_truth_as_keras():
    truthy, true = _model(), _model()
    assert truthy.fit(X, Y, batch_size=2, epochs=2, shuffle='yes', verbose=0).history == \
        true.fit(X, Y, batch_size=2, epochs=2, shuffle=True, verbose=0).history
    unshuffled, none = _model(), _model()
    assert none.fit(X, Y, batch_size=2, epochs=2, shuffle=None, verbose=0).history == \
        unshuffled.fit(X, Y, batch_size=2, epochs=2, shuffle=False, verbose=0).history


def test_a_gradient_of_another_shape_is_invalid_argument_and_changes_nothing():
    # TensorFlow's AssignSubVariableOp refuses it with InvalidArgumentError (tapeflow's is also a ValueError)
    import framework as tf
    optimizer = keras.optimizers.Adam()
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"gradient for variable .* has shape \(3,\)"):
        optimizer.apply_gradients([(tf.constant([1.0, 1.0, 1.0]), v)])
    assert v.numpy().tolist() == [1.0, 2.0]
    assert int(optimizer.iterations) == 0


def test_indexed_slices_rows_outside_the_variable_are_invalid_argument_and_change_nothing():
    import framework as tf
    optimizer = keras.optimizers.SGD(0.1)
    v = tf.Variable([[1.0], [2.0]])
    grad = tf.IndexedSlices(tf.constant([[1.0]]), tf.constant([5]), tf.constant([2, 1]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices in \[5, 5\], outside the variable'):
        optimizer.apply_gradients([(grad, v)])
    assert v.numpy().tolist() == [[1.0], [2.0]]
