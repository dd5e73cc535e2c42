"""fit / evaluate / predict with argument structures the first fuzz did not try, as TF 2.21 (fuzz2).

Outcomes printed by TF 2.21 / Keras 3.15 for the same calls (progs/fuzz2/cases_model2.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.random.RandomState(0).rand(8, 4).astype('float32')
Y = np.random.RandomState(1).rand(8, 1).astype('float32')


def _model():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile(optimizer='sgd', loss='mse')
    return model


def _repeat(batch):
    while True:
        yield batch


@pytest.mark.parametrize('call', [
    lambda m: m.fit(_repeat([X[:2], Y[:2]]), steps_per_epoch=2, verbose=0),          # a list, not a tuple
    lambda m: m.fit(_repeat(X[:2]), steps_per_epoch=2, verbose=0),                   # a bare array
    lambda m: m.fit(X, Y, validation_data=_repeat([X[:2], Y[:2]]), validation_steps=2, verbose=0),
    lambda m: m.predict((b for b in [X[:2]] * 3), verbose=0),
])
def test_a_generator_must_yield_tuples(call):
    with pytest.raises(ValueError, match='the generator must return a tuple, either \\(input,\\)'):
        call(_model())


def test_an_empty_generator_is_refused():
    with pytest.raises(ValueError, match='the generator must yield at least one batch. Received an empty '
                                         'generator.'):
        _model().fit((b for b in []), verbose=0)


def test_tuple_generators_and_datasets_of_arrays_still_work():
    model = _model()
    assert 'loss' in model.fit(_repeat((X[:2], Y[:2])), steps_per_epoch=2, verbose=0).history
    assert model.predict(tf.data.Dataset.from_tensor_slices(X).batch(4), verbose=0).shape == (8, 1)
    assert model.predict((b for b in [(X[:2],)] * 3), verbose=0).shape == (6, 1)


def test_an_empty_dataset_logs_nothing_instead_of_a_zero_loss():
    # TF 2.21: history {} with epochs [0, 1]; evaluate [] (return_dict: {}); validation on an
    # empty dataset adds no val_ entries.
    model = _model()
    empty = tf.data.Dataset.from_tensor_slices((X, Y)).take(0).batch(4)
    history = model.fit(empty, epochs=2, verbose=0)
    assert history.history == {} and history.epoch == [0, 1]
    assert model.evaluate(empty, verbose=0) == []
    assert model.evaluate(empty, verbose=0, return_dict=True) == {}
    assert list(model.fit(X, Y, validation_data=empty, verbose=0).history) == ['loss']


def _two_in_two_out():
    a, b = keras.Input((4,), name='a'), keras.Input((2,), name='b')
    h = keras.layers.Concatenate()([a, b])
    model = keras.Model({'a': a, 'b': b}, {'o1': keras.layers.Dense(1, name='o1')(h),
                                           'o2': keras.layers.Dense(3, name='o2')(h)})
    model.compile(optimizer='sgd', loss='mse')
    return model


XD = {'a': X, 'b': X[:, :2]}
YD = {'o1': Y, 'o2': np.ones((8, 3), 'float32')}


def test_a_dict_input_with_extra_entries_uses_the_models_own_with_keras_warning():
    # TF 2.21 trains and predicts, after "The structure of `inputs` doesn't match" (a UserWarning)
    model = _two_in_two_out()
    with pytest.warns(UserWarning, match="The structure of `inputs` doesn't match"):
        out = model.predict(dict(XD, zz=X), verbose=0)
    assert sorted(out) == ['o1', 'o2'] and out['o2'].shape == (8, 3)
    assert 'o2_loss' in model.fit(dict(XD, label=X), YD, verbose=0).history


def test_targets_missing_an_output_name_it_keras_words():
    # TF 2.21 names 'o1', the first output, though y holds it: Keras takes a lone target for one loss over
    # every output as a leaf (tests/test_errors40_missing_target_paths.py)
    with pytest.raises(KeyError, match=r"The path: \('o1',\) in the `loss` argument, can't be found"):
        _two_in_two_out().fit(XD, {'o1': Y}, verbose=0)


def test_sample_weights_must_cover_every_output():
    with pytest.raises(ValueError, match='You should provide one `sample_weight` array per output in `y`'):
        _two_in_two_out().fit(XD, YD, sample_weight={'o1': np.ones(8)}, verbose=0)
    assert 'loss' in _two_in_two_out().fit(XD, YD, sample_weight={'o1': np.ones(8), 'o2': np.ones(8)},
                                           verbose=0).history


@pytest.mark.parametrize('x', [lambda: X, [{'a': 1}] * 8])
def test_unreadable_x_is_keras_unrecognized_data_type_value_error(x):
    with pytest.raises(ValueError, match='Unrecognized data type: x='):
        _model().fit(x, Y, verbose=0)


def test_input_dtype_of_python_types_and_input_tensor():
    # Keras 3's standardize_dtype: int -> int64, float -> float32
    assert keras.Input((4,), dtype=int).dtype == 'int64'
    assert keras.Input((4,), dtype=float).dtype == 'float32'
    assert keras.Input(tensor=keras.Input((3,))).shape == (None, 3)
    with pytest.raises(ValueError, match='Argument `input_tensor` must be a KerasTensor'):
        keras.Input(tensor=tf.constant(X))


def test_dataset_map_returning_a_list_gives_a_tuple_as_tf_data():
    ds = tf.data.Dataset.from_tensor_slices(np.arange(3)).map(lambda a: [a, a * 2])
    first = next(iter(ds))
    assert isinstance(first, tuple) and [int(v) for v in first] == [0, 0]
    assert isinstance(ds.element_spec, tuple) and len(ds.element_spec) == 2


def test_dataset_map_num_parallel_calls_and_cache_filename_are_checked():
    ds = tf.data.Dataset.from_tensor_slices(np.arange(3))
    with pytest.raises(tf.errors.InvalidArgumentError, match='num_parallel_calls must be greater than zero'):
        ds.map(lambda a: a, num_parallel_calls=0)
    with pytest.raises(TypeError, match='Cannot convert 3 to EagerTensor of dtype string'):
        ds.cache(3)
    assert [int(v) for v in ds.map(lambda a: a, num_parallel_calls=tf.data.AUTOTUNE).cache()] == [0, 1, 2]


@pytest.mark.parametrize('batch_size', [4.0, 2.5])
def test_a_batch_size_that_is_no_integer_is_a_type_error_as_in_tf(batch_size):
    for call in (lambda m: m.fit(X, Y, batch_size=batch_size, verbose=0),
                 lambda m: m.evaluate(X, Y, batch_size=batch_size, verbose=0),
                 lambda m: m.predict(X, batch_size=batch_size, verbose=0)):
        with pytest.raises(TypeError, match="Expected int32 passed to parameter 'size' of op 'Slice'"):
            call(_model())


def test_to_categorical_truncates_wraps_and_indexes_as_keras_numpy():
    # TF 2.21 / Keras 3.15 (progs/fuzz2/tocat.py): float labels truncate, -1 is the last class,
    # a label past the classes is numpy's IndexError; tensors go through one_hot (zero rows)
    to_categorical = keras.utils.to_categorical
    assert to_categorical([-1, 0, 2], 3).tolist() == [[0, 0, 1], [1, 0, 0], [0, 0, 1]]
    assert to_categorical([0.5, 1.7, 2.2], 3).tolist() == [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    assert to_categorical(np.array([1.9, 0.2])).tolist() == [[0, 1], [1, 0]]
    with pytest.raises(IndexError, match='index 3 is out of bounds for axis 1 with size 3'):
        to_categorical([3, 1], 3)
    out = to_categorical(tf.constant([-1, 1, 5]), 3)
    assert out.dtype == 'float32' and out.numpy().tolist() == [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    with pytest.raises(ValueError, match='needs num_classes'):
        to_categorical(tf.constant([0, 2]))


def test_a_negative_validation_freq_is_a_modulus_as_in_keras():
    # TF 2.21: validation_freq=-2 over 4 epochs validates at epochs 2 and 4 ((epoch + 1) % -2 == 0)
    history = _model().fit(X, Y, validation_data=(X, Y), validation_freq=-2, epochs=4, verbose=0).history
    assert len(history['loss']) == 4 and len(history['val_loss']) == 2


def test_a_sequential_model_given_extra_inputs_uses_the_first_as_keras():
    # TF 2.21 (progs/fuzz2/seqextra.py): predict((x, y)) predicts x, after Keras's structure warning
    model = _model()
    with pytest.warns(UserWarning, match="Expected: keras_tensor"):
        out = model.predict((X, Y), verbose=0)
    np.testing.assert_array_equal(out, model.predict(X, verbose=0))


def test_a_nested_list_of_inputs_is_flattened_as_keras():
    # TF 2.21 (the same numbers): fit([[x_a, x_b]], y) on a two-Input model trains on x_a and x_b
    keras.utils.set_random_seed(0)
    a, b = keras.Input((4,)), keras.Input((2,))
    model = keras.Model([a, b], [keras.layers.Dense(1, name='o1')(keras.layers.Concatenate()([a, b]))])
    model.compile(optimizer='sgd', loss='mse')
    r = np.random.RandomState(0)
    xa, xb, y = r.rand(8, 4).astype('float32'), r.rand(8, 2).astype('float32'), r.rand(8, 1)
    with pytest.warns(UserWarning, match="The structure of `inputs` doesn't match"):
        history = model.fit([[xa, xb]], y, verbose=0).history
    assert history['loss'] == pytest.approx([1.5475521087646484], rel=1e-6)
    np.testing.assert_array_equal(model.predict([[xa, xb]], verbose=0), model.predict([xa, xb], verbose=0))
