"""fit(validation_data=(x_val, y_val)) with arrays of other lengths: Keras 3.15 checks them when it makes its
evaluation iterator, at the first validation, so on TF 2.21 the first epoch has trained (iterations 1, the
bias moved) before the 'Data cardinality is ambiguous' ValueError; tapeflow refused before training.
Literals: /work/notes/progs/errors25/h4.py, case val_data_len_mismatch (TF 2.21)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')])
    m.compile('sgd', 'sparse_categorical_crossentropy', metrics=['accuracy'])
    return m


def test_validation_arrays_of_other_lengths_fail_after_the_first_epoch():
    m = _model()
    x, y = np.ones((8, 4), 'float32'), np.arange(8) % 3
    with pytest.raises(ValueError) as caught:
        m.fit(x, y, validation_data=(x[:4], y[:3]), epochs=2, verbose=0)
    assert str(caught.value) == ("Data cardinality is ambiguous. Make sure all arrays contain the same number of "
                                 "samples.'x' sizes: 4\n'y' sizes: 3\n")
    assert int(m.optimizer.iterations) == 1
    np.testing.assert_allclose(m.weights[-1].numpy(), [0.0017, 0.0012, -0.0029], atol=5e-5)


def test_a_bad_validation_tuple_is_still_refused_before_training():
    m = _model()
    x, y = np.ones((8, 4), 'float32'), np.arange(8) % 3
    with pytest.raises(ValueError):
        m.fit(x, y, validation_data=(x, y, None, None), epochs=1, verbose=0)
    assert int(m.optimizer.iterations) == 0


def test_validation_runs_as_before():
    m = _model()
    x, y = np.ones((8, 4), 'float32'), np.arange(8) % 3
    h = m.fit(x, y, validation_data=(x[:4], y[:4]), epochs=2, verbose=0)
    assert sorted(h.history) == ['accuracy', 'loss', 'val_accuracy', 'val_loss'] and len(h.history['val_loss']) == 2


def test_second_output_of_the_same_loss_fails_in_its_uniquified_scope():
    # TF 2.21 (errors25/h4.py fit_mo_y_wrong_shape_second): the second 'mse' runs in name scope 'mse_1'
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    i = keras.Input((4,))
    m = keras.Model(i, [keras.layers.Dense(1)(i), keras.layers.Dense(2)(i)])
    m.compile('sgd', 'mse')
    with pytest.raises(ValueError) as caught:
        m.fit(np.ones((8, 4)), [np.ones((8, 1)), np.ones((8, 3))], epochs=1, verbose=0)
    assert str(caught.value) == (
        "Dimensions must be equal, but are 3 and 2 for '{{node compile_loss/mse_1/sub}} = Sub[T=DT_FLOAT](data_2, "
        "functional_1/dense_1_1/BiasAdd)' with input shapes: [?,3], [?,2].")
