"""Model methods given bad input, with TF 2.21's class and text (probe notes/progs/errors29 j1, j2, j14)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

layers = keras.layers


def _sequential():
    return keras.Sequential([keras.Input((3,)), layers.Dense(2), layers.Dense(1)])


def _functional():
    inputs = keras.Input((3,))
    return keras.Model(inputs, [layers.Dense(1)(inputs), layers.Dense(2)(inputs)])


@pytest.mark.parametrize('model, x', [
    (_sequential, lambda: np.ones((0, 3))),
    (_sequential, lambda: tf.ones((0, 3))),
    (_functional, lambda: np.ones((0, 3))),
    (_sequential, lambda: tf.data.Dataset.from_tensor_slices(np.ones((0, 3), 'float32')).batch(2)),
])
def test_predict_of_no_samples_is_keras_unbound_local_error(model, x):
    # Keras 3 fails on its own unset local; still a ValueError, as tapeflow raised before
    with pytest.raises(UnboundLocalError) as caught:
        model().predict(x(), batch_size=4, verbose=0)
    assert str(caught.value) == "cannot access local variable 'batch_outputs' where it is not associated with a value"
    assert type(caught.value).__name__ == 'UnboundLocalError'
    assert isinstance(caught.value, ValueError)
    assert 'nothing to predict' in caught.value.__notes__[0]


def test_functional_summary_with_an_unknown_keyword_names_model_summary():
    with pytest.raises(TypeError) as caught:
        _functional().summary(show_shapes=True)
    assert str(caught.value) == "Model.summary() got an unexpected keyword argument 'show_shapes'"


def test_a_keras_input_given_to_a_tf_function_is_keras_symbolic_error():
    # TF reads any object with __array__ as an array when it traces: the KerasTensor refuses (probe j15)
    @tf.function
    def double(t):
        return t * 2

    with pytest.raises(ValueError) as caught:
        double(keras.Input((3,)))
    assert str(caught.value) == ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
                                 "have any actual numerical value. You cannot convert it to a NumPy array.")
    assert double.experimental_get_tracing_count() == 0


def test_a_sparse_tensor_still_reaches_a_tf_function():
    @tf.function
    def dense(s):
        return tf.sparse.to_dense(s)

    value = dense(tf.sparse.SparseTensor([[0, 1]], [1.0], [2, 2]))
    assert value.numpy().tolist() == [[0.0, 1.0], [0.0, 0.0]]


@pytest.mark.parametrize('build, count', [(False, 2), (True, 4)])
def test_optimizer_load_own_variables_count_warning_is_keras_text(build, count):
    # Keras 3's f-string ends in a space (TF 2.21, probe p_optload.py)
    optimizer = keras.optimizers.Adam(0.1)
    if build:
        optimizer.build([tf.Variable([1.0, 2.0])])
    with pytest.warns(UserWarning) as record:
        optimizer.load_own_variables({'0': 1})
    assert [str(w.message) for w in record] == [
        "Skipping variable loading for optimizer '%s', because it has %d variables whereas the saved optimizer "
        'has 1 variables. ' % (optimizer.name, count)]


@pytest.mark.parametrize('config, shown', [
    (3, '3'),
    ({'class_name': 'Dense'}, "{'class_name': 'Dense'}"),
    ([1], '[1]'),
])
def test_layers_deserialize_of_no_layer_config_is_keras_value_error(config, shown):
    # Keras 3 resolves these to no Layer, then refuses (TF 2.21, probe j2)
    with pytest.raises(ValueError) as caught:
        keras.layers.deserialize(config)
    assert str(caught.value) == ('`keras.layers.deserialize` was passed a `config` object that is not a '
                                 '`keras.layers.Layer`. Received: %s' % shown)


def _two_input_model():
    first, second = keras.Input((3,)), keras.Input((2,))
    return keras.Model([first, second], layers.Dense(1)(layers.Concatenate()([first, second])))


def test_clone_model_input_tensors_texts_are_keras():
    # TF 2.21 (probe j18); tapeflow's explanation rides as a note
    with pytest.raises(ValueError) as caught:
        keras.models.clone_model(_sequential(), input_tensors=3)
    assert str(caught.value) == 'Argument `input_tensors` must be a KerasTensor. Received invalid value: input_tensors=3'
    with pytest.raises(ValueError) as caught:
        keras.models.clone_model(_sequential(), input_tensors=[keras.Input((3,)), keras.Input((3,))])
    assert str(caught.value) == 'Argument `input_tensors` must contain a single tensor.'
    with pytest.raises(ValueError) as caught:
        keras.models.clone_model(_two_input_model(), input_tensors=[3, 4])
    assert str(caught.value) == ('All entries in `input_tensors` must be KerasTensors. Received invalid values: '
                                 'inputs_tensors=[3, 4]')


def test_clone_model_input_tensors_of_another_structure():
    keras.backend.clear_session()
    model = _two_input_model()
    with pytest.raises(ValueError) as caught:
        keras.models.clone_model(model, input_tensors=[keras.Input((3,))])
    assert str(caught.value) == (
        '`input_tensors` must have the same structure as model.input\nReference structure: '
        '[<KerasTensor shape=(None, 3), dtype=float32, sparse=False, ragged=False, name=keras_tensor>, '
        '<KerasTensor shape=(None, 2), dtype=float32, sparse=False, ragged=False, name=keras_tensor_1>]\n'
        'Received structure: [<KerasTensor shape=(None, 3), dtype=float32, sparse=False, ragged=False, '
        'name=keras_tensor_4>]')


@pytest.mark.parametrize('module', ['initializers', 'regularizers', 'constraints', 'losses', 'metrics'])
def test_get_of_a_config_dict_without_class_name_is_keras_text(module):
    # Keras 3's deserialize_keras_object refuses it before get() words its own error (TF 2.21, probe j7)
    with pytest.raises(ValueError) as caught:
        getattr(keras, module).get({'config': {}})
    assert str(caught.value) == "Unknown `config` as a `dict`, config={'config': {}}"


def test_sequential_summary_with_an_unknown_keyword_names_model_summary():
    model = keras.Sequential([keras.layers.Dense(2)])
    with pytest.raises(TypeError, match=r"^Model\.summary\(\) got an unexpected keyword argument 'foo'$"):
        model.summary(foo=1)
