"""``tf.saved_model.save(keras_model)`` stores Keras's default signature, a function Keras names
``serving_default``; TF 2.21's binding and kernel errors call its wrapper
'signature_wrapper_serving_default'. tapeflow named it after the model's ``__call__``.
Values printed by TF 2.21 running the same code (/work/notes/progs/kerasio35/t_sigwrap.py).
"""
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def serving(tmp_path):
    keras.utils.set_random_seed(4)
    inputs = keras.Input((3,), name='feats')
    model = keras.Model(inputs, keras.layers.Dense(2)(inputs))
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    return tf.saved_model.load(str(tmp_path / 'sm')).signatures['serving_default']


def test_a_wrong_keyword_names_the_serving_default_wrapper(serving):
    with pytest.raises(TypeError) as caught:
        serving(feats=tf.zeros((1, 3)))
    assert str(caught.value).split('\n')[-1] == (
        'Fallback to flat signature also failed due to: signature_wrapper_serving_default(inputs) missing '
        'required arguments: inputs.')


def test_too_many_positionals_name_the_serving_default_wrapper(serving):
    with pytest.raises(TypeError) as caught:
        serving(tf.zeros((1, 3)), tf.zeros((1, 3)))
    assert str(caught.value).split('\n')[-1] == (
        'Fallback to flat signature also failed due to: signature_wrapper_serving_default(inputs) takes 1 '
        'positional arguments, got 2.')


def test_a_wrong_dtype_names_the_serving_default_function(serving):
    # TF appends its graph's function counter (_180) to the name
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'^cannot compute __inference_signature_wrapper_serving_default\S* as input #0\(zero-'
                             r'based\) was expected to be a float tensor but is a double tensor'):
        serving(inputs=tf.zeros((1, 3), tf.float64))


def test_the_right_keyword_serves_the_model(serving):
    assert serving(inputs=tf.ones((1, 3)))['output_0'].numpy().tolist() == [[0.5345039367675781, -0.661413311958313]]
