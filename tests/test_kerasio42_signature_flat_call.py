"""A loaded signature called positionally fails or runs as TF 2.21's flat signature call does.

Golden texts printed by TF 2.21 (/work/notes/progs/kerasio42/p9.py, p10.py):
    class Mod(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
        def f(self, x): return x * self.v
    tf.saved_model.save(Mod(), 'sm')       # default signature, or signatures=m.f
    f = tf.saved_model.load('sm').signatures['serving_default']
    f(np_array)  /  f(tf.Variable(...))  /  f(tensor, x=tensor)  /  f(tensor)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(6, dtype='float32').reshape(2, 3)
STRUCTURED = ("Binding inputs to tf.function failed due to `too many positional arguments`. Received args: (%s,) and "
              "kwargs: {} for signature: (*, x: TensorSpec(shape=(None, 3), dtype=tf.float32, name='x')) -> "
              "Dict[['output_0', TensorSpec(shape=(None, 3), dtype=tf.float32, name='output_0')]].\n"
              "Fallback to flat signature also failed due to: ")


class Mod(tf.Module):
    def __init__(self):
        self.v = tf.Variable([1., 2., 3.], name='vv')

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def f(self, x):
        return x * self.v


def _signature(tmp_path, signatures=None):
    module = Mod()
    tf.saved_model.save(module, str(tmp_path / 'sm'), signatures=signatures if signatures is None else module.f)
    return tf.saved_model.load(str(tmp_path / 'sm')).signatures['serving_default']


@pytest.mark.parametrize('given, wrapper', [(None, 'signature_wrapper'), ('method', 'signature_wrapper_f')])
def test_numpy_positional_is_refused_by_the_flat_call(tmp_path, given, wrapper):
    f = _signature(tmp_path, given)
    with pytest.raises(TypeError) as caught:
        f(X)
    assert str(caught.value) == STRUCTURED % repr(X) + (
        '%s(x): expected argument #0(zero-based) to be a Tensor; got ndarray ([[0. 1. 2.]\n [3. 4. 5.]]).' % wrapper)


def test_variable_positional_is_refused_by_the_eager_executor(tmp_path):
    f = _signature(tmp_path)
    v = tf.Variable(X)
    with pytest.raises(TypeError) as caught:
        f(v)
    assert str(caught.value).endswith("Fallback to flat signature also failed due to: provided list of inputs "
                                      "contains objects other than 'EagerTensor'. Item 0 is type: ResourceVariable")


def test_positional_and_keyword_for_one_input(tmp_path):
    f = _signature(tmp_path)
    with pytest.raises(TypeError) as caught:
        f(tf.constant(X), x=tf.constant(X))
    assert str(caught.value).endswith("signature_wrapper(x) got two values for 'x'.")


def test_tensor_positional_runs(tmp_path):
    f = _signature(tmp_path)
    np.testing.assert_array_equal(f(tf.constant(X))['output_0'].numpy(), X * [1., 2., 3.])
    np.testing.assert_array_equal(f(x=X)['output_0'].numpy(), X * [1., 2., 3.])   # keywords convert


def test_keras_export_signature_refuses_numpy_positionally(tmp_path):
    keras.backend.clear_session()       # the Input's name, 'keras_tensor', counts up with the session
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.export(str(tmp_path / 'exp'), verbose=False)
    f = tf.saved_model.load(str(tmp_path / 'exp')).signatures['serving_default']
    with pytest.raises(TypeError) as caught:
        f(X)
    assert str(caught.value).endswith(
        'Fallback to flat signature also failed due to: signature_wrapper___call__(keras_tensor): expected '
        'argument #0(zero-based) to be a Tensor; got ndarray ([[0. 1. 2.]\n [3. 4. 5.]]).')
    np.testing.assert_allclose(f(tf.constant(X))['output_0'].numpy(), model(X).numpy())
